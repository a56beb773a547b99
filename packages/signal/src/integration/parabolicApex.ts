import { baselineAt, type BaselineLine } from './integrateArea.ts';

export interface Apex {
  retentionTimeSec: number;
  /** Height above the baseline at the apex. */
  height: number;
}

/**
 * Apex time and height from the parabola through the three top samples, measured above the peak baseline
 * (ChemStation heights agree with this vertex to three decimals).
 */
export function parabolicApex(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  apexIndex: number,
  baseline: BaselineLine,
): Apex {
  const t0 = timeSec[apexIndex] as number;
  const y0 = (values[apexIndex] as number) - baselineAt(baseline, t0);
  if (apexIndex <= 0 || apexIndex >= values.length - 1) return { retentionTimeSec: t0, height: y0 };
  const tMinus = timeSec[apexIndex - 1] as number;
  const tPlus = timeSec[apexIndex + 1] as number;
  const yMinus = (values[apexIndex - 1] as number) - baselineAt(baseline, tMinus);
  const yPlus = (values[apexIndex + 1] as number) - baselineAt(baseline, tPlus);
  const curvature = yMinus - 2 * y0 + yPlus;
  if (!(curvature < 0)) return { retentionTimeSec: t0, height: y0 };
  const delta = (0.5 * (yMinus - yPlus)) / curvature;
  if (Math.abs(delta) > 1) return { retentionTimeSec: t0, height: y0 };
  const step = delta < 0 ? t0 - tMinus : tPlus - t0;
  return { retentionTimeSec: t0 + delta * step, height: y0 - 0.25 * (yMinus - yPlus) * delta };
}
