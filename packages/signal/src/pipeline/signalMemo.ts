import { automaticSignal, type AutomaticSignal } from './automaticSignal.ts';
import { measureSignalScale, type SignalScale } from '../detection/detectionSettings.ts';
import { localMaximaIndices } from '../peaks/localMaximaIndices.ts';
import type { MaximaProminences } from '../peaks/findPeaks.ts';
import { wholeSignalProminences } from '../peaks/wholeSignalProminences.ts';
import { prepareSignal, type PreparedSignal, type SignalInput } from './signalInput.ts';

/**
 * What processing measures of a signal whatever the template, kept between calls on the same signal: the
 * template editor's preview processes one signal again at every change of the template. Kept: the checked
 * input (dropouts bridged, sampling step), the run's drift line, the detection scales (noise, peak widths, the smoothed detection
 * signal and its curvature) and the whole-signal prominences of every local maximum. Held by the caller,
 * one per signal, and passed as `context.memo`; the caller must not change the signal's arrays while it
 * keeps the memo. Each entry is keyed by the arrays it was measured on, so a call whose steps produce new
 * values (a blank or baseline subtraction) measures them afresh.
 */
export class SignalMemo {
  #input: { timeSec: ArrayLike<number>; values: ArrayLike<number>; prepared: PreparedSignal } | null = null;
  #driftValues: Float64Array | null = null;
  #drift: AutomaticSignal | null = null;
  #scaleValues: Float64Array | null = null;
  #scale: SignalScale | null = null;
  #maximaValues: Float64Array | null = null;
  #maxima: MaximaProminences | null = null;

  /**
   * Measures now all that processing will measure of `signal` whatever the template, when no template step
   * changes its values (no blank or baseline subtraction): the worker calls it as a signal arrives, so that
   * the signal's first preview costs what a preview while typing costs.
   * @throws Error like processChromatogram when the signal itself is unusable (nothing is kept then).
   */
  measure(signal: SignalInput): void {
    const { timeSec, values: recorded } = this.inputOf(signal);
    // What the automatic default detects on: the run, spikes replaced, less its drift line where that is
    // taken out.
    const { values } = this.driftOf(timeSec, recorded);
    this.scaleOf(values, new Float64Array(values.length));
    this.maximaOf(values);
  }

  /** Whether every measurement `measure(signal)` takes is held for this signal's arrays. */
  holds(signal: SignalInput): boolean {
    const kept = this.#input;
    if (!kept || kept.timeSec !== signal.timeSec || kept.values !== signal.values) return false;
    const drift = this.#driftValues === kept.prepared.values ? this.#drift : null;
    if (!drift) return false;
    const { values } = drift;
    return (
      this.#scaleValues === values &&
      this.#scale !== null &&
      this.#maximaValues === values &&
      this.#maxima !== null
    );
  }

  /** `prepareSignal(signal)`, once per pair of arrays (a signal that fails its checks is checked again). */
  inputOf(signal: SignalInput): PreparedSignal {
    const kept = this.#input;
    if (kept && kept.timeSec === signal.timeSec && kept.values === signal.values) return kept.prepared;
    const prepared = prepareSignal(signal);
    this.#input = { timeSec: signal.timeSec, values: signal.values, prepared };
    return prepared;
  }

  /**
   * `automaticSignal` of `values` (spikes replaced, drift line taken out), once per array: the same array
   * back when neither changes it.
   */
  driftOf(timeSec: Float64Array, values: Float64Array): AutomaticSignal {
    if (this.#driftValues !== values || !this.#drift) {
      this.#drift = automaticSignal(timeSec, values);
      this.#driftValues = values;
    }
    return this.#drift;
  }

  /** The scale of `values`, measured once per array. */
  scaleOf(values: Float64Array, work: Float64Array): SignalScale {
    if (this.#scaleValues !== values || !this.#scale) {
      this.#scale = measureSignalScale(values, work);
      this.#scaleValues = values;
    }
    return this.#scale;
  }

  /** Every local maximum of `values` with its whole-signal prominence and bases, once per array. */
  maximaOf(values: Float64Array): MaximaProminences {
    if (this.#maximaValues !== values || !this.#maxima) {
      const maxima = localMaximaIndices(values);
      this.#maxima = { maxima, ...wholeSignalProminences(values, maxima, maxima, false) };
      this.#maximaValues = values;
    }
    return this.#maxima;
  }
}
