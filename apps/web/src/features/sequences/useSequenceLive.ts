// Live progress of a sequence from `sequences:{id}` and the running injection's signal from
// `measurements:{id}`; finished injections refresh the sequence and its results.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_MEASUREMENT, type SequenceProgressEvent } from '@eluent/contracts';
import { graphql } from '../../api/client.ts';
import { subscribeChannel } from '../../api/realtime.ts';
import { useLiveSignal } from './useLiveSignal.ts';
import type { Sequence } from './sequencesApi.ts';

async function measurementOfInjection(injectionId: number): Promise<number | null> {
  const data = await graphql.query(LIVE_MEASUREMENT, { id: injectionId });
  return data.measurements[0]?.id ?? null;
}

export function useSequenceLive(sequence: Sequence | undefined) {
  const queryClient = useQueryClient();
  const sequenceId = sequence?.id;
  const [progress, setProgress] = useState<SequenceProgressEvent | null>(null);
  const [measurementId, setMeasurementId] = useState<number | null>(null);

  useEffect(() => {
    if (sequenceId === undefined) return;
    const readAgain = () => {
      void queryClient.invalidateQueries({ queryKey: ['sequence', sequenceId] });
      void queryClient.invalidateQueries({ queryKey: ['sequence-results', sequenceId] });
    };
    return subscribeChannel(
      `sequences:${sequenceId}`,
      (event) => {
        if (event.type !== 'progress') return;
        setProgress(event);
        if (event.current_measurement_id !== null) setMeasurementId(event.current_measurement_id);
        readAgain();
      },
      {
        // Progress published before the subscription stood never arrives: a sequence read while it ran is
        // read again once the subscription is up (and after every reconnect).
        onSubscribed: () => {
          const state = queryClient.getQueryData<{ state?: string }>(['sequence', sequenceId])?.state;
          if (state === undefined || state === 'RUNNING' || state === 'PAUSED') readAgain();
        },
      },
    );
  }, [sequenceId, queryClient]);

  // Opened on a running sequence: find the measurement of its current injection.
  const runningInjection =
    sequence && (sequence.state === 'RUNNING' || sequence.state === 'PAUSED')
      ? sequence.current_injection_id
      : null;
  useEffect(() => {
    if (runningInjection === null || measurementId !== null) return;
    let cancelled = false;
    void measurementOfInjection(runningInjection).then((id) => {
      if (!cancelled && id !== null) setMeasurementId((current) => current ?? id);
    });
    return () => {
      cancelled = true;
    };
  }, [runningInjection, measurementId]);

  const signal = useLiveSignal(measurementId);

  return { progress, signal };
}
