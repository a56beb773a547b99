import { interpolateOnto } from './interpolateOnto.ts';
import { localLevel } from './localLevel.ts';

/** A user baseline point for the `manual` algorithm. */
export interface BaselinePoint {
  timeSec: number;
  value: number;
}

export interface RunBaselineOptions {
  /** Start and end of the detection window (whole run when null). */
  windowStartSec: number;
  windowEndSec: number;
  /** `horizontal_correction`: time whose local level is the baseline. @default null (min of the ends) */
  anchorPointSec?: number | null;
  /** `manual`: points of the piecewise-linear baseline. */
  points?: readonly BaselinePoint[] | null;
}

/** The run-level baseline an algorithm key describes, as a new array (zeros for `none`). */
export function runBaseline(
  algorithm: 'none' | 'diagonal_correction' | 'horizontal_correction' | 'manual',
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  options: RunBaselineOptions,
): Float64Array {
  const { windowStartSec, windowEndSec } = options;
  switch (algorithm) {
    case 'none':
      return new Float64Array(values.length);
    case 'diagonal_correction': {
      const startValue = localLevel(timeSec, values, windowStartSec);
      const endValue = localLevel(timeSec, values, windowEndSec);
      const span = windowEndSec - windowStartSec || 1;
      return Float64Array.from(
        { length: values.length },
        (_, i) => startValue + ((endValue - startValue) * ((timeSec[i] as number) - windowStartSec)) / span,
      );
    }
    case 'horizontal_correction': {
      const anchor = options.anchorPointSec;
      const level =
        anchor !== null && anchor !== undefined
          ? localLevel(timeSec, values, anchor)
          : Math.min(localLevel(timeSec, values, windowStartSec), localLevel(timeSec, values, windowEndSec));
      return new Float64Array(values.length).fill(level);
    }
    case 'manual': {
      const points = [...(options.points ?? [])].sort((a, b) => a.timeSec - b.timeSec);
      if (points.length === 0) throw new Error('manual baseline needs baseline_correction_points');
      return interpolateOnto(
        points.map((p) => p.timeSec),
        points.map((p) => p.value),
        timeSec,
      );
    }
  }
}
