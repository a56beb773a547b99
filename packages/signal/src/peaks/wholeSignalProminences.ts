import { localMaximaIndices } from './localMaximaIndices.ts';
import { prominencesWithMinimum } from './prominencesWithMinimum.ts';

/** Walk from each peak (as scipy does) when there is at most one peak per this many samples… */
export const FEW_PEAKS_RATIO = 64;
/**
 * …until the walks have taken this many signal lengths of steps in all; then the O(n) pass over every
 * maximum. A step of a walk costs about as much as a sample of that pass on a smooth signal (a fifth on a
 * noisy one), so at worst the walks double the cost.
 */
export const WALK_BUDGET = 2;
import type { PeakProminences } from './peakProminences.ts';
import { valleyMinima, type ValleyMinima } from './valleyMinima.ts';

/** Doubles a stack's capacity, keeping its content. */
function grow<T extends Int32Array | Float64Array>(stack: T): T {
  const grown = new (stack.constructor as new (size: number) => T)(stack.length * 2);
  grown.set(stack);
  return grown;
}

/**
 * Lowest sample between each peak and the nearest sample higher than it on one side (`direction` −1:
 * left, +1: right); among equal lows the one nearest the peak. One monotonic-stack pass over the signal
 * from the far end towards the peaks: a sample not above a later one can never stop a walk that reaches
 * it past that one, so it is popped, and each sample is pushed and popped once. NaN is never popped.
 */
function sideBases(values: Float64Array, peaks: Int32Array, direction: 1 | -1): Int32Array {
  const count = peaks.length;
  const bases = new Int32Array(count);
  // Each stack entry: a sample's value, and the lowest sample (value, index) since the entry below it.
  let stackValue = new Float64Array(1024);
  let stackLowValue = new Float64Array(1024);
  let stackLowIndex = new Int32Array(1024);
  let top = -1;
  const step = -direction;
  let next = direction === 1 ? count - 1 : 0;
  let nextPeak = peaks[next] as number;
  const first = direction === 1 ? values.length - 1 : 0;
  const end = (direction === 1 ? (peaks[0] as number) : (peaks[count - 1] as number)) + step;
  for (let i = first; i !== end; i += step) {
    const value = values[i] as number;
    let lowIndex = i;
    let lowValue = value;
    while (top >= 0 && (stackValue[top] as number) <= value) {
      // Strict: among equal lows the one already held (nearer the peak) wins, as in scipy's walk.
      if ((stackLowValue[top] as number) < lowValue) {
        lowValue = stackLowValue[top] as number;
        lowIndex = stackLowIndex[top] as number;
      }
      top--;
    }
    top++;
    if (top === stackValue.length) {
      stackValue = grow(stackValue);
      stackLowValue = grow(stackLowValue);
      stackLowIndex = grow(stackLowIndex);
    }
    stackValue[top] = value;
    stackLowValue[top] = lowValue;
    stackLowIndex[top] = lowIndex;
    if (i === nextPeak) {
      bases[next] = lowIndex;
      next += step;
      nextPeak = next >= 0 && next < count ? (peaks[next] as number) : -1;
    }
  }
  return bases;
}

/**
 * The same bases from the local maxima alone: between two neighbouring maxima the signal only falls then
 * rises, so a walk's lowest sample is the lowest of the gaps it crosses and only maxima can stop it.
 * The stack then runs over the maxima (a quarter of the samples in noisy data) instead of every sample.
 * `positions[n]` is the position of peak n among `maxima`.
 */
