// Measurements: metadata and peaks through GraphQL, the signal through REST (GET /api/measurements/{id}/data/).
import type {
  MeasurementChannels,
  MeasurementData,
  MeasurementSpectrum,
  MeasurementVendorComparison,
} from '@eluent/contracts';
import { graphql, http } from '../../api/client.ts';
import { httpErrorText } from '../../api/errors.ts';
import type { ChromatogramSignal } from '../../workers/processingClient.ts';
import { STORED_PEAK_FIELDS, type StoredPeak } from './peakRows.ts';

export interface Measurement {
  id: number;
  name: string;
  source: string;
  state: string;
  signal_unit: string;
  points_count: number;
  duration_sec: number;
  created_at: string;
  finished_at: string | null;
  sample_id: number | null;
  device_id: number | null;
  injection_id: number | null;
  /** A channel of an imported run folder: its signal's description ("DAD A, Sig=254,4 Ref=off"). */
  channel_name: string | null;
  /** The run's first channel, for the further channels of a run folder. */
  channel_of_id: number | null;
}

const MEASUREMENT_FIELDS = `id name source state signal_unit points_count duration_sec created_at finished_at sample_id
  device_id injection_id channel_name channel_of_id`;

const MEASUREMENTS = `query Measurements($limit: Int!, $offset: Int!, $where: measurements_bool_exp!) {
  measurements(limit: $limit, offset: $offset, order_by: [{ id: desc }], where: $where) {
    ${MEASUREMENT_FIELDS}
  }
  measurements_aggregate(where: $where) {
    aggregate {
      count
    }
  }
}`;

const MEASUREMENTS_WITH_PEAKS = `query MeasurementsWithPeaks($ids: [Int!]) {
  measurements(where: { id: { _in: $ids } }, order_by: [{ id: asc }]) {
    ${MEASUREMENT_FIELDS}
    metadata
    peaks {
      ${STORED_PEAK_FIELDS}
    }
  }
}`;

/** `metadata` holds, for an imported file, what its reader bridged and skipped (see fileNotes.ts). */
export type MeasurementWithPeaks = Measurement & { peaks: StoredPeak[]; metadata: unknown };

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
  const data = await graphql.query<{
    measurements: Measurement[];
    measurements_aggregate: { aggregate: { count: number } };
  }>(MEASUREMENTS, {
    limit: pageSize,
    offset: page * pageSize,
    where: conditions.length > 0 ? { _or: conditions } : {},
  });
  return { measurements: data.measurements, total: data.measurements_aggregate.aggregate.count };
}

export async function fetchMeasurementsWithPeaks(ids: readonly number[]): Promise<MeasurementWithPeaks[]> {
  if (ids.length === 0) return [];
  const data = await graphql.query<{ measurements: MeasurementWithPeaks[] }>(MEASUREMENTS_WITH_PEAKS, {
    ids: [...ids],
  });
  return data.measurements;
}

export async function fetchMeasurementSignal(id: number): Promise<ChromatogramSignal> {
  const result = await http.get<MeasurementData>(`/api/measurements/${id}/data/`);
  if (!result.ok) throw new Error(httpErrorText(result.status, result.data));
  // Missing samples (null) are left out: the processing core needs finite, increasing times.
  const times: number[] = [];
  const values: number[] = [];
  result.data.time_sec.forEach((time, index) => {
    const value = result.data.signal[index];
    if (Number.isFinite(time) && typeof value === 'number' && Number.isFinite(value)) {
      times.push(time);
      values.push(value);
    }
  });
  return {
    key: `measurement:${id}`,
    timeSec: Float64Array.from(times),
    values: Float64Array.from(values),
    unit: result.data.unit,
  };
}

/** The channels of the run folder the measurement belongs to (one entry for a measurement without channels). */
export async function fetchMeasurementChannels(id: number): Promise<MeasurementChannels> {
  const result = await http.get<MeasurementChannels>(`/api/measurements/${id}/channels/`);
  if (!result.ok) throw new Error(httpErrorText(result.status, result.data));
  return result.data;
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
  const result = await http.get<MeasurementSpectrum>(`/api/measurements/${id}/spectrum/?${query}`);
  if (!result.ok) throw new Error(httpErrorText(result.status, result.data));
  return result.data;
}

/** A chromatogram extracted from the run's spectra at a wavelength and bandwidth (nm). */
export async function fetchExtractedBand(
  id: number,
  centreNm: number,
  bandwidthNm: number,
): Promise<ChromatogramSignal> {
  const result = await http.get<MeasurementData>(
    `/api/measurements/${id}/band/?centre_nm=${centreNm}&bandwidth_nm=${bandwidthNm}`,
  );
  if (!result.ok) throw new Error(httpErrorText(result.status, result.data));
  return {
    key: `band:${id}:${centreNm}:${bandwidthNm}`,
    timeSec: Float64Array.from(result.data.time_sec),
    values: Float64Array.from(result.data.signal, (value) => value ?? Number.NaN),
    unit: result.data.unit,
  };
}

/**
 * The current result beside the vendor's peak table of the imported file; null when the file had none
 * (GET /api/measurements/{id}/vendor-comparison/ answers 404 `measurement_vendor_table_not_found`).
 */
export async function fetchVendorComparison(id: number): Promise<MeasurementVendorComparison | null> {
  const result = await http.get<MeasurementVendorComparison>(`/api/measurements/${id}/vendor-comparison/`);
  if (result.ok) return result.data;
  if (result.status === 404 && result.data.code === 'measurement_vendor_table_not_found') return null;
  throw new Error(httpErrorText(result.status, result.data));
}
