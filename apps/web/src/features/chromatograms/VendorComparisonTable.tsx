// Our result beside the vendor's peak table of the imported file: one row per pair, per vendor peak we did
// not find (missed) and per peak of ours the vendor has not (extra), with the difference of area shares.
import type { MeasurementVendorComparison, VendorComparisonPeak } from '@eluent/contracts';
import './chromatograms.css';

const minutes = (sec: number | null | undefined) =>
  sec === null || sec === undefined || !Number.isFinite(sec) ? '—' : (sec / 60).toFixed(3);
const fixed = (value: number | null | undefined, digits: number) =>
  value === null || value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(digits);
/** A difference with its sign; one that rounds to zero shows none ("0.00", not "−0.00"). */
function signed(value: number | null, digits: number): string {
  if (value === null) return '—';
  const text = Math.abs(value).toFixed(digits);
  if (Number(text) === 0) return text;
  return `${value > 0 ? '+' : '−'}${text}`;
}
/** The share of the matched total; a missed or extra peak's Area % in its own table, in brackets. */
const share = (peak: VendorComparisonPeak | null) =>
  !peak
    ? '—'
    : peak.share_percent !== null
      ? fixed(peak.share_percent, 2)
      : `(${fixed(peak.area_percent, 2)})`;
const limits = (peak: VendorComparisonPeak | null) =>
  peak ? `${minutes(peak.start_sec)}–${minutes(peak.end_sec)}` : '—';

const statusText = { matched: 'Matched', missed: 'Missed', extra: 'Extra' } as const;

/** "17 of 19 matched, 2 missed, 1 extra" (and the vendor rows that have no time, when there are any). */
export function comparisonSummary({ summary }: MeasurementVendorComparison): string {
  const placed = summary.vendor_peaks - summary.unplaced;
  const text = `${summary.matched} of ${placed} matched, ${summary.missed} missed, ${summary.extra} extra`;
  return summary.unplaced > 0 ? `${text}; ${summary.unplaced} vendor rows have no time` : text;
}

export function VendorComparisonTable({ comparison }: { comparison: MeasurementVendorComparison }) {
  return (
    <div className="vendor-comparison">
      <p className="vendor-comparison__summary" aria-label="Comparison summary">
        {comparisonSummary(comparison)}
      </p>
      <p className="vendor-comparison__hint">
        Shares are % of the matched peaks’ total on each side; in brackets, a missed or extra peak’s Area % in
        its own table. On the plot, dashed violet: the vendor’s baselines; short ticks: its peak limits.
      </p>
      <div className="peak-table-wrap" data-testid="vendor-comparison-scroll">
        <table className="peak-table vendor-comparison__table" aria-label="Vendor comparison">
          <thead>
            <tr>
              <th>Status</th>
              <th>Vendor’s name</th>
              <th title="Retention time in the vendor's table">Vendor RT, min</th>
              <th title="Retention time in our result">Our RT, min</th>
              <th title="Our retention time minus the vendor's">ΔRT, s</th>
              <th>Vendor share, %</th>
              <th>Our share, %</th>
              <th title="Our share minus the vendor's, in percentage points">Δ share, points</th>
              <th>Vendor start–end, min</th>
              <th>Our start–end, min</th>
            </tr>
          </thead>
          <tbody>
            {comparison.rows.map((row, index) => (
              <tr key={index} className={`vendor-comparison__${row.status}`} data-status={row.status}>
                <td>{statusText[row.status]}</td>
                <td>{row.vendor?.name || row.ours?.name || '—'}</td>
                <td>{minutes(row.vendor?.retention_time_sec)}</td>
                <td>{minutes(row.ours?.retention_time_sec)}</td>
                <td>{signed(row.retention_difference_sec, 2)}</td>
                <td>{share(row.vendor)}</td>
                <td>{share(row.ours)}</td>
                <td>{signed(row.share_difference_points, 2)}</td>
                <td>{limits(row.vendor)}</td>
                <td>{limits(row.ours)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export type PeakView = 'ours' | 'vendor';

/** The switch between our peak table and the comparison with the vendor's, above the table. */
export function PeakViewTabs({ view, onChange }: { view: PeakView; onChange: (view: PeakView) => void }) {
  const tab = (value: PeakView, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={view === value}
      className="button button--secondary button--small"
      onClick={() => onChange(value)}
    >
      {label}
    </button>
  );
  return (
    <div className="viewer-peaks__tabs" role="tablist" aria-label="Peak tables">
      {tab('ours', 'Our peaks')}
      {tab('vendor', 'Vendor’s table')}
    </div>
  );
}
