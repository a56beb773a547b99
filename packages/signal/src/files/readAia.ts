import { normaliseSignalUnit, type Chromatogram, type VendorPeak } from './chromatogram.ts';
import { AIA_NULL, bridgeDropouts } from './dropouts.ts';
import { ChromatogramFileError } from './fileError.ts';
import { Netcdf3Reader } from './netcdf3Reader.ts';

function attribute(reader: Netcdf3Reader, ...names: string[]): string {
  for (const name of names) {
    const found = reader.attribute(name);
    if (found) return typeof found.value === 'string' ? found.value : found.value.join(' ');
  }
  return '';
}

/**
 * A text attribute as a person reads it: vendors pad fixed-width fields with NUL bytes (EZChrom writes
 * "DF" then 17 NULs, Spectra-Physics "RK\0EST>…"), so the text ends at the first NUL; "none" and blanks
 * stand for nothing (Dionex writes "none" where no method is named).
 */
function textAttribute(reader: Netcdf3Reader, ...names: string[]): string {
  for (const name of names) {
    const text = attribute(reader, name).split('\u0000')[0]!.trim();
    if (text !== '' && text.toLowerCase() !== 'none') return text;
  }
  return '';
}

/**
 * What the file says about the run (ANDI/AIA chromatography, ASTM E1947 global attributes): the sample,
 * detector, injection time and title as written, and, under the names a vendor run's reader uses, the
 * method (the detection or processing method the data system named; a path is kept to its file name) and
 * the operator.
 */
function aiaMetadata(reader: Netcdf3Reader): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const name of [
    'detector_name',
    'sample_name',
    'sample_id',
    'injection_date_time_stamp',
    'experiment_title',
  ]) {
    const value = textAttribute(reader, name);
    if (value) metadata[name] = value;
  }
  const method = textAttribute(
    reader,
    'detection_method_name',
    'peak_processing_method_name',
    'company_method_name',
  );
  if (method) metadata.method_name = method.split(/[\\/]/).pop()!;
  const operator = textAttribute(reader, 'operator_name');
  if (operator) metadata.operator = operator;
  return metadata;
}

const FLOAT = 5;

/**
 * The shortest decimal that a float32 holds: vendors write decimal intervals (0.4 s, 0.01 s), which float32
 * stores as 0.4000000059…; used as is, i·Δt drifts by half a sample over 20,000,000 points.
 */
function float32Decimal(value: number): number {
  for (let digits = 1; digits <= 9; digits++) {
    const candidate = Number(value.toPrecision(digits));
    if (Math.fround(candidate) === value) return candidate;
  }
  return value;
}

function scalar(reader: Netcdf3Reader, name: string): number | undefined {
  const value = reader.numbers(name)?.[0];
  if (value === undefined || !Number.isFinite(value) || value === AIA_NULL) return undefined;
  return reader.variable(name)?.type === FLOAT ? float32Decimal(value) : value;
}

/** Reads "seconds", "Seconds", "Time-Sec", "Minutes", "time in seconds": factor to seconds. */
function secondsPerRetentionUnit(unit: string): number {
  const lower = unit.toLowerCase();
  if (lower.includes('min')) return 60;
  return 1;
}

