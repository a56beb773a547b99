import { localMaxima } from './localMaxima.ts';
import { windowLengthSamples } from './peakProminences.ts';
import { peakWidths } from './peakWidths.ts';
import { selectByPeakDistance } from './selectByPeakDistance.ts';

/** One side of a condition: a number, an array of `values.length` read at each peak, or off. */
export type ConditionBound = number | ArrayLike<number> | null | undefined;

/** A number is a minimum; `{ min, max }` is an inclusive interval, either side optional. */
export type PeakCondition = number | ArrayLike<number> | { min?: ConditionBound; max?: ConditionBound };

export interface FindPeaksOptions {
  /** Peak value `x[peak]`. @default null (off) */
  height?: PeakCondition | null;
  /** Vertical distance to both neighbouring samples. @default null (off) */
  threshold?: PeakCondition | null;
  /** Minimum horizontal distance in samples between kept peaks (rounded up, ≥ 1). @default null (off) */
  distance?: number | null;
  /** Prominence. @default null (off) */
  prominence?: PeakCondition | null;
  /** Width in samples at `relHeight`. @default null (off) */
  width?: PeakCondition | null;
  /** Window in samples for prominence (and width) bases. @default null (whole signal) */
  wlen?: number | null;
  /** Relative height for widths. @default 0.5 */
  relHeight?: number;
  /** Size of the flat top in samples. @default null (off) */
  plateauSize?: PeakCondition | null;
}

/** Properties of the kept peaks; only the ones the conditions needed are present (as in scipy). */
export interface FindPeaksProperties {
  plateauSizes?: Int32Array;
  leftEdges?: Int32Array;
  rightEdges?: Int32Array;
  peakHeights?: Float64Array;
  leftThresholds?: Float64Array;
  rightThresholds?: Float64Array;
  prominences?: Float64Array;
  leftBases?: Int32Array;
  rightBases?: Int32Array;
  widths?: Float64Array;
  widthHeights?: Float64Array;
  leftIps?: Float64Array;
  rightIps?: Float64Array;
}

export interface FindPeaksResult {
  peaks: Int32Array;
  properties: FindPeaksProperties;
}

type Indexable = Int32Array | Float64Array;

function boundAt(bound: ConditionBound, peaks: Int32Array, length: number, name: string) {
  if (bound === null || bound === undefined) return undefined;
  if (typeof bound === 'number') return (_: number) => bound;
  if (bound.length !== length) throw new RangeError(`array size of ${name} border must match x`);
  return (n: number) => bound[peaks[n] as number] as number;
}

function unpack(condition: PeakCondition, peaks: Int32Array, length: number, name: string) {
  if (typeof condition === 'number' || 'length' in condition) {
    return { min: boundAt(condition, peaks, length, name), max: undefined };
  }
  return {
    min: boundAt(condition.min, peaks, length, name),
    max: boundAt(condition.max, peaks, length, name),
  };
}

function keepMask(
  condition: PeakCondition,
  property: ArrayLike<number>,
  peaks: Int32Array,
  length: number,
  name: string,
): Uint8Array {
  const { min, max } = unpack(condition, peaks, length, name);
  const keep = new Uint8Array(property.length).fill(1);
  for (let n = 0; n < property.length; n++) {
    const value = property[n] as number;
    if (min && !(min(n) <= value)) keep[n] = 0;
    if (max && !(value <= max(n))) keep[n] = 0;
  }
  return keep;
}

function compress<T extends Indexable>(array: T, keep: Uint8Array): T {
  let count = 0;
  for (let n = 0; n < keep.length; n++) count += keep[n] as number;
  const result = new (array.constructor as new (size: number) => T)(count);
  let position = 0;
  for (let n = 0; n < keep.length; n++) if (keep[n]) result[position++] = array[n] as number;
  return result;
}

function applyKeep(state: { peaks: Int32Array; properties: FindPeaksProperties }, keep: Uint8Array) {
  state.peaks = compress(state.peaks, keep);
  const properties = state.properties as Record<string, Indexable>;
  for (const key of Object.keys(properties)) properties[key] = compress(properties[key] as Indexable, keep);
}

/**
 * Prominences with early rejection: both bases are walked in step, and a peak is dropped as soon as one
 * finished side already proves its prominence below the minimum. Survivors get scipy's exact values.
 */
