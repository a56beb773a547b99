// Processing of one measurement in the viewer: reprocess it with any template (a new result version; the
// earlier ones stay) and choose which version is current (the one sequences, reports and the CSV use). Each
// version lists the signatures over it: a signed version stays as signed, and once a newer version is current
// its signatures read "superseded by vN" (docs/signatures.md).
import { TemplateSelect } from '../../components/TemplateSelect.tsx';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signatureMeaningLabels, signatureStatusLabels, type ResultVersions } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { formatDateTime } from '../../lib/time.ts';
import { notifyError } from '../../lib/toast.ts';
import { fetchTemplateChoices, pickCurrentResult } from './reprocessApi.ts';
import { useReprocessing } from './useReprocessing.ts';
import { useCan } from '../workspaces/usePrivileges.ts';

const templateName = (snapshot: unknown) => {
  const name = (snapshot as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name !== '' ? name : 'Default processing';
};

function VersionSignatures({
  version,
  signatures,
}: {
  version: number;
  signatures: ResultVersions['signatures'];
}) {
  if (signatures.length === 0) return <span className="sequence-section__hint">—</span>;
  return (
    <ul className="version-signatures" aria-label={`Signatures of v${version}`}>
      {signatures.map((signature) => (
        <li
          key={`${signature.signature_id}`}
          data-status={signature.status}
          className={`version-signatures__item version-signatures__item--${signature.status}`}
        >
          {signatureMeaningLabels[signature.meaning]} by {signature.signer_name}
          {signature.subject.kind === 'sequence' ? ' (sequence)' : ''} ·{' '}
          {signature.superseded_by
            ? `superseded by v${signature.superseded_by.version}`
            : signatureStatusLabels[signature.status].toLowerCase()}
        </li>
      ))}
    </ul>
  );
}

export function ProcessingPanel({
  measurementId,
  versions,
}: {
  measurementId: number;
  versions: ResultVersions | undefined;
}) {
  const queryClient = useQueryClient();
  const mayProcess = useCan()('results.process');
  const templates = useQuery({
    queryKey: ['template-choices'],
    queryFn: fetchTemplateChoices,
    enabled: mayProcess,
  });
  const [templateUuid, setTemplateUuid] = useState('');
  const reprocessing = useReprocessing({ measurementIds: [measurementId] }, () => {
    void queryClient.invalidateQueries({ queryKey: ['result-versions', measurementId] });
    void queryClient.invalidateQueries({ queryKey: ['measurement', measurementId] });
  });
  const pick = useMutation({
    mutationFn: (resultId: number) => pickCurrentResult(measurementId, resultId),
    onSuccess: async (answer) => {
      queryClient.setQueryData(['result-versions', measurementId], answer);
      await queryClient.invalidateQueries({ queryKey: ['measurement', measurementId] });
    },
    onError: (error) => notifyError(error.message),
  });
  const results = versions?.results ?? [];
  const job = reprocessing.job;
  return (
    <section className="card viewer-processing" aria-label="Processing">
      <h2>Processing</h2>
      {mayProcess && (
        <div className="reprocess">
          <TemplateSelect
            id="viewer-template"
            label="Template"
            value={templateUuid}
            onChange={setTemplateUuid}
            templates={templates.data ?? []}
          />
          <button
            type="button"
            className="button button--secondary"
            disabled={reprocessing.busy}
            onClick={() => reprocessing.start(templateUuid || null)}
          >
            <Icon name="autorenew" /> Reprocess
          </button>
          {job && (
            <span className="reprocess__progress" role="status">
              {job.state === 'finished' ? 'Finished' : job.state === 'failed' ? 'Failed' : 'Processing'} ·{' '}
              {job.done}/{job.total}
            </span>
          )}
        </div>
      )}
      <div className="table-scroll">
        <table className="list-table" aria-label="Result versions">
          <thead>
            <tr>
              <th>Version</th>
              <th>Kind</th>
              <th>Template</th>
              <th>Made</th>
              <th className="list-table__number">Peaks</th>
              <th>Signatures</th>
              <th aria-label="Current" />
            </tr>
          </thead>
          <tbody>
            {results
              .slice()
              .reverse()
              .map((result) => {
                const current = result.id === versions?.current_result_id;
                return (
                  <tr key={result.id} data-result-id={result.id} aria-current={current ? 'true' : undefined}>
                    <td>v{result.version}</td>
                    <td>{result.kind}</td>
                    <td>{templateName(result.template_snapshot)}</td>
                    <td>{formatDateTime(result.created_at)}</td>
                    <td className="list-table__number">{result.peaks.length}</td>
                    <td>
                      <VersionSignatures
                        version={result.version}
                        signatures={(versions?.signatures ?? []).filter((s) => s.result_id === result.id)}
                      />
                    </td>
                    <td>
                      {current ? (
                        <span className="badge">current</span>
                      ) : mayProcess ? (
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          disabled={pick.isPending}
                          onClick={() => pick.mutate(result.id)}
                        >
                          Make v{result.version} current
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
