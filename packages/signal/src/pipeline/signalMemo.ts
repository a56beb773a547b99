import { measureSignalScale, type SignalScale } from '../detection/detectionSettings.ts';

/**
 * What processing measures of a signal whatever the template (the detection scales: noise, peak widths,
 * the smoothed detection signal and its curvature), kept between calls on the same signal: the template
 * editor's preview processes one signal again at every change of the template. Held by the caller, one
 * per signal, and passed as `context.memo`; the caller must not change the signal's arrays while it keeps
 * the memo. A call whose steps produce new values (a blank or baseline subtraction) measures them afresh.
 */
export class SignalMemo {
  #values: Float64Array | null = null;
  #scale: SignalScale | null = null;

  /** The scale of `values`, measured once per array. */
  scaleOf(values: Float64Array, work: Float64Array): SignalScale {
    if (this.#values !== values || !this.#scale) {
      this.#scale = measureSignalScale(values, work);
      this.#values = values;
    }
    return this.#scale;
  }
}