function prominencesWithMinimum(
  values: ArrayLike<number>,
  peaks: Int32Array,
  windowLength: number,
  minimum: ((n: number) => number) | undefined,
) {
  const count = peaks.length;
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
    const floor = minimum ? minimum(n) : Number.NEGATIVE_INFINITY;
    let left = peak;
    let right = peak;
    let leftMinimum = top;
    let rightMinimum = top;
    let leftBase = peak;
    let rightBase = peak;
    let leftDone = false;
    let rightDone = false;
    while (!(leftDone && rightDone)) {
      if (!leftDone) {
        const value = values[left] as number;
        if (left >= start && value <= top) {
          if (value < leftMinimum) {
            leftMinimum = value;
            leftBase = left;
          }
          left--;
        } else {
          leftDone = true;
          if (!(floor <= top - leftMinimum)) break;
        }
      }
      if (!rightDone) {
        const value = values[right] as number;
        if (right <= end && value <= top) {
          if (value < rightMinimum) {
            rightMinimum = value;
            rightBase = right;
          }
          right++;
        } else {
          rightDone = true;
          if (!(floor <= top - rightMinimum)) break;
        }
      }
    }
    if (!(leftDone && rightDone)) rejected[n] = 1;
    prominences[n] = top - Math.max(leftMinimum, rightMinimum);
    leftBases[n] = leftBase;
    rightBases[n] = rightBase;
  }
  return { prominences, leftBases, rightBases, rejected };
}

/**
 * Finds peaks with the exact semantics of `scipy.signal.find_peaks`: local maxima (flat tops reported at
 * their middle, rounded down), then the filters plateau size → height → threshold → distance →
 * prominence → width, each acting on the survivors of the previous one. Conditions are inclusive.
 * Among peaks of equal height the distance filter keeps the rightmost first (stable, documented rule).
 * @example findPeaks([0, 1, 0, 2, 0, 1, 0], { distance: 2.1 }).peaks // Int32Array [3]
 */
export function findPeaks(values: ArrayLike<number>, options: FindPeaksOptions = {}): FindPeaksResult {
  const length = values.length;
  const { distance, height, threshold, prominence, width, plateauSize } = options;
  if (distance !== null && distance !== undefined && !(distance >= 1)) {
    throw new RangeError('`distance` must be greater or equal to 1');
  }
  const maxima = localMaxima(values);
  const state: { peaks: Int32Array; properties: FindPeaksProperties } = {
    peaks: maxima.peaks,
    properties: {},
  };
  if (plateauSize !== null && plateauSize !== undefined) {
    const sizes = new Int32Array(state.peaks.length);
    for (let n = 0; n < sizes.length; n++) {
      sizes[n] = (maxima.rightEdges[n] as number) - (maxima.leftEdges[n] as number) + 1;
    }
    Object.assign(state.properties, {
      plateauSizes: sizes,
      leftEdges: maxima.leftEdges,
      rightEdges: maxima.rightEdges,
    });
    applyKeep(state, keepMask(plateauSize, sizes, state.peaks, length, 'plateau_size'));
  }
  if (height !== null && height !== undefined) {
    const heights = Float64Array.from(state.peaks, (peak) => values[peak] as number);
    state.properties.peakHeights = heights;
    applyKeep(state, keepMask(height, heights, state.peaks, length, 'height'));
  }
  if (threshold !== null && threshold !== undefined) {
    const leftThresholds = Float64Array.from(
      state.peaks,
      (peak) => (values[peak] as number) - (values[peak - 1] as number),
    );
    const rightThresholds = Float64Array.from(
      state.peaks,
      (peak) => (values[peak] as number) - (values[peak + 1] as number),
    );
    const { min, max } = unpack(threshold, state.peaks, length, 'threshold');
    const keep = new Uint8Array(state.peaks.length).fill(1);
    for (let n = 0; n < keep.length; n++) {
      const a = leftThresholds[n] as number;
      const b = rightThresholds[n] as number;
      if (min && !(min(n) <= Math.min(a, b))) keep[n] = 0;
      if (max && !(Math.max(a, b) <= max(n))) keep[n] = 0;
    }
    Object.assign(state.properties, { leftThresholds, rightThresholds });
    applyKeep(state, keep);
  }
  if (distance !== null && distance !== undefined) {
    const priority = Float64Array.from(state.peaks, (peak) => values[peak] as number);
    applyKeep(state, selectByPeakDistance(state.peaks, priority, distance));
  }
  const hasProminence = prominence !== null && prominence !== undefined;
  const hasWidth = width !== null && width !== undefined;
  if (hasProminence || hasWidth) {
    const windowLength = windowLengthSamples(options.wlen);
    const bounds = hasProminence ? unpack(prominence, state.peaks, length, 'prominence') : undefined;
    const computed = prominencesWithMinimum(values, state.peaks, windowLength, bounds?.min);
    Object.assign(state.properties, {
      prominences: computed.prominences,
      leftBases: computed.leftBases,
      rightBases: computed.rightBases,
    });
    if (hasProminence) {
      const keep = keepMask(prominence, computed.prominences, state.peaks, length, 'prominence');
      for (let n = 0; n < keep.length; n++) if (computed.rejected[n]) keep[n] = 0;
      applyKeep(state, keep);
    }
  }
  if (hasWidth) {
    const { prominences, leftBases, rightBases } = state.properties as Required<FindPeaksProperties>;
    const measured = peakWidths(values, state.peaks, {
      relHeight: options.relHeight ?? 0.5,
      prominenceData: { prominences, leftBases, rightBases },
    });
    Object.assign(state.properties, measured);
    applyKeep(state, keepMask(width, measured.widths, state.peaks, length, 'width'));
  }
  return state;
}
