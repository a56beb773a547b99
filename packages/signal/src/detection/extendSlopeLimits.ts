import type { SlopePeak } from './detectFirstDerivative.ts';

export interface ExtendSlopeLimitsOptions {
  /** A new low must beat the current one by more than this (signal units). */
  noiseTolerance: number;
  /** … plus this many signal units per sample walked, so a slow baseline drift does not carry the walk. */
  driftPerSample: number;
}

/**
 * Moves each slope-detected start earlier and stop later while the signal keeps reaching new lows: the
 * 5-sample slope of a broad or tailing peak drops below the threshold long before the peak has returned
 * to baseline. A walk ends after as many samples without a new low as the peak took to rise, and never
 * passes the neighbouring peak's limit. Returns new peaks; the input is not changed.
 */
export function extendSlopeLimits(
  values: ArrayLike<number>,
  peaks: readonly SlopePeak[],
  options: ExtendSlopeLimitsOptions,
): SlopePeak[] {
  const { noiseTolerance, driftPerSample } = options;
  return peaks.map((peak, k) => {
    const patience = Math.max(3, peak.apexIndex - peak.startIndex);
    const upper = k + 1 < peaks.length ? peaks[k + 1]!.startIndex : values.length - 1;
    let stop = peak.stopIndex;
    for (let i = stop + 1; i <= upper && i - stop <= patience; i++) {
      const drop = noiseTolerance + driftPerSample * (i - stop);
      if ((values[i] as number) < (values[stop] as number) - drop) stop = i;
    }
    const lower = k > 0 ? peaks[k - 1]!.stopIndex : 0;
    let start = peak.startIndex;
    for (let i = start - 1; i >= lower && start - i <= patience; i--) {
      const drop = noiseTolerance + driftPerSample * (start - i);
      if ((values[i] as number) < (values[start] as number) - drop) start = i;
    }
    return { startIndex: start, apexIndex: peak.apexIndex, stopIndex: stop };
  });
}
