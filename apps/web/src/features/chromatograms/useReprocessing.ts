// A reprocessing job from the web app: start it, follow its progress until it ends, then refresh what it
// changed. Progress is read from the job itself (GET, twice a second while it runs) and sooner when the
// user's realtime channel announces it: a short job can end before a subscription opened after its start
// would hear of it.
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { channels } from '@eluent/contracts';
import { subscribeChannel } from '../../api/realtime.ts';
import { useSessionUser } from '../../lib/useSession.ts';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { fetchJob, startReprocessing, type ReprocessTarget } from './reprocessApi.ts';

const POLL_MS = 500;

export function useReprocessing(target: ReprocessTarget, onFinished: () => void) {
  const queryClient = useQueryClient();
  const userId = useSessionUser()?.user_id;
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useQuery({
    queryKey: ['processing-job', jobId],
    queryFn: () => fetchJob(jobId!),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'finished' || state === 'failed' ? false : POLL_MS;
    },
  });
  useEffect(() => {
    if (!userId || jobId === null) return;
    return subscribeChannel(channels.user(Number(userId)), (event) => {
      if (event.type === 'processing_job' && event.job_id === jobId)
        void queryClient.invalidateQueries({ queryKey: ['processing-job', jobId] });
    });
  }, [userId, jobId, queryClient]);
  const state = job.data?.state;
  const error = job.data?.error ?? null;
  const finished = useRef(onFinished);
  finished.current = onFinished;
  useEffect(() => {
    if (state !== 'finished' && state !== 'failed') return;
    if (state === 'finished' && !error) notifySuccess('Reprocessing finished');
    else notifyError(error ?? 'Peak processing failed.');
    finished.current();
  }, [state, error]);
  const start = useMutation({
    mutationFn: (templateUuid: string | null) => startReprocessing(target, templateUuid),
    onSuccess: (created) => {
      queryClient.setQueryData(['processing-job', created.id], created);
      setJobId(created.id);
    },
    onError: (failure) => notifyError(failure.message),
  });
  return {
    start: (templateUuid: string | null) => start.mutate(templateUuid),
    job: job.data ?? null,
    busy: start.isPending || state === 'queued' || state === 'running',
  };
}
