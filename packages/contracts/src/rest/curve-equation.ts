// A calibration curve's equation as the calibration view and the printed report write it: area = c·x² +
// b·x + a, each coefficient to 4 significant figures (the figures the calibration view shows), the terms a
// model has and nothing else.

export interface CurveCoefficients {
  intercept: number;
  slope: number;
  curvature: number;
}

const figure = (value: number) => Number(value.toPrecision(4)).toString();

/**
 * "area = 10.02 × amount + 0.5312", "area = 0.0012 × amount² + 9.871 × amount − 1.2", "area = 10 × amount".
 * @example curveEquationText({ intercept: -1.2, slope: 9.871, curvature: 0 }) // "area = 9.871 × amount − 1.2"
 */
export function curveEquationText(curve: CurveCoefficients): string {
  const terms: Array<[number, string]> = [
    [curve.curvature, ' × amount²'],
    [curve.slope, ' × amount'],
    [curve.intercept, ''],
  ];
  const shown = terms.filter(([value], index) => value !== 0 || index === 1);
  const text = shown
    .map(([value, unit], index) => {
      const magnitude = `${figure(Math.abs(value))}${unit}`;
      if (index === 0) return value < 0 ? `−${magnitude}` : magnitude;
      return value < 0 ? ` − ${magnitude}` : ` + ${magnitude}`;
    })
    .join('');
  return `area = ${text}`;
}
