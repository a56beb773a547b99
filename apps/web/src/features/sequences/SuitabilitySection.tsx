// System suitability of the sequence: per component with limits, the verdict over the standards (each
// standard injection's tests and the area %RSD of each standard injected more than once), server-computed
// from the current results against the template's limits (docs/assay.md).
import {
  replicateCountText,
  suitabilityCheckText,
  suitabilityStatusText,
  type SequenceSuitability,
} from '@eluent/contracts';

export function SuitabilityVerdict({ pass }: { pass: boolean }) {
  return <span className={`badge ${pass ? 'badge--pass' : 'badge--fail'}`}>{pass ? 'Pass' : 'Fail'}</span>;
}

/** The sequence's verdict: Pass, Fail, or Incomplete when a planned standard injection has no result. */
export function SequenceVerdict({ status }: { status: SequenceSuitability['status'] }) {
  return (
    <span className={`badge ${status === 'pass' ? 'badge--pass' : 'badge--fail'}`}>
      {suitabilityStatusText[status]}
    </span>
  );
}

export function SuitabilitySection({ suitability }: { suitability: readonly SequenceSuitability[] }) {
  if (suitability.length === 0) return null;
  return (
    <section className="card sequence-section" aria-label="System suitability">
      <div className="sequence-section__head">
        <h2>System suitability</h2>
        <span className="sequence-section__hint">
          Standards against the components&apos; limits of the processing template.
        </span>
      </div>
      <div className="table-scroll">
        <table className="list-table" aria-label="System suitability verdicts">
          <thead>
            <tr>
              <th>Component</th>
              <th className="list-table__number">Standard injections</th>
              <th className="list-table__number">Failed</th>
              <th>Area %RSD</th>
              <th>Verdict</th>
            </tr>
          </thead>
          <tbody>
            {suitability.map((line) => (
              <tr key={line.component}>
                <td>{line.component}</td>
                <td className="list-table__number">
                  {replicateCountText(line.injections, line.injections_planned)}
                </td>
                <td className="list-table__number">{line.injections_failed}</td>
                <td>
                  {line.area_rsd.length === 0
                    ? '—'
                    : line.area_rsd
                        .map(
                          (rsd) =>
                            `${rsd.sample.name} (n = ${replicateCountText(rsd.count, rsd.planned)}): ${suitabilityCheckText(rsd.check)}`,
                        )
                        .join('; ')}
                </td>
                <td>
                  <SequenceVerdict status={line.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
