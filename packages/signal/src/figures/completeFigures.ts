import { fusedPairResolution, type ApparentPeak } from './pairResolution.ts';
import type { Peak } from './peak.ts';

export interface CompleteFiguresOptions {
  /** Hold-up time t_0 for retention factors. @default null (no k') */
  holdUpTimeSec?: number | null;
  /** Peak-to-peak noise h of the run's own noise window, for S/N = 2H/h. @default null (no S/N) */
  noisePeakToPeak?: number | null;
  /**
   * h per peak (same order as `peaks`) from a blank injection (`blankPeakToPeak`); where a value is
   * given it is used instead of the run's noise (Ph. Eur. 2.2.46). @default null
   */
  blankPeakToPeak?: readonly (number | null)[] | null;
}

/** S/N = 2H/h and where h came from: the blank window when there is one, else the run's noise. */
function signalToNoise(
  height: number,
  blank: number | null | undefined,
  run: number | null,
): Pick<Peak, 'signalToNoise' | 'signalToNoiseSource'> {
  if (blank !== null && blank !== undefined && blank > 0) {
    return { signalToNoise: (2 * height) / blank, signalToNoiseSource: 'blank' };
  }
  if (run !== null && run > 0) return { signalToNoise: (2 * height) / run, signalToNoiseSource: 'run' };
  return { signalToNoise: null, signalToNoiseSource: null };
}

const measured = (peak: Peak): ApparentPeak | null =>
  peak.widthHalfSec !== null &&
  (peak.widthHalfSource === 'both_sides' || peak.widthHalfSource === 'free_side')
    ? {
        retentionTimeSec: peak.retentionTimeSec,
        height: peak.height,
        widthHalfSec: peak.widthHalfSec,
        widthHalfSource: peak.widthHalfSource,
      }
    : null;

/**
 * Resolution of `peak` to `previous`: for a critical pair (fused at a drop line with the valley above half
 * height of one of them) from the overlap model (`fusedPairResolution`); otherwise, or when the model
 * cannot match the measurements, the half-height formula on the measured t_R and W50.
 */
function resolution(previous: Peak | undefined, peak: Peak): Pick<Peak, 'resolution' | 'resolutionMethod'> {
  if (!previous || previous.widthHalfSec === null || peak.widthHalfSec === null) {
    return { resolution: null, resolutionMethod: null };
  }
  // A critical pair: fused at a drop line, the valley above half the height of at least one of them.
  const critical =
    previous.stopCode === 'V' &&
    peak.startCode === 'V' &&
    Math.abs(previous.endSec - peak.startSec) < 1e-9 &&
    (previous.widthHalfSource === 'free_side' || peak.widthHalfSource === 'free_side');
  const first = critical ? measured(previous) : null;
  const second = critical ? measured(peak) : null;
  const modelled = first && second ? fusedPairResolution(first, second) : null;
  if (modelled !== null) return { resolution: modelled, resolutionMethod: 'overlap_model' };
  return {
    resolution:
      (1.18 * (peak.retentionTimeSec - previous.retentionTimeSec)) /
      (previous.widthHalfSec + peak.widthHalfSec),
    resolutionMethod: 'half_height',
  };
}

/**
 * Fills the run-level figures of peaks sorted by retention time: area % and height %, resolution to the
 * previous peak (half-height formula, with the W50 estimate of a fused side: see `Peak.widthHalfSource`),
 * retention factor and S/N. Returns new peak objects.
 */
export function completeFigures(peaks: readonly Peak[], options: CompleteFiguresOptions = {}): Peak[] {
  // Percentages are of the positive peaks' totals; a negative peak shows a negative share.
  const totalArea = peaks.reduce((sum, peak) => sum + Math.max(0, peak.area), 0);
  const totalHeight = peaks.reduce((sum, peak) => sum + Math.max(0, peak.height), 0);
  const holdUp = options.holdUpTimeSec ?? null;
  const noise = options.noisePeakToPeak ?? null;
  const blank = options.blankPeakToPeak ?? null;
  return peaks.map((peak, index) => {
    const previous = index > 0 ? peaks[index - 1] : undefined;
    return {
      ...peak,
      areaPercent: totalArea !== 0 ? (100 * peak.area) / totalArea : 0,
      heightPercent: totalHeight !== 0 ? (100 * peak.height) / totalHeight : 0,
      ...resolution(previous, peak),
      retentionFactor: holdUp !== null && holdUp > 0 ? (peak.retentionTimeSec - holdUp) / holdUp : null,
      ...signalToNoise(peak.height, blank?.[index], noise),
    };
  });
}
