/** Prominence of each peak and the bases that define it (scipy `peak_prominences`). */
export interface PeakProminences {
  prominences: Float64Array;
  leftBases: Int32Array;
  rightBases: Int32Array;
}

/**
 * Converts scipy's `wlen` argument to a whole window length in samples (-1 = whole signal).
 * Floats are rounded up; values of 1 or less are rejected.
 */
export function windowLengthSamples(wlen: number | null | undefined): number {
  if (wlen === null || wlen === undefined) return -1;
  if (!(wlen > 1)) throw new RangeError(`wlen must be larger than 1, was ${wlen}`);
  return Math.ceil(wlen);
}

/**
 * Computes the prominence of every peak: how far it rises above the higher of its two bases, each base
 * being the lowest point before the signal climbs above the peak (within `wlen` samples when given).
 * Bases are not integration limits: in a drifting run they may lie far from the peak.
 * @example peakProminences([0, 2, 1, 3, 0.5, 2.5, 0], [1, 3, 5]).prominences // [1, 3, 2]
 */
export function peakProminences(
  values: ArrayLike<number>,
  peaks: ArrayLike<number>,
  wlen?: number | null,
): PeakProminences {
  const windowLength = windowLengthSamples(wlen);
  const count = peaks.length;
  const prominences = new Float64Array(count);
  const leftBases = new Int32Array(count);
  const rightBases = new Int32Array(count);
  const last = values.length - 1;
  for (let n = 0; n < count; n++) {
    const peak = peaks[n] as number;
    if (!(peak >= 0 && peak <= last) || !Number.isInteger(peak)) {
      throw new RangeError(`peak ${peak} is not a valid index for x`);
    }
    let start = 0;
    let end = last;
    if (windowLength >= 2) {
      start = Math.max(peak - (windowLength >> 1), 0);
      end = Math.min(peak + (windowLength >> 1), last);
    }
    const top = values[peak] as number;
    let leftMinimum = top;
    let leftBase = peak;
    for (let i = peak; i >= start && (values[i] as number) <= top; i--) {
      if ((values[i] as number) < leftMinimum) {
        leftMinimum = values[i] as number;
        leftBase = i;
      }
    }
    let rightMinimum = top;
    let rightBase = peak;
    for (let i = peak; i <= end && (values[i] as number) <= top; i++) {
      if ((values[i] as number) < rightMinimum) {
        rightMinimum = values[i] as number;
        rightBase = i;
      }
    }
    leftBases[n] = leftBase;
    rightBases[n] = rightBase;
    prominences[n] = top - Math.max(leftMinimum, rightMinimum);
  }
  return { prominences, leftBases, rightBases };
}
