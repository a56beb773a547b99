import type { Chromatogram, VendorPeak } from './chromatogram.ts';
import { encodeNetcdf3, type Netcdf3Attribute, type Netcdf3Variable } from './netcdf3Writer.ts';

const AIA_NULL = -9999;

const peakColumns: [string, keyof VendorPeak][] = [
  ['peak_retention_time', 'retentionTimeSec'],
  ['peak_start_time', 'startSec'],
  ['peak_end_time', 'endSec'],
  ['peak_width', 'width'],
  ['peak_area', 'area'],
  ['peak_area_percent', 'areaPercent'],
  ['peak_height', 'height'],
  ['peak_height_percent', 'heightPercent'],
  ['peak_amount', 'amount'],
  ['baseline_start_time', 'baselineStartSec'],
  ['baseline_start_value', 'baselineStartValue'],
  ['baseline_stop_time', 'baselineStopSec'],
  ['baseline_stop_value', 'baselineStopValue'],
];

/** Timestamp in the AIA form `YYYYMMDDhhmmss+0000` (UTC). */
function aiaTimestamp(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}+0000`;
}

function isUniform(timeSec: Float64Array): boolean {
  if (timeSec.length < 3) return true;
  const step = ((timeSec[timeSec.length - 1] as number) - (timeSec[0] as number)) / (timeSec.length - 1);
  for (let i = 1; i < timeSec.length; i++) {
    if (Math.abs((timeSec[i] as number) - (timeSec[i - 1] as number) - step) > step * 1e-4) return false;
  }
  return true;
}

export interface WriteAiaOptions {
  /** Written as `dataset_date_time_stamp`. @default new Date(0) (so output is reproducible) */
  date?: Date;
}

/** The ANDI names of the run details `readAia` gives under a vendor run's names (method, operator). */
const AIA_ATTRIBUTE_OF: Readonly<Record<string, string>> = {
  method_name: 'detection_method_name',
  operator: 'operator_name',
};

/**
 * Writes an AIA/ANDI chromatography file (netCDF-3 classic): raw data always, the peak table when present.
 * Times are written in seconds; a non-uniform time axis is written as `raw_data_retention`.
 */
export function writeAia(chromatogram: Chromatogram, options: WriteAiaOptions = {}): Uint8Array {
  const { timeSec, values } = chromatogram;
  if (values.length < 1 || timeSec.length !== values.length) {
    throw new Error('An AIA file needs at least one point and one time per value');
  }
  const peaks = chromatogram.peakTable ?? [];
  const uniform = isUniform(timeSec);
  const first = timeSec[0] as number;
  const last = timeSec[timeSec.length - 1] as number;
  const interval = timeSec.length > 1 ? (last - first) / (timeSec.length - 1) : 1;
  let minimum = Number.POSITIVE_INFINITY;
  let maximum = Number.NEGATIVE_INFINITY;
  for (const value of values) {
    if (value < minimum) minimum = value;
    if (value > maximum) maximum = value;
  }
  const text = (name: string, value: string): Netcdf3Attribute => ({ name, type: 'char', value });
  const attributes: Netcdf3Attribute[] = [
    text('dataset_completeness', peaks.length > 0 ? 'C1+C2' : 'C1'),
    text('aia_template_revision', '1.0'),
    text('netcdf_revision', '2.3'),
    text('languages', 'English'),
    text('dataset_origin', 'Eluent'),
    text('dataset_date_time_stamp', aiaTimestamp(options.date ?? new Date(0))),
    text('detector_unit', chromatogram.signalUnit),
    text('retention_unit', 'Seconds'),
    ...Object.entries(chromatogram.metadata)
      .filter(([name]) => /^[a-z_]+$/.test(name))
      .map(([name, value]) => text(AIA_ATTRIBUTE_OF[name] ?? name, value)),
  ];
  const scalarFloat = (name: string, value: number): Netcdf3Variable => ({
    name,
    dimensions: [],
    type: 'float',
    data: [value],
  });
  const variables: Netcdf3Variable[] = [
    scalarFloat('detector_maximum_value', Number.isFinite(maximum) ? maximum : 0),
    scalarFloat('detector_minimum_value', Number.isFinite(minimum) ? minimum : 0),
    scalarFloat('actual_run_time_length', last - first + interval),
    scalarFloat('actual_delay_time', first),
    scalarFloat('actual_sampling_interval', interval),
    {
      name: 'ordinate_values',
      dimensions: ['point_number'],
      type: 'float',
      attributes: [text('uniform_sampling_flag', uniform ? 'Y' : 'N')],
      data: values,
    },
  ];
  if (!uniform) {
    variables.push({
      name: 'raw_data_retention',
      dimensions: ['point_number'],
      type: 'float',
      data: timeSec,
    });
  }
  const dimensions = [
    { name: '_2_byte_string', size: 2 },
    { name: '_32_byte_string', size: 32 },
    { name: 'point_number', size: values.length },
  ];
  if (peaks.length > 0) {
    dimensions.push({ name: 'peak_number', size: peaks.length });
    variables.push({
      name: 'peak_name',
      dimensions: ['peak_number', '_32_byte_string'],
      type: 'char',
      data: peaks.map((p) => p.name),
    });
    for (const [name, key] of peakColumns) {
      const data = peaks.map((p) => {
        const value = p[key];
        return typeof value === 'number' && Number.isFinite(value) ? value : AIA_NULL;
      });
      variables.push({ name, dimensions: ['peak_number'], type: 'float', data });
    }
    variables.push(
      {
        name: 'peak_start_detection_code',
        dimensions: ['peak_number', '_2_byte_string'],
        type: 'char',
        data: peaks.map((p) => p.startCode),
      },
      {
        name: 'peak_stop_detection_code',
        dimensions: ['peak_number', '_2_byte_string'],
        type: 'char',
        data: peaks.map((p) => p.stopCode),
      },
    );
  }
  return encodeNetcdf3({ dimensions, attributes, variables });
}
