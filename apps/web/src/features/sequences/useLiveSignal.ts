// The live signal of one measurement: what the server stored so far (`GET /api/measurements/{id}/data/`),
// then the `measurements:{id}` chunks appended in time order; `finished` once the instrument closed it.
import { useEffect, useState } from 'react';
import { measurementDataSchema } from '@eluent/contracts';
import { INVALID_ANSWER_TEXT } from '../../api/parse.ts';
import { notifyError } from '../../lib/toast.ts';
import { http } from '../../api/client.ts';
import { subscribeChannel } from '../../api/realtime.ts';
import { appendPoints, emptyLiveSignal, type LiveSignal } from './liveSignal.ts';

export function useLiveSignal(measurementId: number | null): LiveSignal | null {
  const [signal, setSignal] = useState<LiveSignal | null>(null);
  useEffect(() => {
    if (measurementId === null) return;
    setSignal(emptyLiveSignal(measurementId));
    // What was recorded before the subscription: read at once, and again each time the subscription comes
    // up (chunks published before it stood, or during a reconnect, never arrive as publications).
    const readStored = () =>
      void http.get<unknown>(`/api/measurements/${measurementId}/data/`).then((result) => {
        if (!result.ok) return;
        const parsed = measurementDataSchema.safeParse(result.data);
        // An unreadable stored signal is said once; the live chunks still draw.
        if (!parsed.success) return notifyError(`${INVALID_ANSWER_TEXT} (signal).`);
        const data = parsed.data;
        setSignal((current) => {
          if (!current || current.measurementId !== measurementId) return current;
          const stored = appendPoints(emptyLiveSignal(measurementId), data.time_sec, data.signal, data.unit);
          return {
            ...appendPoints(stored, current.timeSec, current.values, current.unit),
            finished: current.finished,
          };
        });
      });
    const unsubscribe = subscribeChannel(
      `measurements:${measurementId}`,
      (event) => {
        if (event.type === 'signal') {
          setSignal((current) =>
            current && current.measurementId === measurementId
              ? appendPoints(current, event.time_sec, event.signal, event.unit)
              : current,
          );
        } else if (event.type === 'finished') {
          setSignal((current) => (current ? { ...current, finished: true } : current));
        }
      },
      { onSubscribed: readStored },
    );
    readStored();
    return unsubscribe;
  }, [measurementId]);
  return signal;
}
