// One calibration curve of a printed report as SVG (docs/assay.md "Calibration curve"): the fitted line or
// quadratic with the standards' points, the residuals below about zero, and the equation, R², s_y/x and
// weighting beside them. SVG keeps it crisp on paper; the drawing is calibrationCurve's.
import { curveEquationText } from '@eluent/contracts';
import { calibrationCurve } from './calibrationCurve.ts';
import type { ReportCalibration } from './reportModel.ts';

const WIDTH = 480;
const LEFT = 58;
const PLOT = { width: WIDTH - LEFT - 12, height: 170 };
const RESIDUALS = { width: PLOT.width, height: 70 };
const INK = '#3b464e';
const FRAME = '#9aa5ad';

const label = (value: number) => String(Number(value.toPrecision(3)));

export function CalibrationCurveSvg({ calibration }: { calibration: ReportCalibration }) {
  const { slope, intercept } = calibration;
  if (slope === null || intercept === null) return null;
  const curve = { intercept, slope, curvature: calibration.curvature };
  const drawing = calibrationCurve({ ...curve, points: calibration.residuals }, PLOT, RESIDUALS);
  if (!drawing) return null;
  const residualTop = PLOT.height + 44;
  const name = `Calibration curve ${calibration.analyte}`;
  return (
    <figure className="report__curve" aria-label={name}>
      <h3>{calibration.analyte}</h3>
      <svg
        className="report__curve-svg"
        viewBox={`0 0 ${WIDTH} ${residualTop + RESIDUALS.height + 34}`}
        role="img"
        aria-label={`${name}: points, fitted curve and residuals`}
      >
        <g transform={`translate(${LEFT},8)`}>
          <rect width={PLOT.width} height={PLOT.height} fill="none" stroke={FRAME} strokeWidth={0.75} />
          <path d={drawing.curvePath} fill="none" stroke="#0e5a6b" strokeWidth={1.2} />
          {drawing.points.map((point, index) => (
            <circle key={index} cx={point.x} cy={point.y} r={3} fill="#b4452f" />
          ))}
          <text x={-6} y={8} textAnchor="end" fontSize={10} fill={INK}>
            {label(drawing.areaRange[1])}
          </text>
          <text x={-6} y={PLOT.height} textAnchor="end" fontSize={10} fill={INK}>
            {label(drawing.areaRange[0])}
          </text>
          <text
            transform={`translate(-40,${PLOT.height / 2}) rotate(-90)`}
            textAnchor="middle"
            fontSize={10.5}
            fill={INK}
          >
            Area
          </text>
        </g>
        <g transform={`translate(${LEFT},${residualTop})`}>
          <rect
            width={RESIDUALS.width}
            height={RESIDUALS.height}
            fill="none"
            stroke={FRAME}
            strokeWidth={0.75}
          />
          <line
            x2={RESIDUALS.width}
            y1={drawing.zeroY}
            y2={drawing.zeroY}
            stroke={FRAME}
            strokeDasharray="4 3"
          />
          {drawing.residuals.map((point, index) => (
            <circle key={index} cx={point.x} cy={point.y} r={2.5} fill="#b4452f" />
          ))}
          <text x={-6} y={8} textAnchor="end" fontSize={10} fill={INK}>
            {label(drawing.residualRange[1])}
          </text>
          <text x={-6} y={RESIDUALS.height} textAnchor="end" fontSize={10} fill={INK}>
            {label(drawing.residualRange[0])}
          </text>
          <text
            transform={`translate(-40,${RESIDUALS.height / 2}) rotate(-90)`}
            textAnchor="middle"
            fontSize={10.5}
            fill={INK}
          >
            Residual
          </text>
          <text x={0} y={RESIDUALS.height + 14} fontSize={10} fill={INK}>
            0
          </text>
          <text x={RESIDUALS.width} y={RESIDUALS.height + 14} textAnchor="end" fontSize={10} fill={INK}>
            {label(drawing.amountRange[1])}
          </text>
          <text
            x={RESIDUALS.width / 2}
            y={RESIDUALS.height + 28}
            textAnchor="middle"
            fontSize={10.5}
            fill={INK}
          >
            Amount ({calibration.amountUnit || 'as the standards'})
          </text>
        </g>
      </svg>
      <figcaption className="report__curve-caption">
        <span>{curveEquationText(curve)}</span>
        <span>R² = {calibration.rSquared === null ? '—' : calibration.rSquared.toFixed(5)}</span>
        <span>s_y/x = {calibration.residualSd === null ? '—' : calibration.residualSd.toPrecision(4)}</span>
        <span>weighting {calibration.weighting}</span>
      </figcaption>
    </figure>
  );
}
