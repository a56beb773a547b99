import { kthSmallestInPlace } from '../statistics/kthSmallest.ts';

/** Intervals sampled (evenly spread) for the candidate median. */
const CANDIDATE_SAMPLES = 1001;

/**
 * Median sampling interval of increasing times (the upper middle one for an even count), in O(n).
 * A regular grid has only a few distinct intervals (the rounding of `i × step`), so the median of an even
 * sample of them is almost always the median itself: that candidate is checked exactly by counting the
 * intervals below and equal to it (one pass, no copy). Otherwise the intervals are selected from a work array.
 * @example medianStep([0, 1, 2, 4]) // 1 (steps 1, 1, 2)
 */
export function medianStep(
  timeSec: ArrayLike<number>,
  /** Work buffer of at least n − 1 values, overwritten when used; saves an allocation. @default a new one */
  scratch?: Float64Array,
): number {
  const count = timeSec.length - 1;
  const k = count >> 1;
  if (count > CANDIDATE_SAMPLES) {
    const candidate = sampledMedian(timeSec, count);
    if (isKthSmallestStep(timeSec, count, k, candidate)) return candidate;
  }
  const steps = scratch && scratch.length >= count ? scratch.subarray(0, count) : new Float64Array(count);
  for (let i = 0; i < steps.length; i++) steps[i] = (timeSec[i + 1] as number) - (timeSec[i] as number);
  return kthSmallestInPlace(steps, k);
}

/** Golden-ratio fraction: the sampled positions' offsets within their strides never repeat. */
const GOLDEN_FRACTION = 0.6180339887498949;

/**
 * Index of the `s`-th sampled interval out of `count`: one in each of `CANDIDATE_SAMPLES` equal strides, at
 * an offset within the stride that varies with `s`. A fixed offset can alias with the rounding pattern of
 * `i × step` (on the bench grid of 1,000,000 points at 0.01 s every sampled interval fell short of the
 * median), which only costs the fallback selection; varying offsets sample the pattern fairly.
 */
export function sampledIntervalIndex(s: number, count: number): number {
  const position = s + ((s * GOLDEN_FRACTION) % 1);
  return Math.min(count - 1, Math.floor((position * count) / CANDIDATE_SAMPLES));
}

/** Median of `CANDIDATE_SAMPLES` intervals spread over the run. */
function sampledMedian(timeSec: ArrayLike<number>, count: number): number {
  const sample = new Float64Array(CANDIDATE_SAMPLES);
  for (let s = 0; s < CANDIDATE_SAMPLES; s++) {
    const i = sampledIntervalIndex(s, count);
    sample[s] = (timeSec[i + 1] as number) - (timeSec[i] as number);
  }
  return kthSmallestInPlace(sample, CANDIDATE_SAMPLES >> 1);
}

/**
 * True when `candidate` is the k-th smallest interval (0-based): fewer than k + 1 intervals lie below it and
 * more than k at or below it. Any NaN interval (or a NaN candidate) answers false.
 */
function isKthSmallestStep(timeSec: ArrayLike<number>, count: number, k: number, candidate: number): boolean {
  if (candidate !== candidate) return false;
  let below = 0;
  let equal = 0;
  let invalid = 0;
  for (let i = 0; i < count; i++) {
    const step = (timeSec[i + 1] as number) - (timeSec[i] as number);
    below += Number(step < candidate);
    equal += Number(step === candidate);
    invalid += Number(step !== step);
  }
  return invalid === 0 && below <= k && k < below + equal;
}
