// Reprocess the whole sequence with another template as a background job, with its progress.
import { TemplateSelect } from '../../components/TemplateSelect.tsx';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useReprocessing } from '../chromatograms/useReprocessing.ts';
import { Icon } from '../../components/Icon.tsx';
import type { Choices, Sequence } from './sequencesApi.ts';

export function ReprocessPanel({
  sequence,
  templates,
}: {
  sequence: Sequence;
  templates: Choices['templates'];
}) {
  const queryClient = useQueryClient();
  const [templateUuid, setTemplateUuid] = useState(sequence.template_uuid ?? '');
  const { start, job, busy } = useReprocessing({ sequenceId: sequence.id }, () => {
    void queryClient.invalidateQueries({ queryKey: ['sequence-results', sequence.id] });
  });
  return (
    <section className="card sequence-section" aria-label="Reprocess">
      <div className="sequence-section__head">
        <h2>Reprocess</h2>
        <span className="sequence-section__hint">Earlier results stay as older versions.</span>
      </div>
      <div className="reprocess">
        <TemplateSelect
          id="reprocess-template"
          label="Template"
          value={templateUuid}
          onChange={setTemplateUuid}
          templates={templates}
        />
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => start(templateUuid || null)}
        >
          <Icon name="autorenew" /> Reprocess all injections
        </button>
        {job && (
          <div className="reprocess__job" role="status" aria-label="Reprocessing progress">
            <span>
              Job #{job.id}: {job.state} · {job.done} of {job.total}
            </span>
            <div className="progress">
              <div
                className="progress__bar"
                style={{ width: `${job.total > 0 ? (100 * job.done) / job.total : 0}%` }}
              />
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
