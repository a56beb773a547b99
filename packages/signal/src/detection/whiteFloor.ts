import { whiteNoiseFloor } from '../noise/differenceNoise.ts';
import { automaticSpans } from './detectAutomatic.ts';
import type { SignalScale } from './detectionSettings.ts';
import { APART_SD_RATIO, gapNoiseScale, gapWindowCount, MIN_GAP_WINDOWS, type PeakSpan } from './gapNoise.ts';
import { whiteNoiseGain } from './smoothForDetection.ts';

/**
 * The scale with the detection noise read from the white part of the raw noise (`whiteNoiseFloor`): the
 * detection signal's SD is the raw SD under the detection kernel (two m-sample means: √((2m² + 1) / 3m³)),
 * the ranges by the scale's range-to-SD ratios; the noise is then no longer the gaps' (`noiseFromGaps`).
 * Null unless the scale's raw SD (the first estimate, or what the gap passes read) is at least
 * `APART_SD_RATIO` (10) times the floor — were the noise white, both would read it, and two readings of one
 * noise differ by that much with probability 1/101 (F(2, 2)), so the scale read another signal; a wandering or
 * pulsing baseline reads 2–5 × its white part and keeps its reading — or when the floor cannot be read (a
 * flat or quantised signal).
 */
export function whiteFloorScale(
  values: Float64Array,
  scale: SignalScale,
  /** The values' `whiteNoiseFloor`, when already read. */
  rawSd = whiteNoiseFloor(values),
): SignalScale | null {
  const m = scale.smoothingSamples;
  if (!(rawSd > 0) || !(scale.rawNoise.sd > 0) || !(scale.smoothedSd > 0)) return null;
  if (!(scale.rawNoise.sd >= APART_SD_RATIO * rawSd)) return null;
  const smoothedSd = rawSd * whiteNoiseGain(m);
  if (!(smoothedSd < scale.smoothedSd)) return null;
  return {
    ...scale,
    smoothedSd,
    smoothedPeakToPeak: smoothedSd * (scale.smoothedPeakToPeak / scale.smoothedSd),
    rawNoise: { sd: rawSd, peakToPeak: rawSd * (scale.rawNoise.peakToPeak / scale.rawNoise.sd) },
    noiseFromGaps: false,
    noiseFromDifferences: true,
  };
}

/**
 * Whether the peaks' spans of a detection pass leave gap windows to read a noise in (at least `fewest`,
 * `MIN_GAP_WINDOWS` unless given, cut as the gap pass cuts them). A run with no baseline left is one whose last
 * pass left a gap window and whose pass at the white-noise floor leaves fewer than a noise is read in: every
 * gap the noise read so far left held a peak, or was too short a stretch for the gap pass to read (a short
 * run whose last pass left one or two windows kept a first estimate 10–430 × its noise). A run whose last pass
 * left no gap at all (one broad hump over it: a gradient trace) is not one: nothing says its gaps held peaks.
 */
export function leavesGaps(
  n: number,
  pass: { scale: SignalScale; spans: readonly PeakSpan[] },
  fewest = MIN_GAP_WINDOWS,
): boolean {
  return gapWindowCount(n, pass.scale, pass.spans) >= fewest;
}

/**
 * The noise read in the gaps between the peaks found at the white-noise floor (`gapNoiseScale` over
 * `automaticSpans` at `whiteFloorScale`), for a run whose first gap reading was refused and which the second
 * differences do not seed (`secondDifferenceScale`: a long run, or a kernel under 3 samples). A first estimate
 * 10 × the floor read peaks in its quiet windows, so the peaks it finds are too few for their gaps to be
 * baseline; the floor finds them all, and their gaps are. Taken only where the reading is white noise at the
 * detection kernel's scale, as `judgedWindows` asks of each gap window: its detection-signal SD lies nearer
 * the kernel's white gain (`whiteNoiseGain`) times its raw SD than the raw SD itself. A run whose first
 * estimate is its own noise, wandering or quantised (`CLASSVP.CDF`: 118 × its floor), reads in the floor's
 * gaps a noise the kernel does not lower (1.63 × its raw SD, where white noise gives 0.37): its first
 * estimate stays. Null otherwise.
 */
export function floorSeededGapScale(
  values: Float64Array,
  scale: SignalScale,
  floorPass: FloorPass = floorPasses(values),
): SignalScale | null {
  const pass = floorPass(scale);
  if (!pass) return null;
  const refined = gapNoiseScale(values, scale, pass.spans);
  if (refined === scale) return null;
  const gain = whiteNoiseGain(scale.smoothingSamples);
  return refined.smoothedSd <= ((gain + 1) / 2) * refined.rawNoise.sd ? refined : null;
}

/** The pass at the white-noise floor from a scale (`whiteFloorScale`) with its peaks' spans; null without a floor. */
export type FloorPass = (scale: SignalScale) => { scale: SignalScale; spans: PeakSpan[] } | null;

/**
 * The passes at the white-noise floor of one signal, each scale's computed once: the floor is read once, and
 * the floor-seeded gap reading and the pass at the floor after the gap passes share the spans of a scale the
 * gap passes left as it was (`automaticSpans`, the costly part).
 */
export function floorPasses(values: Float64Array): FloorPass {
  let rawSd: number | undefined;
  const passes = new Map<SignalScale, ReturnType<FloorPass>>();
  return (scale) => {
    if (passes.has(scale)) return passes.get(scale)!;
    rawSd ??= whiteNoiseFloor(values);
    const floor = whiteFloorScale(values, scale, rawSd);
    const pass = floor ? { scale: floor, spans: automaticSpans(floor) } : null;
    passes.set(scale, pass);
    return pass;
  };
}
