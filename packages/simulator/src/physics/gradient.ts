// Mobile-phase composition: the programmed gradient and what actually reaches the column after the dwell
// volume (a non-mixing delay, then a first-order mixer; reference §3.3).

export interface GradientPoint {
  timeMin: number;
  percentB: number;
}

export interface DwellVolume {
  /** Volume that delays the composition without mixing it, mL. @default 0.2 */
  nonMixingMl: number;
  /** Volume of the mixer that smooths the composition, mL. @default 0.2 */
  mixingMl: number;
}

export const defaultDwellVolume: DwellVolume = { nonMixingMl: 0.2, mixingMl: 0.2 };

/** Programmed %B at a time: piecewise linear, held flat before the first and after the last point. */
export function programmedPercentB(gradient: readonly GradientPoint[], timeMin: number): number {
  const first = gradient[0];
  if (!first) throw new RangeError('gradient needs at least one point');
  if (timeMin <= first.timeMin) return first.percentB;
  for (let index = 1; index < gradient.length; index++) {
    const previous = gradient[index - 1]!;
    const next = gradient[index]!;
    if (timeMin <= next.timeMin) {
      const span = next.timeMin - previous.timeMin;
      if (span <= 0) return next.percentB;
      return previous.percentB + ((timeMin - previous.timeMin) / span) * (next.percentB - previous.percentB);
    }
  }
  return gradient[gradient.length - 1]!.percentB;
}

export interface CompositionProfile {
  /** %B arriving at the column inlet at a run time (before injection it is the starting composition). */
  percentBAtColumn(timeSec: number): number;
  stepSec: number;
}

/**
 * Samples the column-inlet composition on a fine grid: the programme delayed by nonMixing/F, then a
 * first-order mixer dφ/dt = (F/V_mix)(φ_in − φ).
 */
export function columnComposition(
  gradient: readonly GradientPoint[],
  flowMlPerMin: number,
  dwell: DwellVolume,
  horizonSec: number,
  stepSec = 0.1,
): CompositionProfile {
  const flowMlPerSec = flowMlPerMin / 60;
  const delaySec = dwell.nonMixingMl / flowMlPerSec;
  const count = Math.ceil(horizonSec / stepSec) + 2;
  const values = new Float64Array(count);
  let mixed = programmedPercentB(gradient, 0);
  const volumeStepMl = flowMlPerSec * stepSec;
  // Exact solution of the first-order mixer over one step, stable for any step size.
  const keep = dwell.mixingMl > 0 ? Math.exp(-volumeStepMl / dwell.mixingMl) : 0;
  for (let index = 0; index < count; index++) {
    const inlet = programmedPercentB(gradient, (index * stepSec - delaySec) / 60);
    mixed = inlet + (mixed - inlet) * keep;
    values[index] = mixed;
  }
  return {
    stepSec,
    percentBAtColumn(timeSec: number) {
      if (timeSec <= 0) return values[0]!;
      const position = timeSec / stepSec;
      const index = Math.floor(position);
      if (index >= count - 1) return values[count - 1]!;
      const fraction = position - index;
      return values[index]! * (1 - fraction) + values[index + 1]! * fraction;
    },
  };
}
