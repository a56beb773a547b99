import type { ResolvedBound } from './conditionMask.ts';

/** First run length of each side's walk; it doubles every round, so a walk costs at most twice its length. */
const FIRST_RUN = 32;
/** Whole-signal walks step over blocks of 64 samples that all lie at or below the peak. */
const BLOCK_SHIFT = 6;
const BLOCK = 1 << BLOCK_SHIFT;
const BLOCK_MASK = BLOCK - 1;

/** Per block of samples: the highest (+∞ when it holds NaN) and the lowest value, and where that lowest
 * value first and last occurs. */
interface Blocks {
  max: Float64Array;
  min: Float64Array;
  firstMin: Int32Array;
  lastMin: Int32Array;
}

function measureBlocks(values: Float64Array): Blocks {
  const count = values.length >> BLOCK_SHIFT;
  const blocks = {
    max: new Float64Array(count),
    min: new Float64Array(count),
    firstMin: new Int32Array(count),
    lastMin: new Int32Array(count),
  };
  for (let b = 0; b < count; b++) {
    const from = b << BLOCK_SHIFT;
    let high = values[from] as number;
    let low = high;
    let first = from;
    let lastLow = from;
    let hasNaN = high !== high;
    for (let i = from + 1; i < from + BLOCK; i++) {
      const value = values[i] as number;
      if (value > high) high = value;
      if (value < low) {
        low = value;
        first = i;
        lastLow = i;
      } else if (value === low) lastLow = i;
      else if (value !== value) hasNaN = true;
    }
    blocks.max[b] = hasNaN ? Number.POSITIVE_INFINITY : high;
    blocks.min[b] = low;
    blocks.firstMin[b] = first;
    blocks.lastMin[b] = lastLow;
  }
  return blocks;
}

/**
 * Prominences with early rejection: the two bases are walked alternately in runs of doubling length, and a
 * peak is dropped as soon as one finished side already proves its prominence below the minimum. Survivors
 * get scipy's exact values. Used when a `wlen` window bounds the walks, and for a few peaks on the whole
 * signal (`windowLength` < 2) with a `budget`: null as soon as the walks have taken more than that many
 * steps in all (a block stepped over counts as one). `rejected[n]` = 1 marks the peaks dropped early.
 */
export function prominencesWithMinimum(
  values: Float64Array,
  peaks: Int32Array,
  windowLength: number,
  minimum: ResolvedBound,
  budget: number = Number.POSITIVE_INFINITY,
) {
  let steps = 0;
  const count = peaks.length;
  // Whole-signal walks of a few peaks can be long: whole blocks below the peak are stepped over at once
  // (the lowest sample of a block is the one a sample-by-sample walk would keep: nearest the peak on ties).
  const blocks = windowLength < 2 && count > 0 ? measureBlocks(values) : null;
  const fullBlocks = blocks ? blocks.max.length : 0;
  const prominences = new Float64Array(count);
  const leftBases = new Int32Array(count);
  const rightBases = new Int32Array(count);
  const rejected = new Uint8Array(count);
  const last = values.length - 1;
  for (let n = 0; n < count; n++) {
    const peak = peaks[n] as number;
    const start = windowLength >= 2 ? Math.max(peak - (windowLength >> 1), 0) : 0;
    const end = windowLength >= 2 ? Math.min(peak + (windowLength >> 1), last) : last;
    const top = values[peak] as number;
    const floor =
      minimum === null
        ? Number.NEGATIVE_INFINITY
        : typeof minimum === 'number'
          ? minimum
          : (minimum[n] as number);
    let left = peak;
    let right = peak;
    let leftMinimum = top;
    let rightMinimum = top;
    let leftBase = peak;
    let rightBase = peak;
    let leftDone = false;
    let rightDone = false;
    let run = FIRST_RUN;
    let dropped = false;
    while (!(leftDone && rightDone)) {
      if (!leftDone) {
        const stop = Math.max(start, left - run + 1);
        let higher = false;
        // Reads stay inside the array (an out-of-range read would slow every later one).
        for (; left >= stop; left--) {
          steps++;
          if (blocks && (left & BLOCK_MASK) === BLOCK_MASK && left >> BLOCK_SHIFT < fullBlocks) {
            const b = left >> BLOCK_SHIFT;
            if ((blocks.max[b] as number) <= top) {
              if ((blocks.min[b] as number) < leftMinimum) {
                leftMinimum = blocks.min[b] as number;
                leftBase = blocks.lastMin[b] as number;
              }
              left -= BLOCK - 1;
              continue;
            }
          }
          const value = values[left] as number;
          if (!(value <= top)) {
            higher = true;
            break;
          }
          if (value < leftMinimum) {
            leftMinimum = value;
            leftBase = left;
          }
        }
        if (higher || left < start) {
          leftDone = true;
          if (!(floor <= top - leftMinimum)) {
            dropped = true;
            break;
          }
        }
      }
      if (!rightDone) {
        const stop = Math.min(end, right + run - 1);
        let higher = false;
        for (; right <= stop; right++) {
          steps++;
          if (blocks && (right & BLOCK_MASK) === 0 && right >> BLOCK_SHIFT < fullBlocks) {
            const b = right >> BLOCK_SHIFT;
            if ((blocks.max[b] as number) <= top) {
              if ((blocks.min[b] as number) < rightMinimum) {
                rightMinimum = blocks.min[b] as number;
                rightBase = blocks.firstMin[b] as number;
              }
              right += BLOCK - 1;
              continue;
            }
          }
          const value = values[right] as number;
          if (!(value <= top)) {
            higher = true;
            break;
          }
          if (value < rightMinimum) {
            rightMinimum = value;
            rightBase = right;
          }
        }
        if (higher || right > end) {
          rightDone = true;
          if (!(floor <= top - rightMinimum)) {
            dropped = true;
            break;
          }
        }
      }
      run *= 2;
    }
    if (steps > budget) return null;
    if (dropped) rejected[n] = 1;
    prominences[n] = top - Math.max(leftMinimum, rightMinimum);
    leftBases[n] = leftBase;
    rightBases[n] = rightBase;
  }
  return { prominences, leftBases, rightBases, rejected };
}
