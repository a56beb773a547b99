import { findPeaks } from '../peaks/findPeaks.ts';
import type { AutomaticDetection } from './detectAutomatic.ts';
import { QUANTITATION_PROMINENCE_FACTOR, MIN_WIDTH_FRACTION } from './detectAutomatic.ts';
import { defaultDetectionOptions, type DetectionMinimums } from './detectDefault.ts';
import type { SignalScale } from './detectionSettings.ts';
import type { SignalMemo } from '../pipeline/signalMemo.ts';

/**
 * Detection when the template gives a prominence: scipy `find_peaks` on the raw signal with the template's
 * numbers exactly (processing.md §1.9); a minimum it leaves null is the automatic value (prominence
 * 5 × the noise range, width a quarter of the narrow-end peak width; height and distance not applied).
 */
export function detectWithTemplate(
  values: Float64Array,
  stepSec: number,
  scale: SignalScale,
  minimums: DetectionMinimums,
  /** Keeps every maximum's prominence between calls on the same values (`SignalMemo`). */
  memo: SignalMemo | null = null,
): AutomaticDetection {
  const options = defaultDetectionOptions(stepSec, minimums);
  const automaticProminence = QUANTITATION_PROMINENCE_FACTOR * scale.smoothedPeakToPeak;
  const automaticWidth = Math.max(1, MIN_WIDTH_FRACTION * scale.widthSamples);
  const found = findPeaks(
    values,
    {
      ...options,
      prominence: options.prominence ?? automaticProminence,
      width: options.width ?? automaticWidth,
    },
    memo ? (signal) => memo.maximaOf(signal) : null,
  );
  const given = (value: number | null | undefined) => value !== null && value !== undefined;
  return {
    apexes: Array.from(found.peaks, (index) => ({ index, sign: 1 as const, shoulder: false })),
    settings: {
      minProminence: {
        value: minimums.minProminence ?? automaticProminence,
        automatic: !given(minimums.minProminence),
      },
      minHeight: { value: minimums.minHeight ?? null, automatic: !given(minimums.minHeight) },
      minWidthSec: {
        value: minimums.minWidthSec ?? automaticWidth * stepSec,
        automatic: !given(minimums.minWidthSec),
      },
      minDistanceSec: { value: minimums.minDistanceSec ?? null, automatic: !given(minimums.minDistanceSec) },
      noiseSd: scale.rawNoise.sd,
      noisePeakToPeak: scale.rawNoise.peakToPeak,
      estimatedPeakWidthSec: scale.typicalWidthSamples === null ? null : scale.typicalWidthSamples * stepSec,
    },
  };
}
