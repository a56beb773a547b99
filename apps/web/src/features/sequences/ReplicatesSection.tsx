// Replicate injections of each sample: the mean, SD and %RSD of each component's amount (server-computed
// from the current results). Shown only when something was injected (or planned) more than once. The n says
// found of planned ("3 of 4"); a line short of its plan is marked incomplete.
import { replicateCountText, type ReplicateSummary } from '@eluent/contracts';

const figure = (value: number | null, digits: number) => (value === null ? '—' : value.toFixed(digits));

export function ReplicatesSection({ replicates }: { replicates: readonly ReplicateSummary[] }) {
  if (replicates.length === 0) return null;
  return (
    <section className="card sequence-section" aria-label="Replicates">
      <div className="sequence-section__head">
        <h2>Replicates</h2>
        <span className="sequence-section__hint">Amounts over each sample&apos;s injections.</span>
      </div>
      <div className="table-scroll">
        <table className="list-table" aria-label="Replicate statistics">
          <thead>
            <tr>
              <th>Sample</th>
              <th>Component</th>
              <th className="list-table__number">n</th>
              <th className="list-table__number">Mean</th>
              <th className="list-table__number">SD</th>
              <th className="list-table__number">%RSD</th>
            </tr>
          </thead>
          <tbody>
            {replicates.map((line) => (
              <tr key={`${line.sample.id} ${line.component}`}>
                <td>{line.sample.name}</td>
                <td>{line.component}</td>
                <td className="list-table__number">
                  {replicateCountText(line.count, line.planned)}
                  {!line.complete && (
                    <>
                      {' '}
                      <span className="badge badge--fail" title="A planned injection has no result">
                        incomplete
                      </span>
                    </>
                  )}
                </td>
                <td className="list-table__number">
                  {line.mean.toFixed(3)} {line.amount_unit ?? ''}
                </td>
                <td className="list-table__number">{figure(line.standard_deviation, 3)}</td>
                <td className="list-table__number">{figure(line.relative_sd_percent, 2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
