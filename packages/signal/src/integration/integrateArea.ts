import { cellEnd, cellStart, firstIndexAtOrAfter } from './sampleCells.ts';

/** A straight baseline through two points (time in seconds, signal units). */
export interface BaselineLine {
  startSec: number;
  startValue: number;
  endSec: number;
  endValue: number;
  /**
   * An exponential added to the line (exponential skim: the parent's tail under a rider),
   * amplitude · exp(−(t − originSec)/tauSec − curvature · (t − originSec)²); `curvature` (1/s², default 0)
   * makes it a Gaussian (the parent's front under a front rider).
   */
  tail?: { amplitude: number; originSec: number; tauSec: number; curvature?: number };
  /** The baseline follows the signal where the line runs above it (no sample counts below it). */
  clipToSignal?: boolean;
}

export function baselineAt(line: BaselineLine, tSec: number): number {
  const span = line.endSec - line.startSec;
  const straight =
    span === 0
      ? line.startValue
      : line.startValue + ((line.endValue - line.startValue) * (tSec - line.startSec)) / span;
  const tail = line.tail;
  if (!tail) return straight;
  const dt = tSec - tail.originSec;
  return straight + tail.amplitude * Math.exp(-dt / tail.tauSec - (tail.curvature ?? 0) * dt * dt);
}

/**
 * Area between the signal and a straight baseline over [startSec, endSec], the CDS way: each sample is a
 * rectangle centred on it, and a rectangle cut by a boundary counts in proportion to its part inside
 * (this reproduces ChemStation's drop-line areas, where a trapezoid rule does not).
 * Unit: signal unit × seconds.
 */
export function integrateArea(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  startSec: number,
  endSec: number,
  baseline: BaselineLine,
): number {
  if (!(endSec > startSec)) return 0;
  let first = firstIndexAtOrAfter(timeSec, startSec) - 1;
  if (first < 0) first = 0;
  if (!baseline.tail && !baseline.clipToSignal)
    return areaAboveLine(timeSec, values, startSec, endSec, baseline, first);
  let area = 0;
  for (let i = first; i < timeSec.length; i++) {
    const left = cellStart(timeSec, i);
    if (left >= endSec) break;
    const overlap = Math.min(cellEnd(timeSec, i), endSec) - Math.max(left, startSec);
    if (overlap <= 0) continue;
    const t = timeSec[i] as number;
    const above = (values[i] as number) - baselineAt(baseline, t);
    area += (baseline.clipToSignal ? Math.max(above, 0) : above) * overlap;
  }
  return area;
}

/**
 * `integrateArea` over a straight baseline from sample `first` on, with the same operations in the same
 * order, written out for the hot loop: a sample's left cell edge is the previous one's right edge (the same
 * midpoint, `(a + b) / 2 === (b + a) / 2`), and the line is evaluated as `baselineAt` does.
 */
function areaAboveLine(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  startSec: number,
  endSec: number,
  line: BaselineLine,
  first: number,
): number {
  const n = timeSec.length;
  const lineStartSec = line.startSec;
  const startValue = line.startValue;
  const span = line.endSec - lineStartSec;
  const rise = line.endValue - startValue;
  let area = 0;
  let left = cellStart(timeSec, first);
  for (let i = first; i < n; i++) {
    if (left >= endSec) break;
    const t = timeSec[i] as number;
    const right = i < n - 1 ? (t + (timeSec[i + 1] as number)) / 2 : cellEnd(timeSec, i);
    const overlap = Math.min(right, endSec) - Math.max(left, startSec);
    left = right;
    if (overlap <= 0) continue;
    const base = span === 0 ? startValue : startValue + (rise * (t - lineStartSec)) / span;
    area += ((values[i] as number) - base) * overlap;
  }
  return area;
}
