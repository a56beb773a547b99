import type { Dropouts } from './dropouts.ts';

export { ChromatogramFileError, type ChromatogramFileErrorKind } from './fileError.ts';
export { bridgeDropouts, type Dropouts } from './dropouts.ts';
export { Netcdf3Reader } from './netcdf3Reader.ts';

/** A chromatogram as read from a file: one signal on a time axis in seconds. */
export interface Chromatogram {
  timeSec: Float64Array;
  values: Float64Array;
  /** Unit of `values` as normalised by the reader (`mAU`, `AU`, `V`, `mV`, `µV`, `µS`, …); '' when unknown. */
  signalUnit: string;
  /** Free-text descriptions found in the file (detector, sample name, …). */
  metadata: Record<string, string>;
  /** The vendor's peak table when the file has one (times converted to seconds). */
  peakTable?: VendorPeak[];
  /** Samples the reader bridged (AIA `-9999`, NaN); readers always set it, writers ignore it. */
  dropouts?: Dropouts;
  /** What the reader skipped or assumed (a CSV footer, a unit taken as minutes), one sentence each. */
  notes?: string[];
}

/** One row of a vendor peak table; `null` for the `-9999` null, non-finite numbers and absent variables. */
export interface VendorPeak {
  name: string;
  retentionTimeSec: number | null;
  startSec: number | null;
  endSec: number | null;
  width: number | null;
  area: number | null;
  areaPercent: number | null;
  height: number | null;
  heightPercent: number | null;
  amount: number | null;
  baselineStartSec: number | null;
  baselineStartValue: number | null;
  baselineStopSec: number | null;
  baselineStopValue: number | null;
  /** `B` baseline, `V` valley, `P` (vendor-specific), '' unknown. */
  startCode: string;
  stopCode: string;
}

/** Maps the unit spellings found in vendor files onto short symbols. */
export function normaliseSignalUnit(raw: string): string {
  const unit = raw.replace(/\0.*$/s, '').trim();
  const lower = unit.toLowerCase();
  const table: Record<string, string> = {
    volts: 'V',
    volt: 'V',
    v: 'V',
    millivolts: 'mV',
    mvolts: 'mV',
    mv: 'mV',
    uvolts: 'µV',
    microvolts: 'µV',
    uv: 'µV',
    µv: 'µV',
    mau: 'mAU',
    au: 'AU',
    us: 'µS',
    µs: 'µS',
  };
  return table[lower] ?? unit;
}
