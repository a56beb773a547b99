// Calibration per analyte from the standards: points, the fitted line and R².
import type { Calibration } from './sequencesApi.ts';

const WIDTH = 220;
const HEIGHT = 140;
const PAD = 22;

function CalibrationPlot({ calibration }: { calibration: Calibration }) {
  const points = calibration.points;
  const maxX = Math.max(...points.map((p) => p.amount), 0) * 1.1 || 1;
  const maxY =
    Math.max(...points.map((p) => p.area), calibration.intercept + calibration.slope * maxX, 0) * 1.1 || 1;
  const x = (amount: number) => PAD + (amount / maxX) * (WIDTH - 2 * PAD);
  const y = (area: number) => HEIGHT - PAD - (area / maxY) * (HEIGHT - 2 * PAD);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="calibration__plot"
      role="img"
      aria-label={`Calibration of ${calibration.analyte}`}
    >
      <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} className="calibration__axis" />
      <line x1={PAD} y1={PAD} x2={PAD} y2={HEIGHT - PAD} className="calibration__axis" />
      <line
        x1={x(0)}
        y1={y(calibration.intercept)}
        x2={x(maxX)}
        y2={y(calibration.intercept + calibration.slope * maxX)}
        className="calibration__line"
      />
      {points.map((point, index) => (
        <circle key={index} cx={x(point.amount)} cy={y(point.area)} r={3.5} className="calibration__point" />
      ))}
      <text x={WIDTH - PAD} y={HEIGHT - 6} textAnchor="end" className="calibration__label">
        amount, {calibration.amount_unit}
      </text>
      <text x={PAD + 4} y={PAD - 8} className="calibration__label">
        area
      </text>
    </svg>
  );
}

const num = (value: number | null, digits = 4) => (value === null ? '—' : value.toPrecision(digits));

export function CalibrationSection({ calibrations }: { calibrations: Calibration[] }) {
  return (
    <section className="card sequence-section" aria-label="Calibration">
      <div className="sequence-section__head">
        <h2>Calibration</h2>
        <span className="sequence-section__hint">From the standards&apos; newest results.</span>
      </div>
      {calibrations.length === 0 ? (
        <p className="sequence-section__hint">No calibration yet: run a standard with amounts and times.</p>
      ) : (
        <div className="calibration-grid">
          {calibrations.map((calibration) => (
            <article
              key={calibration.id}
              className="calibration"
              aria-label={`Calibration ${calibration.analyte}`}
            >
              <h3>{calibration.analyte}</h3>
              <CalibrationPlot calibration={calibration} />
              <dl className="calibration__figures">
                <dt>Model</dt>
                <dd>{calibration.model === 'linear' ? 'Linear' : 'Single point (through origin)'}</dd>
                <dt>Slope</dt>
                <dd>{num(calibration.slope)}</dd>
                <dt>Intercept</dt>
                <dd>{num(calibration.intercept)}</dd>
                <dt>R²</dt>
                <dd>{calibration.r_squared === null ? '—' : calibration.r_squared.toFixed(5)}</dd>
                <dt>Points</dt>
                <dd>
                  {calibration.points
                    .map((p) => `${p.amount} ${calibration.amount_unit} → ${p.area.toPrecision(4)}`)
                    .join('; ')}
                </dd>
              </dl>
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
