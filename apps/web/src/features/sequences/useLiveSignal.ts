// The live signal of one measurement: what the server stored so far (`GET /api/measurements/{id}/data/`),
// then the `measurements:{id}` chunks appended in time order; `finished` once the instrument closed it.
import { useEffect, useState } from 'react';
import type { MeasurementData, MeasurementEvent } from '@eluent/contracts';
import { http } from '../../api/client.ts';
import { subscribeChannel } from '../../api/realtime.ts';
import { appendPoints, emptyLiveSignal, type LiveSignal } from './liveSignal.ts';

const isObject = (data: unknown): data is Record<string, unknown> =>
  typeof data === 'object' && data !== null;

export function useLiveSignal(measurementId: number | null): LiveSignal | null {
  const [signal, setSignal] = useState<LiveSignal | null>(null);
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
  return signal;
}
