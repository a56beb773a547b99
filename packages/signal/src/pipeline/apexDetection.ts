import { detectAutomatic, type AutomaticDetection, type DetectedApex } from '../detection/detectAutomatic.ts';
import type { DetectionMinimums } from '../detection/detectDefault.ts';
import {
  measureSignalScale,
  widthScaleAtNoise,
  narrowerKernelScale,
  type DetectionSettings,
  type SignalScale,
} from '../detection/detectionSettings.ts';
import { detectWavelet } from '../detection/detectWavelet.ts';
import { detectWithTemplate } from '../detection/detectWithTemplate.ts';
import { GAP_NOISE_PASSES, gapNoiseScale, secondDifferenceScale } from '../detection/gapNoise.ts';
import { floorPasses, floorSeededGapScale, leavesGaps, type FloorPass } from '../detection/whiteFloor.ts';
import { applyDetectionEvents, wantsNegativePeaks } from '../events/detectionEvents.ts';
import type { TimedEvent } from '../events/timedEvents.ts';
import type { ProcessingTemplate } from './processingTemplate.ts';
import type { SignalMemo } from './signalMemo.ts';

/**
 * What the detection step found. Filled as the step goes: a scale measured before a later part of the
 * step fails is kept (integration still reads it).
 */
export interface ApexDetection {
  scale: SignalScale | null;
  settings: DetectionSettings | null;
  /** The apexes after the detection events, inside the detection window. */
  apexes: DetectedApex[];
  /** Apexes detection found before the events and the window. */
  foundCount: number;
  /** Apexes an inhibit event removed. */
  inhibited: number;
}

export interface ApexDetectionInput {
  timeSec: Float64Array;
  values: Float64Array;
  stepSec: number;
  /** Work buffer of the signal's length for the detection signal's first smoothing pass. */
  scratch: Float64Array;
  template: ProcessingTemplate;
  events: readonly TimedEvent[];
  memo: SignalMemo | null | undefined;
  /** The `pdet` key: `wavelet_v1` or the default detection. */
  algorithm: string;
  inWindow: (index: number) => boolean;
}

export function emptyApexDetection(): ApexDetection {
  return { scale: null, settings: null, apexes: [], foundCount: 0, inhibited: 0 };
}

/**
 * The `pdet` step: the signal's scale, then the apexes (wavelet ridges kept where template detection finds
 * a peak too, template detection where the template gives a prominence, else automatic detection), then
 * the detection events and the detection window. Writes into `found` as it goes.
 */
export function detectApexes(found: ApexDetection, input: ApexDetectionInput): void {
  const { timeSec, values, stepSec, template, events, memo } = input;
  const minimums: DetectionMinimums = {
    minDistanceSec: template.peak_detection_min_distance,
    minHeight: template.peak_detection_min_height,
    minWidthSec: template.peak_detection_min_width,
    minProminence: template.peak_detection_min_prominence,
  };
  const measured = memo ? memo.scaleOf(values, input.scratch) : measureSignalScale(values, input.scratch);
  found.scale = measured;
  let detection: AutomaticDetection;
  if (input.algorithm === 'wavelet_v1') {
    detection = {
      apexes: Array.from(detectWavelet(values), (index) => ({
        index,
        sign: 1 as const,
        shoulder: false,
      })),
      settings: detectWithTemplate(values, stepSec, measured, minimums, memo).settings,
    };
  } else if (minimums.minProminence != null) {
    detection = detectWithTemplate(values, stepSec, measured, minimums, memo);
  } else {
    const negativePeaks = wantsNegativePeaks(events, template.peak_detection_negative_peaks === true);
    const automatic = automaticDetection(values, stepSec, measured, minimums, { negativePeaks });
    found.scale = automatic.scale;
    detection = automatic.detection;
  }
  if (input.algorithm === 'wavelet_v1') {
    const allowed = new Set(
      detectWithTemplate(values, stepSec, measured, minimums, memo).apexes.map((a) => a.index),
    );
    detection.apexes = detection.apexes.filter((apex) => allowed.has(apex.index));
  }
  const scale = found.scale;
  const afterEvents =
    events.length > 0 && scale
      ? applyDetectionEvents(detection.apexes, {
          timeSec,
          values,
          scale,
          events,
          negativePeaks: template.peak_detection_negative_peaks === true,
        })
      : { apexes: detection.apexes, inhibited: 0 };
  found.inhibited = afterEvents.inhibited;
  found.settings = detection.settings;
  found.foundCount = detection.apexes.length;
  found.apexes = afterEvents.apexes.filter((apex) => input.inWindow(apex.index));
}

