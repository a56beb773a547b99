import { localMaxima } from './localMaxima.ts';
import { localMaximaIndices } from './localMaximaIndices.ts';
import { localMaximaWithHeights } from './localMaximaWithHeights.ts';
import { windowLengthSamples, type PeakProminences } from './peakProminences.ts';
import { peakWidths } from './peakWidths.ts';
import { keptByPeakDistance, selectByPeakDistance } from './selectByPeakDistance.ts';
import { prominencesWithMinimum } from './prominencesWithMinimum.ts';
import { peakThresholds, thresholdFilter } from './thresholdFilter.ts';
import {
  FEW_PEAKS_RATIO,
  positionsAmong,
  WALK_BUDGET,
  wholeSignalProminences,
} from './wholeSignalProminences.ts';
import {
  applyMaximum,
  applyMinimum,
  conditionMask,
  resolveCondition,
  type PeakCondition,
} from './conditionMask.ts';
import { asFloat64Array } from '../statistics/asFloat64Array.ts';

export type { ConditionBound, PeakCondition } from './conditionMask.ts';

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

/** Every local maximum of one signal with its whole-signal prominence and bases (`wholeSignalProminences`). */
export interface MaximaProminences extends PeakProminences {
  maxima: Int32Array;
}

/** The prominences of `peaks` (all among `known.maxima`) in new arrays, or null when one is not there. */
function prominencesFromKnown(known: MaximaProminences, peaks: Int32Array): PeakProminences | null {
  const positions = positionsAmong(peaks, known.maxima);
  if (!positions) return null;
  const count = peaks.length;
  const prominences = new Float64Array(count);
  const leftBases = new Int32Array(count);
  const rightBases = new Int32Array(count);
  for (let n = 0; n < count; n++) {
    const k = positions[n] as number;
    prominences[n] = known.prominences[k] as number;
    leftBases[n] = known.leftBases[k] as number;
    rightBases[n] = known.rightBases[k] as number;
  }
  return { prominences, leftBases, rightBases };
}

// The loops over every peak below sit in functions of their own, given their lengths and returning right after
// the loop: V8 compiles a long loop on its first call while it runs, before the code around it has type
// feedback, and such code reached later sends every call back to the slower loop compiled mid-run.

/** Moves the kept entries to the front of `array` (in place: every array here is findPeaks' own). */
function compact<T extends Indexable>(array: T, keep: Uint8Array, count: number): T {
  moveKeptToFront(array, keep, keep.length);
  return array.subarray(0, count) as T;
}

/** The kept entries of `array` in a new array (`array` is left as it is). */
function keptCopy(array: Int32Array, keep: Uint8Array, count: number): Int32Array {
  const kept = new Int32Array(count);
  copyKept(array, keep, kept, keep.length);
  return kept;
}

function copyKept(array: Int32Array, keep: Uint8Array, kept: Int32Array, size: number) {
  let position = 0;
  for (let n = 0; n < size; n++) if (keep[n]) kept[position++] = array[n] as number;
}

function moveKeptToFront(array: Indexable, keep: Uint8Array, size: number) {
  let position = 0;
  for (let n = 0; n < size; n++) if (keep[n]) array[position++] = array[n] as number;
}

function countKept(keep: Uint8Array, size: number): number {
  let count = 0;
  for (let n = 0; n < size; n++) count += keep[n] as number;
  return count;
}

interface State {
  peaks: Int32Array;
  properties: FindPeaksProperties;
  /** The list of every local maximum while `peaks` is still it: kept whole for the prominence pass. */
  maxima: Int32Array | null;
}

function applyKeep(state: State, keep: Uint8Array) {
  const count = countKept(keep, keep.length);
  if (count === keep.length) return;
  // The list of every maximum stays whole for the prominence pass.
  state.peaks =
    state.peaks === state.maxima ? keptCopy(state.peaks, keep, count) : compact(state.peaks, keep, count);
  const properties = state.properties as Record<string, Indexable>;
  for (const key of Object.keys(properties)) {
    properties[key] = compact(properties[key] as Indexable, keep, count);
  }
}

function valuesAt(values: Float64Array, peaks: Int32Array): Float64Array {
  const result = new Float64Array(peaks.length);
  fillValuesAt(values, peaks, result, peaks.length);
  return result;
}

function fillValuesAt(values: Float64Array, peaks: Int32Array, result: Float64Array, count: number) {
  for (let n = 0; n < count; n++) result[n] = values[peaks[n] as number] as number;
}

/**
 * Finds peaks with the exact semantics of `scipy.signal.find_peaks`: local maxima (flat tops reported at
 * their middle, rounded down), then the filters plateau size → height → threshold → distance →
 * prominence → width, each acting on the survivors of the previous one. Conditions are inclusive.
 * Among peaks of equal height the distance filter keeps the rightmost first (stable, documented rule).
 * @example findPeaks([0, 1, 0, 2, 0, 1, 0], { distance: 2.1 }).peaks // Int32Array [3]
 */
