// Live progress of a sequence from `sequences:{id}` and the running injection's signal from
// `measurements:{id}`; finished injections refresh the sequence and its results.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MeasurementData, MeasurementEvent, SequenceProgressEvent } from '@eluent/contracts';
import { graphql, http } from '../../api/client.ts';
import { subscribeChannel } from '../../api/realtime.ts';
import { appendPoints, emptyLiveSignal, type LiveSignal } from './liveSignal.ts';
import type { Sequence } from './sequencesApi.ts';

const isObject = (data: unknown): data is Record<string, unknown> =>
  typeof data === 'object' && data !== null;

async function measurementOfInjection(injectionId: number): Promise<number | null> {
  const data = await graphql.query<{ measurements: { id: number }[] }>(
    `query LiveMeasurement($id: Int!) { measurements(where: { injection_id: { _eq: $id } }, limit: 1) { id } }`,
    { id: injectionId },
  );
  return data.measurements[0]?.id ?? null;
}

export function useSequenceLive(sequence: Sequence | undefined) {
  const queryClient = useQueryClient();
  const sequenceId = sequence?.id;
  const [progress, setProgress] = useState<SequenceProgressEvent | null>(null);
  const [measurementId, setMeasurementId] = useState<number | null>(null);
  const [signal, setSignal] = useState<LiveSignal | null>(null);

  useEffect(() => {
    if (sequenceId === undefined) return;
    return subscribeChannel(`sequences:${sequenceId}`, (data) => {
      if (!isObject(data) || data.type !== 'progress') return;
      const event = data as unknown as SequenceProgressEvent;
      setProgress(event);
      if (event.current_measurement_id !== null) setMeasurementId(event.current_measurement_id);
      void queryClient.invalidateQueries({ queryKey: ['sequence', sequenceId] });
      void queryClient.invalidateQueries({ queryKey: ['sequence-results', sequenceId] });
    });
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

  useEffect(() => {
    if (measurementId === null) return;
    setSignal(emptyLiveSignal(measurementId));
    const unsubscribe = subscribeChannel(`measurements:${measurementId}`, (data) => {
      if (!isObject(data)) return;
      const event = data as unknown as MeasurementEvent;
      if (event.type === 'signal') {
        setSignal((current) =>
          current && current.measurementId === measurementId
            ? appendPoints(current, event.time_sec, event.signal, event.unit)
            : current,
        );
      } else if (event.type === 'finished') {
        setSignal((current) => (current ? { ...current, finished: true } : current));
      }
    });
    // What was recorded before the subscription.
    void http.get<MeasurementData>(`/api/measurements/${measurementId}/data/`).then((result) => {
      if (!result.ok) return;
      setSignal((current) => {
        if (!current || current.measurementId !== measurementId) return current;
        const stored = appendPoints(
          emptyLiveSignal(measurementId),
          result.data.time_sec,
          result.data.signal,
          result.data.unit,
        );
        return appendPoints(stored, current.timeSec, current.values, current.unit);
      });
    });
    return unsubscribe;
  }, [measurementId]);

  return { progress, signal };
}
