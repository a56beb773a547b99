// The page's side of the processing worker: the latest request wins, older answers are dropped.
import type { ProcessingResult, ProcessingTemplate } from '@eluent/signal';
import type { FromWorker, ToWorker } from './processingMessages.ts';

export interface ChromatogramSignal {
  key: string;
  timeSec: Float64Array;
  values: Float64Array;
  unit: string;
}

export interface ProcessingClient {
  process(signal: ChromatogramSignal, template: ProcessingTemplate): Promise<ProcessingResult | null>;
  dispose(): void;
}

/** Resolves with null when a newer request superseded this one. */
export function createProcessingClient(): ProcessingClient {
  const worker = new Worker(new URL('./processing.worker.ts', import.meta.url), { type: 'module' });
  let loadedKey: string | null = null;
  let latest = 0;
  const waiting = new Map<
    number,
    { resolve: (r: ProcessingResult | null) => void; reject: (e: Error) => void }
  >();
  worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    const entry = waiting.get(message.id);
    if (!entry) return;
    waiting.delete(message.id);
    if (message.id !== latest) entry.resolve(null);
    else if (message.type === 'result') entry.resolve(message.result);
    else entry.reject(new Error(message.message));
  });
  const send = (message: ToWorker) => worker.postMessage(message);
  return {
    process(signal, template) {
      if (loadedKey !== signal.key) {
        // Copies, so the caller keeps its arrays (the worker owns what it receives).
        send({
          type: 'signal',
          key: signal.key,
          timeSec: signal.timeSec.slice(),
          values: signal.values.slice(),
          unit: signal.unit,
        });
        loadedKey = signal.key;
      }
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
