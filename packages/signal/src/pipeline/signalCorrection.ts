import { interpolateOnto } from '../baseline/interpolateOnto.ts';
import { runBaseline, type BaselinePoint } from '../baseline/runBaseline.ts';
import { bridgeDropouts } from '../files/dropouts.ts';
import type { ProcessingTemplate } from './processingTemplate.ts';
import { checkSignal, type SignalInput } from './signalInput.ts';
import { rejectUnknownKey, stepKey, type StepRun } from './stepReports.ts';

export interface SignalCorrection {
  /** The corrected signal: the input values themselves when no step changed them. */
  values: Float64Array;
  /** The run baseline subtracted, or null when none was. */
  runLine: Float64Array | null;
}

/**
 * The `binj` and `base` steps: the blank injection subtracted (by either step, once), then the run
 * baseline (diagonal, horizontal or manual) over the detection window subtracted. A step that fails leaves
 * the signal as it was.
 */
export function correctSignal(
  run: StepRun,
  template: ProcessingTemplate,
  blank: SignalInput | null | undefined,
  signal: { timeSec: Float64Array; values: Float64Array },
  window: { start: number; end: number },
): SignalCorrection {
  const { timeSec } = signal;
  let values = signal.values;
  const binj = stepKey('binj', template.algorithm_binj);
  let blankSubtracted = false;
  run(
    'binj',
    binj.key,
    () => {
      rejectUnknownKey(binj);
      if (binj.key === 'simple_subtraction') {
        values = subtractBlank(blank, timeSec, values);
        blankSubtracted = true;
      }
    },
    undefined,
  );

  const base = stepKey('base', template.algorithm_base);
  let runLine: Float64Array | null = null;
  run(
    'base',
    base.key,
    () => {
      rejectUnknownKey(base);
      if (base.key === 'simple_subtraction') {
        if (!blankSubtracted) values = subtractBlank(blank, timeSec, values);
        return;
      }
      if (base.key === 'none') return;
      const line = runBaseline(base.key as 'none', timeSec, values, {
        windowStartSec: window.start,
        windowEndSec: window.end,
        anchorPointSec: template.baseline_correction_anchor_point ?? null,
        points: baselinePoints(template),
      });
      values = minus(values, line);
      runLine = line;
    },
    undefined,
  );
  return { values, runLine };
}

/** `values − blank`, the blank's dropouts bridged and its signal put onto the run's time grid. */
function subtractBlank(
  blank: SignalInput | null | undefined,
  timeSec: Float64Array,
  values: Float64Array,
): Float64Array {
  if (!blank) throw new Error('simple_subtraction needs the blank injection signal');
  checkSignal(blank, 'blank');
  const blankValues = Float64Array.from(blank.values);
  if (!bridgeDropouts(blank.timeSec, blankValues)) throw new Error('blank: no point has a value');
  const onGrid = interpolateOnto(blank.timeSec, blankValues, timeSec);
  return minus(values, onGrid);
}

function baselinePoints(template: ProcessingTemplate): BaselinePoint[] {
  return (template.baseline_correction_points ?? []).map((point) =>
    Array.isArray(point)
      ? { timeSec: Number(point[0]), value: Number(point[1]) }
      : {
          timeSec: Number((point as { time_sec: number }).time_sec),
          value: Number((point as { value: number }).value),
        },
  );
}

/** `values − subtrahend`, point by point, as a new array. */
function minus(values: Float64Array, subtrahend: ArrayLike<number>): Float64Array {
  const result = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) result[i] = (values[i] as number) - (subtrahend[i] as number);
  return result;
}
