// Reprocess the whole sequence with another template as a background job; progress on `users:{id}`.
import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProcessingJobEvent } from '@eluent/contracts';
import { subscribeChannel } from '../../api/realtime.ts';
import { Icon } from '../../components/Icon.tsx';
import { useSessionUser } from '../../lib/useSession.ts';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { call, type Choices, type Sequence } from './sequencesApi.ts';

interface Job {
  id: number;
  state: ProcessingJobEvent['state'];
  done: number;
  total: number;
  error: string | null;
}

export function ReprocessPanel({
  sequence,
  templates,
}: {
  sequence: Sequence;
  templates: Choices['templates'];
}) {
  const queryClient = useQueryClient();
  const userId = useSessionUser()?.user_id;
  const [templateUuid, setTemplateUuid] = useState(sequence.template_uuid ?? '');
  const [job, setJob] = useState<Job | null>(null);
  const jobId = job?.id;
  useEffect(() => {
    if (!userId || jobId === undefined) return;
    return subscribeChannel(`users:${userId}`, (data) => {
      const event = data as ProcessingJobEvent;
      if (event?.type !== 'processing_job' || event.job_id !== jobId) return;
      setJob({ id: jobId, state: event.state, done: event.done, total: event.total, error: event.error });
    });
  }, [userId, jobId]);
  const state = job?.state;
  useEffect(() => {
    if (state === 'finished') {
      void queryClient.invalidateQueries({ queryKey: ['sequence-results', sequence.id] });
      notifySuccess('Reprocessing finished');
    } else if (state === 'failed') notifyError(job?.error ?? 'Reprocessing failed');
  }, [state, sequence.id, queryClient, job?.error]);
  const start = useMutation({
    mutationFn: () =>
      call<Job>('POST', '/api/processing-jobs/', {
        sequence_id: sequence.id,
        template_uuid: templateUuid || null,
      }),
    onSuccess: (created) => setJob(created),
    onError: (error) => notifyError(error.message),
  });
  const busy = state === 'queued' || state === 'running';
  return (
    <section className="card sequence-section" aria-label="Reprocess">
      <div className="sequence-section__head">
        <h2>Reprocess</h2>
        <span className="sequence-section__hint">Earlier results stay as older versions.</span>
      </div>
      <div className="reprocess">
        <div className="field">
          <label htmlFor="reprocess-template">Template</label>
          <select
            id="reprocess-template"
            value={templateUuid}
            onChange={(event) => setTemplateUuid(event.target.value)}
          >
            <option value="">Default processing</option>
            {templates.map((template) => (
              <option key={template.uuid} value={template.uuid}>
                {template.name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy || start.isPending}
          onClick={() => start.mutate()}
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
