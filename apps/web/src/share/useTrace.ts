// The signal of one measurement: the stored data, plus live chunks while it is still recording.
import { useEffect, useState } from 'react';
import { channels, type MeasurementSignalChunk } from '@eluent/contracts';
import type { ReportTrace } from '../print/reportModel.ts';
import { traceOf } from '../print/reportParts.ts';
import { subscribeShared } from './shareRealtime.ts';
import { fetchSignal } from './visitor.ts';

export type TraceState =
  { status: 'loading' } | { status: 'missing' } | { status: 'ready'; trace: ReportTrace };

export function useTrace(
  measurementId: number | null,
  bearer: string,
  live: boolean,
  onFinished: () => void,
  /** The run has ended and its result is not stored yet: keep listening for the result's announcement. */
  awaitingResult = false,
): TraceState {
  const [state, setState] = useState<TraceState>({ status: 'loading' });

  useEffect(() => {
    if (measurementId === null) {
      setState({ status: 'missing' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    const chunks = new Map<number, MeasurementSignalChunk>();
    let stored: ReportTrace | null = null;
    const show = () => {
      const ordered = [...chunks.entries()].sort((a, b) => a[0] - b[0]).map(([, chunk]) => chunk);
      const lastStoredSec = stored?.timeSec.at(-1) ?? -Infinity;
      const timeSec = [...(stored?.timeSec ?? [])];
      const signal = [...(stored?.signal ?? [])];
      let unit = stored?.unit ?? '';
      for (const chunk of ordered) {
        unit = chunk.unit;
        chunk.time_sec.forEach((time, index) => {
          const value = chunk.signal[index];
          if (time <= lastStoredSec || value === undefined) return;
          timeSec.push(time);
          signal.push(value);
        });
      }
      if (timeSec.length > 0) setState({ status: 'ready', trace: { timeSec, signal, unit } });
      else if (!live) setState({ status: 'missing' });
    };
    const stop =
      live || awaitingResult
        ? subscribeShared(
            channels.measurement(measurementId),
            bearer,
            (event) => {
              if (!current) return;
              // 'review' follows a stored result (docs/signatures.md): the sample is read again with its peaks.
              if (event.type === 'finished' || event.type === 'review') onFinished();
              else if (event.type === 'signal') {
                chunks.set(event.chunk_index, event);
                show();
              }
            },
            // Once listening, a run that ended before is read again: its result may have been announced already.
            () => {
              if (current && awaitingResult) onFinished();
            },
          )
        : () => undefined;
    fetchSignal(measurementId, bearer)
      .then((data) => {
        if (!current) return;
        stored = data ? traceOf(data) : null;
        show();
      })
      .catch(() => {
        if (current) show();
      });
    return () => {
      current = false;
      stop();
    };
  }, [measurementId, bearer, live, awaitingResult, onFinished]);

  return state;
}
