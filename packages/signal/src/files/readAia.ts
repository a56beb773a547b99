import { NetCDFReader } from 'netcdfjs';
import { normaliseSignalUnit, type Chromatogram, type VendorPeak } from './chromatogram.ts';

type Reader = InstanceType<typeof NetCDFReader>;

const AIA_NULL = -9999;

function text(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\0.*$/s, '').trim() : '';
}

function attribute(reader: Reader, ...names: string[]): string {
  for (const name of names) {
    const found = reader.globalAttributes.find((a) => a.name.toLowerCase() === name);
    if (found) return typeof found.value === 'number' ? String(found.value) : text(found.value);
  }
  return '';
}

function numbers(reader: Reader, name: string): number[] | undefined {
  if (!reader.dataVariableExists(name)) return undefined;
  return reader.getDataVariable(name).map((value) => (typeof value === 'number' ? value : Number.NaN));
}

function scalar(reader: Reader, name: string): number | undefined {
  const value = numbers(reader, name)?.[0];
  return value === undefined || !Number.isFinite(value) || value === AIA_NULL ? undefined : value;
}

/** netcdfjs returns char variables one character per cell; rebuild the strings of the last dimension. */
function strings(reader: Reader, name: string): string[] | undefined {
  if (!reader.dataVariableExists(name)) return undefined;
  const variable = reader.variables.find((v) => v.name === name);
  const dimensions = variable?.dimensions;
  const lastDimension = dimensions?.[dimensions.length - 1];
  const rowLength = lastDimension === undefined ? 1 : (reader.dimensions[lastDimension]?.size ?? 1);
  const cells = reader.getDataVariable(name).map((cell) => (typeof cell === 'string' ? cell : ''));
  const rows: string[] = [];
  for (let start = 0; start < cells.length; start += rowLength) {
    const row = cells.slice(start, start + rowLength);
    const end = row.indexOf('');
    rows.push((end === -1 ? row : row.slice(0, end)).join('').trim());
  }
  return rows;
}

/** Reads "seconds", "Seconds", "Time-Sec", "Minutes", "time in seconds": factor to seconds. */
function secondsPerRetentionUnit(unit: string): number {
  const lower = unit.toLowerCase();
  if (lower.includes('min')) return 60;
  return 1;
}

function readPeakTable(reader: Reader, toSec: number): VendorPeak[] | undefined {
  const retention = numbers(reader, 'peak_retention_time');
  if (!retention || retention.length === 0) return undefined;
  const count = retention.length;
  const column = (name: string, scale = 1) => {
    const values = numbers(reader, name);
    return (index: number) => {
      const value = values?.[index];
      return value === undefined || !Number.isFinite(value) || value === AIA_NULL ? null : value * scale;
    };
  };
  const names = strings(reader, 'peak_name') ?? [];
  const startCodes = strings(reader, 'peak_start_detection_code') ?? [];
  const stopCodes = strings(reader, 'peak_stop_detection_code') ?? [];
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

/**
 * Reads an AIA/ANDI chromatography file (ASTM E1947, netCDF-3). Times are converted to seconds from
 * `retention_unit` (or the plural `retention_units`); the signal keeps its ordinate unit; vendor peak
 * tables are returned as found (they may use other units than the ordinate, see docs/processing.md).
 * @throws Error naming the problem when the bytes are not an AIA chromatogram.
 */
export function readAia(bytes: Uint8Array): Chromatogram {
  let reader: Reader;
  try {
    reader = new NetCDFReader(bytes);
  } catch (error) {
    throw new Error(`Not a valid AIA/netCDF file: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!reader.dataVariableExists('ordinate_values')) {
    throw new Error('Not a valid AIA chromatogram: the ordinate_values variable is missing');
  }
  const ordinate = numbers(reader, 'ordinate_values') ?? [];
  const values = Float64Array.from(ordinate, (value) => (value === AIA_NULL ? Number.NaN : value));
  const toSec = secondsPerRetentionUnit(attribute(reader, 'retention_unit', 'retention_units'));
  const retention = numbers(reader, 'raw_data_retention');
  let timeSec: Float64Array;
  if (retention && retention.length === values.length) {
    timeSec = Float64Array.from(retention, (t) => t * toSec);
  } else {
    const interval = scalar(reader, 'actual_sampling_interval');
    if (interval === undefined || !(interval > 0)) {
      throw new Error('Not a valid AIA chromatogram: actual_sampling_interval is missing or not positive');
    }
    const delay = scalar(reader, 'actual_delay_time') ?? 0;
    timeSec = Float64Array.from({ length: values.length }, (_, i) => (delay + i * interval) * toSec);
  }
  const metadata: Record<string, string> = {};
  for (const name of [
    'detector_name',
    'sample_name',
    'sample_id',
    'injection_date_time_stamp',
    'experiment_title',
  ]) {
    const value = attribute(reader, name);
    if (value) metadata[name] = value;
  }
  const chromatogram: Chromatogram = {
    timeSec,
    values,
    signalUnit: normaliseSignalUnit(attribute(reader, 'detector_unit', 'detector_units')),
    metadata,
  };
  const peakTable = readPeakTable(reader, toSec);
  if (peakTable) chromatogram.peakTable = peakTable;
  return chromatogram;
}
