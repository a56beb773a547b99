/** Samples a detector did not deliver (`-9999`, the AIA null, or a non-finite number), bridged in place. */
export interface Dropouts {
  /** Samples replaced. */
  count: number;
  /** Runs of consecutive replaced samples. */
  rangeCount: number;
  /** The first runs (at most {@link MAX_LISTED_RANGES}), in file order, as inclusive sample indices and times. */
  bridgedRanges: { startIndex: number; endIndex: number; startSec: number; endSec: number }[];
}

export const AIA_NULL = -9999;
export const MAX_LISTED_RANGES = 50;

const missing = (value: number) => value === AIA_NULL || !Number.isFinite(value);

/**
 * Replaces dropouts by linear interpolation between the neighbouring valid samples (in time, so a
 * non-uniform axis is bridged correctly); dropouts before the first or after the last valid sample hold that
 * sample's value. Returns what was replaced, or `null` when every sample is missing.
 */
export function bridgeDropouts(timeSec: ArrayLike<number>, values: Float64Array): Dropouts | null {
  const result: Dropouts = { count: 0, rangeCount: 0, bridgedRanges: [] };
  let previous = -1;
  for (let i = 0; i <= values.length; i++) {
    if (i < values.length && missing(values[i] as number)) continue;
    const gapStart = previous + 1;
    if (i > gapStart) {
      if (previous < 0 && i === values.length) return null;
      fill(timeSec, values, previous, i, gapStart);
      result.count += i - gapStart;
      result.rangeCount++;
      if (result.bridgedRanges.length < MAX_LISTED_RANGES) {
        result.bridgedRanges.push({
          startIndex: gapStart,
          endIndex: i - 1,
          startSec: timeSec[gapStart] as number,
          endSec: timeSec[i - 1] as number,
        });
      }
    }
    previous = i;
  }
  return result;
}

function fill(timeSec: ArrayLike<number>, values: Float64Array, before: number, after: number, from: number) {
  if (before < 0) {
    values.fill(values[after] as number, from, after);
    return;
  }
  if (after >= values.length) {
    values.fill(values[before] as number, from, after);
    return;
  }
  const t0 = timeSec[before] as number;
  const y0 = values[before] as number;
  const slope = ((values[after] as number) - y0) / ((timeSec[after] as number) - t0);
  for (let i = from; i < after; i++) values[i] = y0 + slope * ((timeSec[i] as number) - t0);
}
