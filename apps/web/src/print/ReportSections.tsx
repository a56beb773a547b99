// The parts of a printed report below the header: amounts, system suitability, calibration, audit.
import { formatDateTime } from '../lib/time.ts';
import type { ReportAuditEntry, ReportCalibration, ReportInjection } from './reportModel.ts';

const fixed = (value: number | null, digits: number) => (value === null ? '—' : value.toFixed(digits));

export function AmountsTable({ injection }: { injection: ReportInjection }) {
  const quantified = injection.peaks.filter((peak) => peak.amount !== null);
  if (quantified.length === 0)
    return <p className="report__note">No peak was quantified against a standard.</p>;
  return (
    <table className="report__table">
      <thead>
        <tr>
          <th scope="col">Peak</th>
          <th scope="col">Analyte</th>
          <th scope="col">RT (min)</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {quantified.map((peak) => (
          <tr key={peak.number}>
            <td>{peak.number}</td>
            <td>{peak.name ?? '—'}</td>
            <td>{(peak.retentionTimeSec / 60).toFixed(3)}</td>
            <td>
              {fixed(peak.amount, 3)} {peak.amountUnit ?? ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SuitabilityTable({ injection }: { injection: ReportInjection }) {
  if (injection.peaks.length === 0) return <p className="report__note">No peaks, no suitability figures.</p>;
  return (
    <table className="report__table">
      <thead>
        <tr>
          <th scope="col">Peak</th>
          <th scope="col">Name</th>
          <th scope="col">Plates (N, half height)</th>
          <th scope="col">Tailing</th>
          <th scope="col">Resolution</th>
          <th scope="col">S/N</th>
        </tr>
      </thead>
      <tbody>
        {injection.peaks.map((peak) => (
          <tr key={peak.number}>
            <td>{peak.number}</td>
            <td>{peak.name ?? '—'}</td>
            <td>{peak.platesHalf === null ? '—' : Math.round(peak.platesHalf).toLocaleString()}</td>
            <td>{fixed(peak.tailing, 2)}</td>
            <td>{fixed(peak.resolution, 2)}</td>
            <td>{fixed(peak.signalToNoise, 1)}</td>
          </tr>
        ))}
      </tbody>
      {injection.noise !== null && (
        <tfoot>
          <tr>
            <td colSpan={6}>
              Noise (RMS): {injection.noise.toPrecision(3)} {injection.unit}
            </td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}

export function CalibrationTable({ calibrations }: { calibrations: readonly ReportCalibration[] }) {
  if (calibrations.length === 0) return <p className="report__note">No calibration in this report.</p>;
  return (
    <table className="report__table">
      <thead>
        <tr>
          <th scope="col">Analyte</th>
          <th scope="col">Model</th>
          <th scope="col">Slope</th>
          <th scope="col">Intercept</th>
          <th scope="col">R²</th>
          <th scope="col">Levels</th>
        </tr>
      </thead>
      <tbody>
        {calibrations.map((calibration) => (
          <tr key={calibration.analyte}>
            <td>{calibration.analyte}</td>
            <td>{calibration.model}</td>
            <td>{calibration.slope.toPrecision(5)}</td>
            <td>{calibration.intercept.toPrecision(5)}</td>
            <td>{fixed(calibration.rSquared, 5)}</td>
            <td>{calibration.points}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AuditTable({ audit }: { audit: readonly ReportAuditEntry[] }) {
  if (audit.length === 0) return <p className="report__note">No recorded changes.</p>;
  return (
    <table className="report__table">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">What</th>
          <th scope="col">Action</th>
          <th scope="col">Changed</th>
          <th scope="col">Reason</th>
        </tr>
      </thead>
      <tbody>
        {audit.map((entry, index) => (
          <tr key={`${entry.entity}-${entry.entityId}-${index}`}>
            <td>{formatDateTime(entry.at)}</td>
            <td>
              {entry.entity} #{entry.entityId}
            </td>
            <td>{entry.action}</td>
            <td>{entry.changed.length > 0 ? entry.changed.join(', ') : '—'}</td>
            <td>{entry.reason ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