function sideBasesFromMaxima(
  values: Float64Array,
  maxima: Int32Array,
  valleys: ValleyMinima,
  positions: Int32Array,
  direction: 1 | -1,
  stack: { value: Float64Array; lowValue: Float64Array; lowIndex: Int32Array },
): Int32Array {
  const count = positions.length;
  const bases = new Int32Array(count);
  const size = maxima.length;
  const { value: stackValue, lowValue: stackLowValue, lowIndex: stackLowIndex } = stack;
  // The gap crossed first leaving maximum k: gap k on the left, gap k + 1 on the right.
  const gapOffset = direction === 1 ? 1 : 0;
  const gapIndex = direction === 1 ? valleys.leftmost : valleys.rightmost;
  let top = -1;
  const step = -direction;
  let next = direction === 1 ? count - 1 : 0;
  let nextPosition = positions[next] as number;
  const first = direction === 1 ? size - 1 : 0;
  const end = (direction === 1 ? (positions[0] as number) : (positions[count - 1] as number)) + step;
  for (let k = first; k !== end; k += step) {
    const value = values[maxima[k] as number] as number;
    let lowValue = value;
    let lowIndex = maxima[k] as number;
    const gap = k + gapOffset;
    if ((valleys.values[gap] as number) < lowValue) {
      lowValue = valleys.values[gap] as number;
      lowIndex = gapIndex[gap] as number;
    }
    while (top >= 0 && (stackValue[top] as number) <= value) {
      if ((stackLowValue[top] as number) < lowValue) {
        lowValue = stackLowValue[top] as number;
        lowIndex = stackLowIndex[top] as number;
      }
      top--;
    }
    top++;
    stackValue[top] = value;
    stackLowValue[top] = lowValue;
    stackLowIndex[top] = lowIndex;
    if (k === nextPosition) {
      bases[next] = lowIndex;
      next += step;
      nextPosition = next >= 0 && next < count ? (positions[next] as number) : -1;
    }
  }
  return bases;
}

/** Position of each peak among the maxima, or null when one of the peaks is not a local maximum. */
export function positionsAmong(peaks: Int32Array, maxima: Int32Array): Int32Array | null {
  const positions = new Int32Array(peaks.length);
  let k = 0;
  for (let n = 0; n < peaks.length; n++) {
    const peak = peaks[n] as number;
    while (k < maxima.length && (maxima[k] as number) < peak) k++;
    if (maxima[k] !== peak) return null;
    positions[n] = k;
  }
  return positions;
}

/**
 * `peakProminences` with the whole signal as window (scipy `wlen=None`) in O(n) for any number of peaks,
 * instead of one walk per peak; identical results. `peaks` must be strictly increasing valid indices.
 * `maxima` (all local maxima of `values`, as `localMaximaIndices` gives them) is computed when needed.
 * At most one peak per 64 samples: scipy's own walks first, given up after 2 signal lengths of steps.
 * @example wholeSignalProminences(Float64Array.of(0, 2, 1, 3, 0.5, 2.5, 0), Int32Array.of(1, 3, 5))
 * // prominences [1, 3, 2], leftBases [0, 0, 4], rightBases [2, 6, 6]
 */
export function wholeSignalProminences(
  values: Float64Array,
  peaks: Int32Array,
  maxima?: Int32Array,
  /** False when the caller has already tried the walks. @default true */
  tryWalks = true,
): PeakProminences {
  const count = peaks.length;
  if (tryWalks && count * FEW_PEAKS_RATIO <= values.length) {
    const walked = prominencesWithMinimum(values, peaks, -1, null, WALK_BUDGET * values.length);
    if (walked)
      return { prominences: walked.prominences, leftBases: walked.leftBases, rightBases: walked.rightBases };
  }
  const prominences = new Float64Array(count);
  if (count === 0) return { prominences, leftBases: new Int32Array(0), rightBases: new Int32Array(0) };
  maxima ??= localMaximaIndices(values);
  const positions = positionsAmong(peaks, maxima);
  const valleys = positions ? valleyMinima(values, maxima) : null;
  let leftBases: Int32Array;
  let rightBases: Int32Array;
  if (positions && valleys) {
    // The stack never holds more than every maximum; both passes share it.
    const stack = {
      value: new Float64Array(maxima.length),
      lowValue: new Float64Array(maxima.length),
      lowIndex: new Int32Array(maxima.length),
    };
    leftBases = sideBasesFromMaxima(values, maxima, valleys, positions, -1, stack);
    rightBases = sideBasesFromMaxima(values, maxima, valleys, positions, 1, stack);
  } else {
    // Peaks that are not local maxima, or NaN in the signal: one stack pass over every sample.
    leftBases = sideBases(values, peaks, -1);
    rightBases = sideBases(values, peaks, 1);
  }
  for (let n = 0; n < count; n++) {
    const top = values[peaks[n] as number] as number;
    prominences[n] =
      top - Math.max(values[leftBases[n] as number] as number, values[rightBases[n] as number] as number);
  }
  return { prominences, leftBases, rightBases };
}
