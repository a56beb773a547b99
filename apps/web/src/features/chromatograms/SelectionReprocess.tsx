// The chromatograms ticked in the list, reprocessed together with any template: one job, a new result
// version for each (earlier versions stay).
import { TemplateSelect } from '../../components/TemplateSelect.tsx';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { fetchTemplateChoices } from './reprocessApi.ts';
import { useReprocessing } from './useReprocessing.ts';

export function SelectionReprocess({ measurementIds }: { measurementIds: readonly number[] }) {
  const queryClient = useQueryClient();
  const templates = useQuery({ queryKey: ['template-choices'], queryFn: fetchTemplateChoices });
  const [templateUuid, setTemplateUuid] = useState('');
  const { start, job, busy } = useReprocessing({ measurementIds }, () => {
    for (const id of measurementIds) {
      void queryClient.invalidateQueries({ queryKey: ['result-versions', id] });
      void queryClient.invalidateQueries({ queryKey: ['measurement', id] });
    }
    void queryClient.invalidateQueries({ queryKey: ['measurements'] });
  });
  return (
    <section className="card viewer-processing selection-reprocess" aria-label="Reprocess selected">
      <div className="reprocess">
        <TemplateSelect
          id="selection-template"
          label={`Template for the ${measurementIds.length} selected`}
          value={templateUuid}
          onChange={setTemplateUuid}
          templates={templates.data ?? []}
        />
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => start(templateUuid || null)}
        >
          <Icon name="autorenew" /> Reprocess {measurementIds.length} selected
        </button>
        {job && (
          <span className="reprocess__progress" role="status">
            {job.state === 'finished' ? 'Finished' : job.state === 'failed' ? 'Failed' : 'Processing'} ·{' '}
            {job.done}/{job.total}
          </span>
        )}
      </div>
    </section>
  );
}
