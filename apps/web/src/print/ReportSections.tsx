// The parts of a printed report below the header: amounts, system suitability, calibration, audit,
// electronic signatures.
import { DataTable, type Column } from '../components/DataTable.tsx';
import { formatDateTimeWithZone } from '../lib/time.ts';
import type {
  ReportAuditEntry,
  ReportCalibration,
  ReportInjection,
  ReportPeak,
  ReportSignature,
} from './reportModel.ts';

const fixed = (value: number | null, digits: number) => (value === null ? '—' : value.toFixed(digits));

const amountColumns: Array<Column<ReportPeak>> = [
  { head: 'Peak', cell: (peak) => peak.number },
  { head: 'Analyte', cell: (peak) => peak.name ?? '—' },
  { head: 'RT (min)', cell: (peak) => (peak.retentionTimeSec / 60).toFixed(3) },
  {
    head: 'Amount',
    cell: (peak) => (
      <>
        {fixed(peak.amount, 3)} {peak.amountUnit ?? ''}
      </>
    ),
  },
];

export function AmountsTable({ injection }: { injection: ReportInjection }) {
  const quantified = injection.peaks.filter((peak) => peak.amount !== null);
  if (quantified.length === 0)
    return <p className="report__note">No peak was quantified against a standard.</p>;
  return (
    <DataTable
      className="report__table"
      columns={amountColumns}
      rows={quantified}
      rowKey={(peak) => peak.number}
    />
  );
}

const suitabilityColumns: Array<Column<ReportPeak>> = [
  { head: 'Peak', cell: (peak) => peak.number },
  { head: 'Name', cell: (peak) => peak.name ?? '—' },
  {
    head: 'Plates (N, half height)',
    cell: (peak) => (peak.platesHalf === null ? '—' : Math.round(peak.platesHalf).toLocaleString()),
  },
  { head: 'Tailing', cell: (peak) => fixed(peak.tailing, 2) },
  { head: 'Resolution', cell: (peak) => fixed(peak.resolution, 2) },
  { head: 'S/N', cell: (peak) => fixed(peak.signalToNoise, 1) },
];

export function SuitabilityTable({ injection }: { injection: ReportInjection }) {
  if (injection.peaks.length === 0) return <p className="report__note">No peaks, no suitability figures.</p>;
  return (
    <DataTable
      className="report__table"
      columns={suitabilityColumns}
      rows={injection.peaks}
      rowKey={(peak) => peak.number}
      footer={
        injection.noise !== null && (
          <tfoot>
            <tr>
              <td colSpan={6}>
                Noise (RMS): {injection.noise.toPrecision(3)} {injection.unit}
              </td>
            </tr>
          </tfoot>
        )
      }
    />
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

const auditColumns: Array<Column<ReportAuditEntry>> = [
  { head: 'When', cell: (entry) => formatDateTimeWithZone(entry.at) },
  { head: 'Who', cell: (entry) => entry.who },
  { head: 'What', cell: (entry) => entry.what },
  { head: 'Action', cell: (entry) => entry.action },
  { head: 'Changes', cell: (entry) => (entry.changes.length > 0 ? entry.changes.join('; ') : '—') },
  { head: 'Reason', cell: (entry) => entry.reason ?? '—' },
];

export function AuditTable({ audit }: { audit: readonly ReportAuditEntry[] }) {
  if (audit.length === 0) return <p className="report__note">No recorded changes.</p>;
  return (
    <DataTable
      className="report__table"
      columns={auditColumns}
      rows={audit}
      rowKey={(entry, index) => `${entry.at}-${index}`}
    />
  );
}

const signatureColumns: Array<Column<ReportSignature>> = [
  {
    head: 'Meaning',
    cell: (signature) => (
      <>
        {signature.meaning}
        {signature.reason && <div className="report__reason">Reason: {signature.reason}</div>}
      </>
    ),
  },
  { head: 'Signed by', cell: (signature) => signature.signer },
  { head: 'Time', cell: (signature) => formatDateTimeWithZone(signature.signedAt) },
  {
    head: 'Covers',
    cell: (signature) => (
      <>
        {signature.scope} · {signature.versions}
      </>
    ),
  },
  {
    head: 'Validity',
    // Superseded reads "Superseded by version N: …" in the server's words; a broken one "Invalidated: …".
    cell: (signature) =>
      signature.status === 'valid'
        ? 'Valid'
        : signature.status === 'superseded'
          ? (signature.invalidReason ?? 'Superseded')
          : `Invalidated: ${signature.invalidReason ?? ''}`,
  },
];

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
        <DataTable
          className="report__table report__signatures"
          columns={signatureColumns}
          rows={signatures}
          rowKey={(_, index) => index}
          rowData={(signature) => ({ 'data-valid': signature.valid, 'data-status': signature.status })}
        />
      )}
    </>
  );
}
