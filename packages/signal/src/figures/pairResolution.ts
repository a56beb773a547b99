import { levenbergMarquardt } from '../models/levenbergMarquardt.ts';

/** What was measured of one peak of a fused pair (above the shared baseline). */
export interface ApparentPeak {
  retentionTimeSec: number;
  height: number;
  widthHalfSec: number;
  /** How W50 was measured: across both half-height crossings, or twice the outer (free) half-width. */
  widthHalfSource: 'both_sides' | 'free_side';
}

interface Component {
  centre: number;
  height: number;
  sigma: number;
}

const HALF_WIDTH_PER_SIGMA = 2 * Math.sqrt(2 * Math.LN2);
const MAX_ITERATIONS = 200;
const START_NARROWING = 0.8;
const GOLDEN = (Math.sqrt(5) - 1) / 2;

function sum(model: readonly Component[], t: number): number {
  let y = 0;
  for (const c of model) y += c.height * Math.exp(-0.5 * ((t - c.centre) / c.sigma) ** 2);
  return y;
}

/** Local maximum of the model sum reached by Newton steps from `start` (null when none nearby). */
function apexNear(model: readonly Component[], start: number, scale: number): number | null {
  let t = start;
  for (let i = 0; i < 30; i++) {
    let d1 = 0;
    let d2 = 0;
    for (const c of model) {
      const x = (t - c.centre) / c.sigma;
      const g = c.height * Math.exp(-0.5 * x * x);
      d1 += (-x / c.sigma) * g;
      d2 += ((x * x - 1) / (c.sigma * c.sigma)) * g;
    }
    if (!(d2 < 0)) return null;
    const next = t - d1 / d2;
    if (Math.abs(next - start) > 3 * scale) return null;
    if (Math.abs(next - t) <= 1e-12 * scale) return next;
    t = next;
  }
  return t;
}

/** Where the model falls to `level` between `from` (above it) and `to` (below it), by bisection. */
function crossing(model: readonly Component[], from: number, to: number, level: number): number | null {
  if (!(sum(model, to) <= level)) return null;
  let high = from;
  let low = to;
  for (let i = 0; i < 48; i++) {
    const middle = 0.5 * (high + low);
    if (sum(model, middle) > level) high = middle;
    else low = middle;
  }
  return 0.5 * (high + low);
}

/** The measurements `measurePeak` would make of the model: apexes, heights and W50 as the peaks had. */
function predict(model: readonly Component[], apparent: readonly [ApparentPeak, ApparentPeak]) {
  const [one, two] = model as [Component, Component];
  const apex1 = apexNear(model, one.centre, one.sigma);
  const apex2 = apexNear(model, two.centre, two.sigma);
  if (apex1 === null || apex2 === null || !(apex2 > apex1)) return null;
  // The sum of two Gaussians has one minimum between its two maxima: golden-section search.
  let low = apex1;
  let high = apex2;
  for (let i = 0; i < 40; i++) {
    const a = high - GOLDEN * (high - low);
    const b = low + GOLDEN * (high - low);
    if (sum(model, a) < sum(model, b)) high = b;
    else low = a;
  }
  const valley = 0.5 * (low + high);
  const heights = [sum(model, apex1), sum(model, apex2)] as const;
  const outer1 = crossing(model, apex1, apex1 - 12 * one.sigma, heights[0] / 2);
  const outer2 = crossing(model, apex2, apex2 + 12 * two.sigma, heights[1] / 2);
  if (outer1 === null || outer2 === null) return null;
  const width = (k: 0 | 1, outer: number, apex: number) => {
    if (apparent[k].widthHalfSource === 'free_side') return 2 * Math.abs(apex - outer);
    const inner = crossing(model, apex, valley, heights[k] / 2);
    return inner === null ? null : Math.abs(inner - outer);
  };
  const widths = [width(0, outer1, apex1), width(1, outer2, apex2)] as const;
  if (widths[0] === null || widths[1] === null) return null;
  return { apexes: [apex1, apex2] as const, heights, widths: widths as readonly [number, number] };
}

/**
 * Resolution of two peaks fused at a drop line, corrected for their overlap: two Gaussians are fitted so
 * that the apexes, heights and W50 that `measurePeak` would measure on their sum equal the measured ones
 * (six equations, six unknowns, Levenberg–Marquardt; each neighbour's flank shifts the other's apex and
 * widens its W50), then R_s = 1.18 Δt/(W50₁ + W50₂) of the components. Exact for Gaussians; null when
 * the equations cannot be met (e.g. a shape no pair of Gaussians produces).
 */
export function fusedPairResolution(first: ApparentPeak, second: ApparentPeak): number | null {
  const apparent = [first, second] as const;
  if (!(second.retentionTimeSec > first.retentionTimeSec)) return null;
  if (!apparent.every((p) => p.height > 0 && p.widthHalfSec > 0)) return null;
  // Work in units of the mean W50 and the larger height, from one W50 before the first apex, so every
  // unknown is of order 1 (the solver's difference steps are relative).
  const unit = (first.widthHalfSec + second.widthHalfSec) / 2;
  const origin = first.retentionTimeSec - unit;
  const top = Math.max(first.height, second.height);
  const scaled = apparent.map((p) => ({
    ...p,
    retentionTimeSec: (p.retentionTimeSec - origin) / unit,
    height: p.height / top,
    widthHalfSec: p.widthHalfSec / unit,
  })) as unknown as readonly [ApparentPeak, ApparentPeak];
  const observed = scaled.flatMap((p) => [p.retentionTimeSec, p.height, p.widthHalfSec]);
  const toModel = (parameters: readonly number[]): Component[] =>
    [0, 1].map((k) => ({
      centre: parameters[3 * k] as number,
      height: parameters[3 * k + 1] as number,
      sigma: parameters[3 * k + 2] as number,
    }));
  const failed = Float64Array.from(observed, (value) => value + 1e6);
  const model = (parameters: readonly number[]) => {
    const predicted = predict(toModel(parameters), scaled);
    if (!predicted) return failed;
    return Float64Array.of(
      predicted.apexes[0],
      predicted.heights[0],
      predicted.widths[0],
      predicted.apexes[1],
      predicted.heights[1],
      predicted.widths[1],
    );
  };
  // Overlap widens the measured W50 and pulls the apexes together: start narrower than measured.
  const initial = scaled.flatMap((p) => [
    p.retentionTimeSec,
    p.height,
    (START_NARROWING * p.widthHalfSec) / HALF_WIDTH_PER_SIGMA,
  ]);
  // A start where the two have merged gives the solver nothing to follow: narrow until they part.
  for (let tries = 0; tries < 20 && !predict(toModel(initial), scaled); tries++) {
    initial[2] = (initial[2] as number) * 0.9;
    initial[5] = (initial[5] as number) * 0.9;
  }
  const fit = levenbergMarquardt(model, observed, initial, {
    lower: [-10, 1e-6, 1e-6, -10, 1e-6, 1e-6],
    upper: [100, 10, 10, 100, 10, 10],
    maxIterations: MAX_ITERATIONS,
    tolerance: 1e-14,
  });
  if (!(fit.squaredError < 1e-12)) return null;
  const [one, two] = toModel(fit.parameters) as [Component, Component];
  return (1.18 * (two.centre - one.centre)) / (HALF_WIDTH_PER_SIGMA * (one.sigma + two.sigma));
}
