import { curveEquationText } from '@eluent/contracts';
import { describe, expect, it } from 'vitest';
import { calibrationCurve } from './calibrationCurve.ts';

const plot = { width: 400, height: 200 };
const residualBox = { width: 400, height: 80 };

describe('calibrationCurve', () => {
  it('draws a line from the origin through its points, the amount axis a tenth beyond the top level', () => {
    const drawing = calibrationCurve(
      {
        intercept: 0,
        slope: 10,
        curvature: 0,
        points: [
          { amount: 25, area: 250, residual: 0 },
          { amount: 100, area: 1000, residual: 0 },
        ],
      },
      plot,
      residualBox,
    )!;
    expect(drawing.amountRange).toEqual([0, expect.closeTo(110, 9)]);
    expect(drawing.areaRange).toEqual([0, expect.closeTo(1155, 9)]);
    // The line starts at the bottom-left corner and each point lies on it.
    expect(drawing.curvePath.startsWith('M0,200 ')).toBe(true);
    expect(drawing.points[1]).toEqual({ x: 363.64, y: 26.84 });
    expect(drawing.curvePath).toContain(`L400,${Math.round((200 - (1100 / 1155) * 200) * 100) / 100}`);
    // Residuals of rounding error sit on the zero line, in the middle of their box (±1 % of the largest area).
    expect(drawing.residualRange).toEqual([-10, 10]);
    expect(drawing.residuals.every((point) => point.y === 40)).toBe(true);
    expect(drawing.zeroY).toBe(40);
  });

  it('bends with a quadratic and puts residuals above and below zero by sign', () => {
    const drawing = calibrationCurve(
      {
        intercept: 1,
        slope: 10,
        curvature: -0.02,
        points: [
          { amount: 10, area: 100, residual: 1 },
          { amount: 50, area: 452, residual: -2 },
          { amount: 100, area: 800, residual: 0.5 },
        ],
      },
      plot,
      residualBox,
    )!;
    const ys = drawing.curvePath.split(' ').map((step) => Number(step.split(',')[1]));
    const rises = ys.slice(1).map((y, i) => ys[i]! - y);
    // The rise per segment shrinks along a curve that bends down.
    expect(rises[0]!).toBeGreaterThan(rises.at(-1)!);
    // Residuals of 2 at most against 1 % of an 800 area: the axis spans ± 8.
    expect(drawing.residualRange).toEqual([-8, 8]);
    expect(drawing.residuals[0]!.y).toBeLessThan(40);
    expect(drawing.residuals[1]!.y).toBeGreaterThan(40);
  });

  it('draws nothing without points', () => {
    expect(
      calibrationCurve({ intercept: 0, slope: 1, curvature: 0, points: [] }, plot, residualBox),
    ).toBeNull();
  });
});

describe('curveEquationText', () => {
  it('writes the terms the model has, to 4 significant figures, with signs', () => {
    expect(curveEquationText({ intercept: 0.53124, slope: 10.0234, curvature: 0 })).toBe(
      'area = 10.02 × amount + 0.5312',
    );
    expect(curveEquationText({ intercept: -1.2, slope: 9.871, curvature: 0.00123456 })).toBe(
      'area = 0.001235 × amount² + 9.871 × amount − 1.2',
    );
    expect(curveEquationText({ intercept: 0, slope: 10, curvature: 0 })).toBe('area = 10 × amount');
  });
});
