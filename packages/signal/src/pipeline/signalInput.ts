import { asFloat64Array } from '../statistics/asFloat64Array.ts';
import { AIA_NULL, bridgeDropouts, type Dropouts } from '../files/dropouts.ts';
import { medianStep } from './medianStep.ts';

/** A signal to process: times in seconds (increasing) and values in one unit. */
export interface SignalInput {
  timeSec: ArrayLike<number>;
  values: ArrayLike<number>;
  /** Signal unit, carried into the result. @default '' */
  unit?: string;
}

/** A checked signal as processing starts from it, whatever the template. */
export interface PreparedSignal {
  timeSec: Float64Array;
  /** The input values, or a copy with the dropouts bridged. Never written to. */
  values: Float64Array;
  /** Detector dropouts (NaN or the AIA null) bridged, or null when there were none. */
  dropouts: Dropouts | null;
  /** Median sampling interval. */
  stepSec: number;
}

/** Index of the first time that is not finite or not above the previous one; the length when none is. */
function firstUnorderedTime(timeSec: Float64Array): number {
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < timeSec.length; i++) {
    const time = timeSec[i] as number;
    if (!(time > previous && time < Number.POSITIVE_INFINITY)) return i;
    previous = time;
  }
  return timeSec.length;
}

/** Throws the first fault of a signal's shape and times, named by `name` ('signal', 'blank'). */
export function checkSignal(signal: SignalInput, name: string): void {
  const { timeSec, values } = signal;
  if (!timeSec || !values || timeSec.length !== values.length) {
    throw new Error(`${name}: timeSec and values must be arrays of the same length`);
  }
  if (values.length < 3) throw new Error(`${name}: at least 3 points are needed`);
  // Typed times: one comparison pair per point finds the first that is not finite or not increasing, and
  // the checks below then name its fault; any other array is checked point by point.
  const from = timeSec instanceof Float64Array ? firstUnorderedTime(timeSec) : 0;
  for (let i = from; i < values.length; i++) {
    if (!Number.isFinite(timeSec[i])) throw new Error(`${name}: time of point ${i} is not a finite number`);
    if (i > 0 && !((timeSec[i] as number) > (timeSec[i - 1] as number))) {
      throw new Error(`${name}: times must increase (point ${i})`);
    }
  }
}

/** True when a value is NaN, infinite or the AIA null (a plain loop: this runs on every signal). */
function hasDropout(values: Float64Array): boolean {
  // value − value is 0 for a finite value and NaN otherwise: the sum stays 0 only when every value is finite.
  let nonFinite = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number;
    if (value === AIA_NULL) return true;
    nonFinite += value - value;
  }
  return nonFinite !== 0;
}

/**
 * Checks the signal and bridges its detector dropouts (NaN, the AIA null) on a copy, counted, never a
 * reason to refuse; typed input is used as is (no step writes to it).
 * @throws Error when the signal is unusable (lengths, times not finite or not increasing, no value at all).
 */
export function prepareSignal(signal: SignalInput): PreparedSignal {
  checkSignal(signal, 'signal');
  const timeSec = asFloat64Array(signal.timeSec);
  let values = asFloat64Array(signal.values);
  let dropouts: Dropouts | null = null;
  if (hasDropout(values)) {
    values = Float64Array.from(values);
    dropouts = bridgeDropouts(timeSec, values);
    if (!dropouts) throw new Error('signal: no point has a value');
  }
  return { timeSec, values, dropouts, stepSec: medianStep(timeSec) };
}
