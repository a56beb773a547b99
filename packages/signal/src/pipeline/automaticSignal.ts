import { lessRunDrift, type RunDrift } from '../baseline/runDrift.ts';
import { lessSpikes } from '../detection/lessSpikes.ts';

/** The signal the automatic default detects and integrates on. */
export interface AutomaticSignal extends RunDrift {
  /** Indices of the samples replaced as spikes (`lessSpikes`), in order. */
  spikes: number[];
}

/**
 * What the automatic default reads: the run with its one-sample spikes replaced by their neighbours' mean
 * (`lessSpikes`), less its drift line where that is taken out (`lessRunDrift`). The same array when neither
 * changes it.
 */
export function automaticSignal(timeSec: Float64Array, values: Float64Array): AutomaticSignal {
  const { values: despiked, spikes } = lessSpikes(values);
  return { ...lessRunDrift(timeSec, despiked), spikes };
}
