// A calibration curve drawn as SVG, so a printed report keeps it crisp (docs/assay.md "Calibration curve"):
// the fitted line or quadratic over the amount axis, the standards' points, and below it their residuals
// about a zero line. Pure geometry: the component draws what this answers.

export interface CurvePoint {
  amount: number;
  area: number;
  /** area − fitted area. */
  residual: number;
}

export interface CurveInput {
  intercept: number;
  slope: number;
  curvature: number;
  points: readonly CurvePoint[];
}

export interface CurveBox {
  width: number;
  height: number;
}

export interface CurveDrawing {
  /** SVG path of the fitted curve across the plot. */
  curvePath: string;
  points: Array<{ x: number; y: number }>;
  residuals: Array<{ x: number; y: number }>;
  /** The residual plot's zero line, in its own box. */
  zeroY: number;
  amountRange: [number, number];
  areaRange: [number, number];
  residualRange: [number, number];
}

/** Segments of the drawn curve: a quadratic over the range reads smooth at 48 (a line needs 1). */
const SEGMENTS = 48;

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The curve, points and residuals in two boxes of the same width (curve above, residuals below). The amount
 * axis runs from 0 to a tenth beyond the top level; the area axis from 0 (or the lowest value) to a twentieth
 * above the highest; the residual axis is symmetric: 1.2 × the largest residual, at least 1 % of the largest
 * area, so residuals that are rounding error (two levels on a line) sit on the zero line. Null without points.
 */
export function calibrationCurve(
  input: CurveInput,
  plot: CurveBox,
  residualBox: CurveBox,
): CurveDrawing | null {
  const { intercept, slope, curvature, points } = input;
  if (points.length === 0) return null;
  const fitted = (amount: number) => intercept + slope * amount + curvature * amount * amount;
  const top = Math.max(...points.map((p) => p.amount)) * 1.1 || 1;
  const grid = Array.from({ length: SEGMENTS + 1 }, (_, i) => (top * i) / SEGMENTS);
  const areas = [...grid.map(fitted), ...points.map((p) => p.area)];
  const low = Math.min(0, ...areas);
  const high = Math.max(...areas);
  const areaRange: [number, number] = [low, high + (high - low || 1) * 0.05];
  const largestResidual = Math.max(0, ...points.map((p) => Math.abs(p.residual)));
  const largestArea = Math.max(0, ...points.map((p) => Math.abs(p.area)));
  const span = Math.max(1.2 * largestResidual, 0.01 * largestArea) || 1;
  const x = (amount: number) => round((amount / top) * plot.width);
  const y = (area: number) =>
    round(plot.height - ((area - areaRange[0]) / (areaRange[1] - areaRange[0])) * plot.height);
  const ry = (residual: number) =>
    round(residualBox.height / 2 - (residual / span) * (residualBox.height / 2));
  return {
    curvePath: grid.map((amount, i) => `${i === 0 ? 'M' : 'L'}${x(amount)},${y(fitted(amount))}`).join(' '),
    points: points.map((p) => ({ x: x(p.amount), y: y(p.area) })),
    residuals: points.map((p) => ({ x: round((p.amount / top) * residualBox.width), y: ry(p.residual) })),
    zeroY: ry(0),
    amountRange: [0, top],
    areaRange,
    residualRange: [-span, span],
  };
}