export function findPeaks(
  input: ArrayLike<number>,
  options: FindPeaksOptions = {},
  /**
   * The whole-signal prominences of every maximum of the values, when the caller keeps them between calls
   * on the same signal (`SignalMemo`): used where every maximum's prominence would be computed. Not scipy's.
   */
  knownMaxima: ((values: Float64Array) => MaximaProminences) | null = null,
): FindPeaksResult {
  const values = asFloat64Array(input);
  const length = values.length;
  const { distance, height, threshold, prominence, width, plateauSize } = options;
  if (distance !== null && distance !== undefined && !(distance >= 1)) {
    throw new RangeError('`distance` must be greater or equal to 1');
  }
  const hasPlateauSize = plateauSize !== null && plateauSize !== undefined;
  // A plain minimum height and a plain minimum threshold are applied during the maxima scan; every maximum
  // is then found again only if whole-signal prominences need them all.
  const heightInScan = !hasPlateauSize && typeof height === 'number';
  const thresholdInScan = !hasPlateauSize && typeof threshold === 'number';
  const hasDistance = distance !== null && distance !== undefined;
  // Distance alone: the heights it ranks by are written by the maxima scan (no second pass over the signal).
  // Its lists live in work buffers: the peaks handed out are the distance filter's new array.
  const scannedHeights =
    hasDistance && !hasPlateauSize && (height ?? null) === null && (threshold ?? null) === null
      ? localMaximaWithHeights(values)
      : null;
  const maxima = hasPlateauSize
    ? localMaxima(values)
    : (scannedHeights ?? {
        peaks: localMaximaIndices(
          values,
          heightInScan ? height : Number.NEGATIVE_INFINITY,
          thresholdInScan ? threshold : null,
        ),
      });
  const everyMaximum = () => (heightInScan || thresholdInScan ? localMaximaIndices(values) : maxima.peaks);
  const state: State = { peaks: maxima.peaks, properties: {}, maxima: maxima.peaks };
  if (hasPlateauSize && 'leftEdges' in maxima) {
    const sizes = new Int32Array(state.peaks.length);
    for (let n = 0; n < sizes.length; n++) {
      sizes[n] = (maxima.rightEdges[n] as number) - (maxima.leftEdges[n] as number) + 1;
    }
    Object.assign(state.properties, {
      plateauSizes: sizes,
      leftEdges: maxima.leftEdges,
      rightEdges: maxima.rightEdges,
    });
    applyKeep(state, conditionMask(plateauSize, sizes, state.peaks, length, 'plateau_size'));
  }
  if (heightInScan) {
    state.properties.peakHeights = valuesAt(values, state.peaks);
  } else if (height !== null && height !== undefined) {
    const heights = valuesAt(values, state.peaks);
    state.properties.peakHeights = heights;
    applyKeep(state, conditionMask(height, heights, state.peaks, length, 'height'));
  }
  if (thresholdInScan) {
    // Only the thresholds of the kept peaks remain to be measured (the minimum was applied in the scan).
    Object.assign(state.properties, peakThresholds(values, state.peaks));
  } else if (threshold !== null && threshold !== undefined) {
    const { min, max } = resolveCondition(threshold, state.peaks, length, 'threshold');
    const { keep, leftThresholds, rightThresholds } = thresholdFilter(values, state.peaks, min, max);
    Object.assign(state.properties, { leftThresholds, rightThresholds });
    applyKeep(state, keep);
  }
  if (scannedHeights) {
    // Nothing filtered before and no property measured yet: only the peaks change.
    state.peaks = keptByPeakDistance(state.peaks, scannedHeights.heights, distance!);
  } else if (hasDistance) {
    applyKeep(state, selectByPeakDistance(state.peaks, valuesAt(values, state.peaks), distance));
  }
  const hasProminence = prominence !== null && prominence !== undefined;
  const hasWidth = width !== null && width !== undefined;
  if (hasProminence || hasWidth) {
    const windowLength = windowLengthSamples(options.wlen);
    const bounds = hasProminence ? resolveCondition(prominence, state.peaks, length, 'prominence') : null;
    const minimum = bounds?.min ?? null;
    // A minimum stops most walks early (the low side decides), so the walks may take longer in all.
    const walkBudget = minimum === null ? WALK_BUDGET : 4 * WALK_BUDGET;
    // Few peaks on the whole signal: scipy's walks (rejecting below the minimum early), given up for the one
    // O(n) pass over every maximum after WALK_BUDGET signal lengths of steps in all.
    const walked =
      windowLength >= 2
        ? prominencesWithMinimum(values, state.peaks, windowLength, minimum)
        : state.peaks.length * FEW_PEAKS_RATIO <= length
          ? prominencesWithMinimum(values, state.peaks, -1, minimum, walkBudget * length)
          : null;
    const computed: PeakProminences & { rejected?: Uint8Array } =
      walked ??
      (knownMaxima && windowLength < 2 ? prominencesFromKnown(knownMaxima(values), state.peaks) : null) ??
      wholeSignalProminences(values, state.peaks, everyMaximum(), false);
    Object.assign(state.properties, {
      prominences: computed.prominences,
      leftBases: computed.leftBases,
      rightBases: computed.rightBases,
    });
    if (bounds) {
      const keep = new Uint8Array(state.peaks.length).fill(1);
      applyMinimum(keep, computed.prominences, bounds.min);
      applyMaximum(keep, computed.prominences, bounds.max);
      const rejected = computed.rejected;
      if (rejected) for (let n = 0; n < keep.length; n++) if (rejected[n]) keep[n] = 0;
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
    applyKeep(state, conditionMask(width, measured.widths, state.peaks, length, 'width'));
  }
  return state;
}
