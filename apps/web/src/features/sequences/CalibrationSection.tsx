// Calibration per component from the standards: the fitted curve with its points and residuals (uPlot),
// the model, weighting, equation, coefficients, R² and s_y/x; a component that could not be calibrated says why.
import { useMemo } from 'react';
import {
  calibrationProblemText,
  componentModelLabels,
  componentWeightingLabels,
  curveEquationText,
} from '@eluent/contracts';
import { CalibrationChart } from './CalibrationChart.tsx';
import { calibrationPlotData } from './calibrationPlotData.ts';
import type { Calibration } from './sequencesApi.ts';

const num = (value: number | null, digits = 4) => (value === null ? '—' : value.toPrecision(digits));

const modelLabel = (model: Calibration['model']) =>
  model === 'single_point' ? 'Single point (through origin)' : componentModelLabels[model];

/** The component's name, and its bracket when the standards bracket the samples (docs/assay.md). */
function calibrationTitle(calibration: Calibration): string {
  return calibration.bracket > 0
    ? `${calibration.analyte}, bracket ${calibration.bracket}`
    : calibration.analyte;
}

function CalibrationCard({ calibration }: { calibration: Calibration }) {
  const plot = useMemo(() => calibrationPlotData(calibration), [calibration]);
  return (
    <article className="calibration" aria-label={`Calibration ${calibrationTitle(calibration)}`}>
      <h3>{calibrationTitle(calibration)}</h3>
      {calibration.problem && (
        <p className="calibration__problem" role="note">
          {calibrationProblemText(calibration.problem)}
        </p>
      )}
      {plot && <CalibrationChart analyte={calibration.analyte} unit={calibration.amount_unit} plot={plot} />}
      <dl className="calibration__figures">
        <dt>Model</dt>
        <dd>
          {modelLabel(calibration.model)}, weighting {componentWeightingLabels[calibration.weighting]}
        </dd>
        {calibration.slope !== null && (
          <>
            <dt>Equation</dt>
            <dd>
              {curveEquationText({
                intercept: calibration.intercept ?? 0,
                slope: calibration.slope,
                curvature: calibration.curvature,
              })}
            </dd>
            <dt>Slope</dt>
            <dd>{num(calibration.slope)}</dd>
            <dt>Intercept</dt>
            <dd>{num(calibration.intercept)}</dd>
            {calibration.curvature !== 0 && (
              <>
                <dt>Curvature</dt>
                <dd>{num(calibration.curvature)}</dd>
              </>
            )}
            <dt>R²</dt>
            <dd>{calibration.r_squared === null ? '—' : calibration.r_squared.toFixed(5)}</dd>
            <dt>s y/x</dt>
            <dd>{num(calibration.residual_sd)}</dd>
          </>
        )}
        <dt>Points</dt>
        <dd>
          {calibration.residuals.length > 0
            ? calibration.residuals
                .map(
                  (p) =>
                    `${p.amount} ${calibration.amount_unit} → ${p.area.toPrecision(4)} (${p.residual_percent === null ? '—' : `${p.residual_percent >= 0 ? '+' : ''}${p.residual_percent.toFixed(2)} %`})`,
                )
                .join('; ')
            : calibration.points.length > 0
              ? calibration.points
                  .map((p) => `${p.amount} ${calibration.amount_unit} → ${p.area.toPrecision(4)}`)
                  .join('; ')
              : '—'}
        </dd>
      </dl>
    </article>
  );
}

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
            <CalibrationCard key={calibration.id} calibration={calibration} />
          ))}
        </div>
      )}
    </section>
  );
}
