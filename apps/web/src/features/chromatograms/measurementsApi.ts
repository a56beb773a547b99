// Measurements: metadata and peaks through GraphQL, the signal through REST (GET /api/measurements/{id}/data/).
import {
  MEASUREMENTS,
  MEASUREMENTS_WITH_PEAKS,
  measurementChannelsSchema,
  measurementDataSchema,
  measurementSpectrumSchema,
  measurementVendorComparisonSchema,
  type MeasurementChannels,
  type MeasurementsQuery,
  type MeasurementsWithPeaksQuery,
  type MeasurementSpectrum,
  type MeasurementVendorComparison,
} from '@eluent/contracts';
import { graphql, http } from '../../api/client.ts';
import { httpErrorText } from '../../api/errors.ts';
import { aggregateCount } from '../../api/graphql.ts';
import { parseAnswer, type AnswerSchema } from '../../api/parse.ts';
import type { ChromatogramSignal } from '../../workers/processingClient.ts';

/** A GET whose answer is read with its schema of @eluent/contracts; a refusal is the server's text. */
async function answer<T>(schema: AnswerSchema<T>, url: string): Promise<T> {
  const result = await http.get<unknown>(url);
  if (!result.ok) throw new Error(httpErrorText(result.status, result.data));
  return parseAnswer(schema, result.data, url);
}

/** A measurement of the list (MEASUREMENTS' generated result type). */
export type Measurement = MeasurementsQuery['measurements'][number];

/** `metadata` holds, for an imported file, what its reader bridged and skipped (see fileNotes.ts). */
export type MeasurementWithPeaks = MeasurementsWithPeaksQuery['measurements'][number];

export async function fetchMeasurements(
  search: string,
  page: number,
  pageSize = 20,
): Promise<{ measurements: Measurement[]; total: number }> {
  const text = search.trim();
  const conditions: Record<string, unknown>[] = [];
  if (text !== '') {
    conditions.push({ name: { _ilike: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` } });
    if (/^\d+$/.test(text) && Number(text) > 0 && Number(text) <= 2_147_483_647) {
      conditions.push({ id: { _eq: Number(text) } });
    }
  }
  const data = await graphql.query(MEASUREMENTS, {
    limit: pageSize,
    offset: page * pageSize,
    where: conditions.length > 0 ? { _or: conditions } : {},
  });
  return { measurements: data.measurements, total: aggregateCount(data.measurements_aggregate.aggregate) };
}

export async function fetchMeasurementsWithPeaks(ids: readonly number[]): Promise<MeasurementWithPeaks[]> {
  if (ids.length === 0) return [];
  const data = await graphql.query(MEASUREMENTS_WITH_PEAKS, {
    ids: [...ids],
  });
  return data.measurements;
}

export async function fetchMeasurementSignal(id: number): Promise<ChromatogramSignal> {
  const data = await answer(measurementDataSchema, `/api/measurements/${id}/data/`);
  // Missing samples (null) are left out: the processing core needs finite, increasing times.
  const times: number[] = [];
  const values: number[] = [];
  data.time_sec.forEach((time, index) => {
    const value = data.signal[index];
    if (Number.isFinite(time) && typeof value === 'number' && Number.isFinite(value)) {
      times.push(time);
      values.push(value);
    }
  });
  return {
    key: `measurement:${id}`,
    timeSec: Float64Array.from(times),
    values: Float64Array.from(values),
    unit: data.unit,
  };
}

/** The channels of the run folder the measurement belongs to (one entry for a measurement without channels). */
export async function fetchMeasurementChannels(id: number): Promise<MeasurementChannels> {
  return answer(measurementChannelsSchema, `/api/measurements/${id}/channels/`);
}

/** The run's diode-array spectrum nearest a time, minus the one nearest the reference time when given. */
export async function fetchMeasurementSpectrum(
  id: number,
  timeSec: number,
  referenceSec: number | null,
  referenceEndSec: number | null = null,
): Promise<MeasurementSpectrum> {
  let query = `time_sec=${timeSec}`;
  if (referenceSec !== null) query += `&reference_sec=${referenceSec}`;
  // With an end, the reference is a peak's limits: the line between their spectra (docs/formats.md "Spectra").
  if (referenceSec !== null && referenceEndSec !== null) query += `&reference_end_sec=${referenceEndSec}`;
  return answer(measurementSpectrumSchema, `/api/measurements/${id}/spectrum/?${query}`);
}

/** A chromatogram extracted from the run's spectra at a wavelength and bandwidth (nm). */
export async function fetchExtractedBand(
  id: number,
  centreNm: number,
  bandwidthNm: number,
): Promise<ChromatogramSignal> {
  const data = await answer(
    measurementDataSchema,
    `/api/measurements/${id}/band/?centre_nm=${centreNm}&bandwidth_nm=${bandwidthNm}`,
  );
  return {
    key: `band:${id}:${centreNm}:${bandwidthNm}`,
    timeSec: Float64Array.from(data.time_sec),
    values: Float64Array.from(data.signal, (value) => value ?? Number.NaN),
    unit: data.unit,
  };
}

/**
 * The current result beside the vendor's peak table of the imported file; null when the file had none
 * (GET /api/measurements/{id}/vendor-comparison/ answers 404 `measurement_vendor_table_not_found`).
 */
export async function fetchVendorComparison(id: number): Promise<MeasurementVendorComparison | null> {
  const result = await http.get<unknown>(`/api/measurements/${id}/vendor-comparison/`);
  if (result.ok) return parseAnswer(measurementVendorComparisonSchema, result.data, 'vendor comparison');
  if (result.status === 404 && result.data.code === 'measurement_vendor_table_not_found') return null;
  throw new Error(httpErrorText(result.status, result.data));
}
