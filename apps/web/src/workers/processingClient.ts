// The page's side of the processing worker: the latest request wins, older answers are dropped. A request
// is sent at once (no debounce); the worker computes only the latest of the requests waiting for it and
// answers the others as superseded (`previewQueue.ts`). The worker is never replaced to cut a stale
// computation short: a fresh one costs more than the longest preview (docs/web-cabinet.md, "Live preview").
import type { ProcessingTemplate } from '@eluent/signal';
import type { FromWorker, PreviewPlot, PreviewResult, ToWorker } from './processingMessages.ts';

export interface ChromatogramSignal {
  key: string;
  timeSec: Float64Array;
  values: Float64Array;
  unit: string;
}

/** What the page receives: the result, and the corrected signal and baseline reduced for the plot. */
export interface PreviewAnswer {
  result: PreviewResult;
  plot: PreviewPlot;
}

export interface ProcessingClient {
  /** Sends the signal to the worker, which measures it at once (nothing is sent for the loaded signal). */
  load(signal: ChromatogramSignal): void;
  process(signal: ChromatogramSignal, template: ProcessingTemplate): Promise<PreviewAnswer | null>;
  dispose(): void;
}

/** Resolves with null when a newer request superseded this one. */
export function createProcessingClient(): ProcessingClient {
  const worker = new Worker(new URL('./processing.worker.ts', import.meta.url), { type: 'module' });
  let loadedKey: string | null = null;
  let latest = 0;
  const waiting = new Map<
    number,
    { resolve: (r: PreviewAnswer | null) => void; reject: (e: Error) => void }
  >();
  worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    const entry = waiting.get(message.id);
    if (!entry) return;
    waiting.delete(message.id);
    if (message.id !== latest || message.type === 'superseded') entry.resolve(null);
    else if (message.type === 'result') entry.resolve({ result: message.result, plot: message.plot });
    else entry.reject(new Error(message.message));
  });
  const send = (message: ToWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  const load = (signal: ChromatogramSignal) => {
    if (loadedKey === signal.key) return;
    // Copies, so the caller keeps its arrays; the copies move to the worker (transferred, not cloned).
    const timeSec = signal.timeSec.slice();
    const values = signal.values.slice();
    send({ type: 'signal', key: signal.key, timeSec, values, unit: signal.unit }, [
      timeSec.buffer,
      values.buffer,
    ]);
    loadedKey = signal.key;
  };
  return {
    load,
    process(signal, template) {
      load(signal);
      latest += 1;
      const id = latest;
      for (const [olderId, entry] of waiting) {
        if (olderId < id) {
          waiting.delete(olderId);
          entry.resolve(null);
        }
      }
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        send({ type: 'process', id, key: signal.key, template });
      });
    },
    dispose() {
      worker.terminate();
      for (const entry of waiting.values()) entry.resolve(null);
      waiting.clear();
    },
  };
}
