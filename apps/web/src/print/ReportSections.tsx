// The parts of a printed report below the header: amounts, system suitability, calibration, audit,
// electronic signatures.
import { formatDateTimeWithZone } from '../lib/time.ts';
import type { ReportAuditEntry, ReportCalibration, ReportInjection, ReportSignature } from './reportModel.ts';

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
            <td>{calibration.model.replaceAll('_', ' ')}</td>
            {calibration.problem !== null ? (
              <td colSpan={3}>{calibration.problem}</td>
            ) : (
              <>
                <td>{calibration.slope?.toPrecision(5) ?? '—'}</td>
                <td>{calibration.intercept?.toPrecision(5) ?? '—'}</td>
                <td>{fixed(calibration.rSquared, 5)}</td>
              </>
            )}
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
          <th scope="col">Who</th>
          <th scope="col">What</th>
          <th scope="col">Action</th>
          <th scope="col">Changes</th>
          <th scope="col">Reason</th>
        </tr>
      </thead>
      <tbody>
        {audit.map((entry, index) => (
          <tr key={`${entry.at}-${index}`}>
            <td>{formatDateTimeWithZone(entry.at)}</td>
            <td>{entry.who}</td>
            <td>{entry.what}</td>
            <td>{entry.action}</td>
            <td>{entry.changes.length > 0 ? entry.changes.join('; ') : '—'}</td>
            <td>{entry.reason ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The electronic signatures: meaning, signer, local time with its zone, and whether each still holds. */
export function SignaturesTable({
  signatures,
  reviewState,
}: {
  signatures: readonly ReportSignature[];
  reviewState: string | null;
}) {
  return (
    <>
      {reviewState && <p className="report__meta">Review state: {reviewState}</p>}
      {signatures.length === 0 ? (
        <p className="report__note">Not signed.</p>
      ) : (
        <table className="report__table report__signatures">
          <thead>
            <tr>
              <th scope="col">Meaning</th>
              <th scope="col">Signed by</th>
              <th scope="col">Time</th>
              <th scope="col">Covers</th>
              <th scope="col">Validity</th>
            </tr>
          </thead>
          <tbody>
            {signatures.map((signature, index) => (
              <tr key={index} data-valid={signature.valid}>
                <td>
                  {signature.meaning}
                  {signature.reason && <div className="report__reason">Reason: {signature.reason}</div>}
                </td>
                <td>{signature.signer}</td>
                <td>{formatDateTimeWithZone(signature.signedAt)}</td>
                <td>
                  {signature.scope} · {signature.versions}
                </td>
                <td>{signature.valid ? 'Valid' : `Invalidated: ${signature.invalidReason ?? ''}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