/**
 * Automatic detection; on a short run whose quiet quarter of noise windows still held peaks (or a longer
 * one whose quarter read a flank), once more with the noise measured in the gaps between the peaks a first
 * pass found (`gapNoiseScale`) — or a more sensitive pass, seeded by the second differences or the
 * white-noise floor (`floorSeededGapScale`), found; on a run with no baseline left, at the white-noise floor
 * (`detectionAtFloor`); where the first noise range read over peaks and left the width at its fallback, once
 * more with the width read at the settled noise (`widthScaleAtNoise`). Returns the scale the last pass used
 * with what it found.
 */
function automaticDetection(
  values: Float64Array,
  stepSec: number,
  measured: SignalScale,
  minimums: DetectionMinimums,
  options: { negativePeaks: boolean },
): { detection: AutomaticDetection; scale: SignalScale } {
  let current = measured;
  let found = detectAutomatic(values, stepSec, current, minimums, options);
  const floorPass = floorPasses(values);
  for (let pass = 0; pass < GAP_NOISE_PASSES; pass++) {
    let refined = gapNoiseScale(values, current, found.spans ?? []);
    if (refined === current && pass === 0) {
      // The first pass found too few peaks for its gaps to be baseline: a more sensitive pass, seeded by
      // the second differences' noise, gives the gaps. A long run is seeded only when the first pass found
      // no peak at all: its first estimate then read peaks in every window it ranked (a crowded run whose
      // baseline is under a quarter of it), and the run would be emptied by that one figure. Where the
      // second differences seed nothing, a pass at the white-noise floor gives the gaps, kept only where
      // their noise is white (`floorSeededGapScale`).
      const guess = secondDifferenceScale(values, current, (found.spans ?? []).length === 0);
      if (guess) {
        const spans = detectAutomatic(values, stepSec, guess, minimums, options).spans ?? [];
        refined = gapNoiseScale(values, current, spans);
      } else refined = floorSeededGapScale(values, current, floorPass) ?? current;
    }
    if (refined === current) break;
    current = refined;
    found = detectAutomatic(values, stepSec, current, minimums, options);
  }
  const atFloor = detectionAtFloor(
    values,
    stepSec,
    { scale: current, detection: found },
    floorPass,
    minimums,
    options,
  );
  const settled = atFloor ?? { detection: found, scale: current };
  // A width that fell back because the first noise range read over peaks is read again at the settled noise.
  const widened = widthScaleAtNoise(values, settled.scale);
  if (!widened) return settled;
  // Detection on the kernel the width asks where that is narrower; integration on the wider one.
  const narrower = narrowerKernelScale(values, widened) ?? widened;
  return { detection: detectAutomatic(values, stepSec, narrower, minimums, options), scale: widened };
}

/**
 * After the gap passes: a pass at the white-noise floor (`whiteFloorScale`, when the noise they leave reads
 * 10 × it), kept when the last pass left a gap and the peaks at the floor leave fewer gap windows than a noise
 * is read in (`leavesGaps`) — the run has no baseline to read its noise on, and the floor is the one reading it
 * gives (docs/processing.md, "A run with no baseline left"). The floor's spans come from the first step of
 * detection (`automaticSpans`); the whole detection runs only where they leave no gap. Null otherwise.
 */
function detectionAtFloor(
  values: Float64Array,
  stepSec: number,
  last: { scale: SignalScale; detection: AutomaticDetection },
  floorPass: FloorPass,
  minimums: DetectionMinimums,
  options: { negativePeaks: boolean },
): { detection: AutomaticDetection; scale: SignalScale } | null {
  const n = values.length;
  if (!leavesGaps(n, { scale: last.scale, spans: last.detection.spans ?? [] }, 1)) return null;
  const floor = floorPass(last.scale);
  if (!floor || leavesGaps(n, floor)) return null;
  return { detection: detectAutomatic(values, stepSec, floor.scale, minimums, options), scale: floor.scale };
}
