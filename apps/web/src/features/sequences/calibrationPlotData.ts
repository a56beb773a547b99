// uPlot's aligned data for a calibration: the fitted curve on a grid with the standards' points (one series
// per replicate, so two injections of one level are both drawn), and the residuals per level.
import type { Calibration } from './sequencesApi.ts';

export interface CalibrationPlotData {
  /** x (amounts), then the curve, then one series per replicate. */
  curve: Array<Array<number | null>>;
  /** x (level amounts), then the zero line, then one series of residuals per replicate. */
  residuals: Array<Array<number | null>>;
  replicates: number;
  /** Both charts share the amount axis from 0 to a tenth beyond the top level. */
  amountRange: [number, number];
  /**
   * Residual axis, symmetric about zero: 1.2 × the largest residual, at least 1 % of the largest area, so
   * residuals that are rounding error (two levels on a line) sit on the zero line instead of filling the chart.
   */
  residualRange: [number, number];
}

const GRID = 48;

/** The curve and residual series of a calibration with a fitted curve; null when it has none. */
export function calibrationPlotData(calibration: Calibration): CalibrationPlotData | null {
  if (calibration.slope === null || calibration.intercept === null) return null;
  const { intercept, slope, curvature } = calibration;
  const points = calibration.residuals.length > 0 ? calibration.residuals : [];
  const levels = [...new Set(points.map((p) => p.amount))].sort((a, b) => a - b);
  const byLevel = levels.map((level) => points.filter((p) => p.amount === level));
  const replicates = Math.max(1, ...byLevel.map((list) => list.length));
  const top = (levels.at(-1) ?? 1) * 1.1;
  const grid = Array.from({ length: GRID + 1 }, (_, i) => (top * i) / GRID);
  const xs = [...new Set([...grid, ...levels])].sort((a, b) => a - b);
  const curveLine = xs.map((x) => intercept + slope * x + curvature * x * x);
  const pointSeries = Array.from({ length: replicates }, (_, replicate) =>
    xs.map((x) => {
      const level = levels.indexOf(x);
      return level < 0 ? null : (byLevel[level]![replicate]?.area ?? null);
    }),
  );
  const residualSeries = Array.from({ length: replicates }, (_, replicate) =>
    byLevel.map((list) => list[replicate]?.residual ?? null),
  );
  const largestResidual = Math.max(0, ...points.map((p) => Math.abs(p.residual)));
  const largestArea = Math.max(0, ...points.map((p) => Math.abs(p.area)));
  const span = Math.max(1.2 * largestResidual, 0.01 * largestArea) || 1;
  return {
    amountRange: [0, top],
    residualRange: [-span, span],
    curve: [xs, curveLine, ...pointSeries],
    residuals: [levels, levels.map(() => 0), ...residualSeries],
    replicates,
  };
}
