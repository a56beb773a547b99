// How the Spectrum panel baseline-corrects a spectrum, and a peak's purity check from its limits
// (docs/formats.md "Spectra" and "Peak purity").
import type { MeasurementSpectrum } from '@eluent/contracts';
import { spectralMatchFactor } from '@eluent/signal';
import type { PeakRow } from './peakRows.ts';

/** Reads the run's spectrum nearest a time, minus a reference (one time, or a peak's start and end). */
export type SpectrumReader = (
  measurementId: number,
  timeSec: number,
  referenceSec: number | null,
  referenceEndSec: number | null,
) => Promise<MeasurementSpectrum>;

export type BaselineMode = 'none' | 'time' | 'limits';

export const BASELINE_MODES: readonly { mode: BaselineMode; label: string }[] = [
  { mode: 'none', label: 'none' },
  { mode: 'time', label: 'at a chosen time' },
  { mode: 'limits', label: "from the peak's limits" },
];

/** The peak whose limits hold the time (the first on a shared limit); null between peaks. */
export function peakAround(peaks: readonly PeakRow[], timeSec: number | null): PeakRow | null {
  if (timeSec === null) return null;
  return peaks.find((peak) => peak.startSec <= timeSec && timeSec <= peak.endSec) ?? null;
}

/** The reference of the spectrum request: [start, end] of a peak, [time, null], or none. */
export function referenceOf(
  mode: BaselineMode,
  referenceSec: number | null,
  peak: PeakRow | null,
): [number | null, number | null] {
  if (mode === 'time') return [referenceSec, null];
  if (mode === 'limits' && peak) return [peak.startSec, peak.endSec];
  return [null, null];
}

export interface PeakPurity {
  up: number;
  down: number;
}

/**
 * A peak's purity check: its up-slope and down-slope spectra (halfway in time between its start and apex,
 * and between its apex and end) against its apex spectrum, all three baseline-corrected from the peak's
 * limits — the line between the spectra at its start and end.
 */
export async function peakPurity(
  read: SpectrumReader,
  measurementId: number,
  peak: PeakRow,
): Promise<PeakPurity> {
  const times = [
    (peak.startSec + peak.retentionTimeSec) / 2,
    peak.retentionTimeSec,
    (peak.retentionTimeSec + peak.endSec) / 2,
  ];
  const [up, apex, down] = await Promise.all(
    times.map((time) => read(measurementId, time, peak.startSec, peak.endSec)),
  );
  return {
    up: spectralMatchFactor(up!.absorbance, apex!.absorbance),
    down: spectralMatchFactor(down!.absorbance, apex!.absorbance),
  };
}
