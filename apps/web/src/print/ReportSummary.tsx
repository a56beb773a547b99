// The summary page of a sequence report: one table of every sample and component (each injection's amount,
// a calibrating standard's read back through its curve beside its nominal amount and deviation, the
// replicates' mean and %RSD, the injection volume, the system-suitability verdict), and the sequence's
// verdict per component, before the per-injection pages.
import { deviationText, replicateCountText, suitabilityStatusText } from '@eluent/contracts';
import type { ReportModel, ReportSummaryRow } from './reportModel.ts';
import { TableScroll } from './TableScroll.tsx';

const fixed = (value: number | null, digits: number) => (value === null ? '—' : value.toFixed(digits));
const verdict = (pass: boolean | null) => (pass === null ? '—' : pass ? 'Pass' : 'Fail');

/** "4", or found of planned for a replicate line: "3 of 4 (incomplete)". */
function countText(row: ReportSummaryRow): string {
  if (row.planned === null) return String(row.injections);
  const count = replicateCountText(row.injections, row.planned);
  return row.complete ? count : `${count} (incomplete)`;
}

function amountsText(row: ReportSummaryRow): string {
  return row.amounts.map((amount) => fixed(amount, 3)).join(' · ');
}

/** A calibrating standard's nominal amount and each injection's deviation from it; — for others. */
function nominalText(row: ReportSummaryRow): string {
  if (row.nominal === null) return '—';
  return `${fixed(row.nominal, 3)}: ${row.deviations.map(deviationText).join(' · ')}`;
}

export function SummarySection({ report }: { report: ReportModel }) {
  return (
    <section className="report__summary" aria-label="Summary">
      <h2>Summary</h2>
      {report.summary.length === 0 ? (
        <p className="report__note">No named peaks: name components in the processing template.</p>
      ) : (
        <TableScroll>
          <table className="report__table report__summary-table" aria-label="Summary of amounts">
            <thead>
              <tr>
                <th scope="col">Sample</th>
                <th scope="col">Component</th>
                <th scope="col">n</th>
                <th scope="col">Amounts (standards back-calculated)</th>
                <th scope="col">Nominal: deviation</th>
                <th scope="col">Mean</th>
                <th scope="col">%RSD</th>
                <th scope="col">Inj. vol. (µL)</th>
                <th scope="col">SST</th>
              </tr>
            </thead>
            <tbody>
              {report.summary.map((row) => (
                <tr key={`${row.sample} ${row.component}`}>
                  <td>
                    {row.sample}
                    {row.sampleType && row.sampleType !== 'sample' ? ` (${row.sampleType})` : ''}
                  </td>
                  <td>{row.component}</td>
                  <td>{countText(row)}</td>
                  <td>
                    {amountsText(row)} {row.unit ?? ''}
                  </td>
                  <td>{nominalText(row)}</td>
                  <td>{fixed(row.mean, 3)}</td>
                  <td>{fixed(row.rsdPercent, 2)}</td>
                  <td>{row.volumes || '—'}</td>
                  <td>
                    {!row.complete && row.suitabilityPass !== null
                      ? suitabilityStatusText.incomplete
                      : verdict(row.suitabilityPass)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {report.suitability.length > 0 && (
        <>
          <h3>System suitability</h3>
          <TableScroll>
            <table className="report__table" aria-label="System suitability verdicts">
              <thead>
                <tr>
                  <th scope="col">Component</th>
                  <th scope="col">Standard injections</th>
                  <th scope="col">Failed</th>
                  <th scope="col">Area %RSD</th>
                  <th scope="col">Verdict</th>
                </tr>
              </thead>
              <tbody>
                {report.suitability.map((line) => (
                  <tr key={line.component}>
                    <td>{line.component}</td>
                    <td>{replicateCountText(line.injections, line.injectionsPlanned)}</td>
                    <td>{line.injectionsFailed}</td>
                    <td>{line.areaRsd || '—'}</td>
                    <td>{suitabilityStatusText[line.status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </section>
  );
}