function readPeakTable(reader: Netcdf3Reader, toSec: number): VendorPeak[] | undefined {
  const retention = reader.numbers('peak_retention_time');
  if (!retention || retention.length === 0) return undefined;
  const count = retention.length;
  const column = (name: string, scale = 1) => {
    const values = reader.numbers(name);
    return (index: number) => {
      const value = values?.[index];
      return value === undefined || !Number.isFinite(value) || value === AIA_NULL ? null : value * scale;
    };
  };
  const names = reader.strings('peak_name') ?? [];
  const startCodes = reader.strings('peak_start_detection_code') ?? [];
  const stopCodes = reader.strings('peak_stop_detection_code') ?? [];
  const get = {
    retentionTimeSec: column('peak_retention_time', toSec),
    startSec: column('peak_start_time', toSec),
    endSec: column('peak_end_time', toSec),
    width: column('peak_width'),
    area: column('peak_area'),
    areaPercent: column('peak_area_percent'),
    height: column('peak_height'),
    heightPercent: column('peak_height_percent'),
    amount: column('peak_amount'),
    baselineStartSec: column('baseline_start_time', toSec),
    baselineStartValue: column('baseline_start_value'),
    baselineStopSec: column('baseline_stop_time', toSec),
    baselineStopValue: column('baseline_stop_value'),
  };
  return Array.from({ length: count }, (_, index) => ({
    name: names[index] ?? '',
    retentionTimeSec: get.retentionTimeSec(index),
    startSec: get.startSec(index),
    endSec: get.endSec(index),
    width: get.width(index),
    area: get.area(index),
    areaPercent: get.areaPercent(index),
    height: get.height(index),
    heightPercent: get.heightPercent(index),
    amount: get.amount(index),
    baselineStartSec: get.baselineStartSec(index),
    baselineStartValue: get.baselineStartValue(index),
    baselineStopSec: get.baselineStopSec(index),
    baselineStopValue: get.baselineStopValue(index),
    startCode: (startCodes[index] ?? '').charAt(0),
    stopCode: (stopCodes[index] ?? '').charAt(0),
  }));
}

/** The time of each sample in seconds: `raw_data_retention` when present, else delay + i·interval. */
function timeAxis(reader: Netcdf3Reader, points: number, toSec: number): Float64Array {
  const retention = reader.numbers('raw_data_retention');
  if (retention && retention.length === points) {
    for (let i = 0; i < points; i++) retention[i] = (retention[i] as number) * toSec;
    return retention;
  }
  const interval = scalar(reader, 'actual_sampling_interval');
  if (interval === undefined || !(interval > 0)) {
    throw new ChromatogramFileError(
      'not_aia',
      'Not a valid AIA file: actual_sampling_interval is missing or not positive',
    );
  }
  const delay = scalar(reader, 'actual_delay_time') ?? 0;
  const timeSec = new Float64Array(points);
  for (let i = 0; i < points; i++) timeSec[i] = (delay + i * interval) * toSec;
  return timeSec;
}

/**
 * Reads an AIA/ANDI chromatography file (ASTM E1947, netCDF-3). Times are converted to seconds from
 * `retention_unit` (or the plural `retention_units`); the signal keeps its ordinate unit; vendor peak
 * tables are returned as found (they may use other units than the ordinate, see docs/processing.md).
 * Dropouts (`-9999`, NaN) are bridged and counted in `dropouts`.
 * @throws ChromatogramFileError naming the problem when the bytes are not an AIA chromatogram.
 */
export function readAia(bytes: Uint8Array): Chromatogram {
  const reader = new Netcdf3Reader(bytes);
  const values = reader.numbers('ordinate_values');
  if (!values) {
    throw new ChromatogramFileError(
      'not_aia',
      'Not a valid AIA file: the ordinate_values variable is missing',
    );
  }
  if (values.length === 0) {
    throw new ChromatogramFileError('no_data', 'The AIA file holds no samples');
  }
  const toSec = secondsPerRetentionUnit(attribute(reader, 'retention_unit', 'retention_units'));
  const timeSec = timeAxis(reader, values.length, toSec);
  const dropouts = bridgeDropouts(timeSec, values);
  if (!dropouts) {
    throw new ChromatogramFileError(
      'no_data',
      'The AIA file holds no valid samples (every value is -9999 or NaN)',
    );
  }
  const metadata = aiaMetadata(reader);
  const notes: string[] = [];
  if (dropouts.count > 0) {
    notes.push(
      `${dropouts.count} missing sample${dropouts.count === 1 ? '' : 's'} (-9999 or NaN) in ${dropouts.rangeCount} run${dropouts.rangeCount === 1 ? '' : 's'} bridged by linear interpolation`,
    );
  }
  const chromatogram: Chromatogram = {
    timeSec,
    values,
    signalUnit: normaliseSignalUnit(attribute(reader, 'detector_unit', 'detector_units')),
    metadata,
    dropouts,
    notes,
  };
  const peakTable = readPeakTable(reader, toSec);
  if (peakTable) chromatogram.peakTable = peakTable;
  return chromatogram;
}
