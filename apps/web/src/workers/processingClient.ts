// The page's side of the processing worker: the latest request wins, older answers are dropped. A request
// is sent at once (no debounce); the worker computes only the latest of the requests waiting for it
// (`previewQueue.ts`), and a worker busy on a long stale computation is replaced (`previewRestart.ts`).
import type { ProcessingTemplate } from '@eluent/signal';
import type { FromWorker, PreviewPlot, PreviewResult, ToWorker } from './processingMessages.ts';
import { shouldRestart } from './previewRestart.ts';

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
  /** How many workers were replaced because a newer request found them busy (for the browser tests). */
  restarts(): number;
  dispose(): void;
}

type Waiting = { resolve: (r: PreviewAnswer | null) => void; reject: (e: Error) => void };

/** Resolves with null when a newer request superseded this one. */
export function createProcessingClient(): ProcessingClient {
  let worker: Worker;
  let loaded: ChromatogramSignal | null = null;
  let latest = 0;
  let restarts = 0;
  const waiting = new Map<number, Waiting>();
  // Timing of the current worker: when it started the request it is on (null when idle), how long the last
  // preview of the loaded signal took, and what making a worker ready for it cost.
  let busySince: number | null = null;
  let lastPreviewMs: number | null = null;
  let restartMs: number | null = null;
  let signalSentAt = 0;

  const settle = (id: number) => {
    const entry = waiting.get(id);
    waiting.delete(id);
    return entry;
  };
  const onMessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    const now = performance.now();
    if (message.type === 'measured') {
      // What handing the signal to a worker and measuring it cost; a request sent meanwhile starts now.
      if (message.key !== loaded?.key) return;
      restartMs = now - signalSentAt;
      if (busySince !== null) busySince = now;
      return;
    }
    if (message.type === 'superseded') {
      settle(message.id)?.resolve(null);
      return;
    }
    // A computed answer: the worker is free, or starts the newest request waiting for it.
    if (busySince !== null) lastPreviewMs = now - busySince;
    busySince = waiting.size > 1 ? now : null;
    const entry = settle(message.id);
    if (!entry) return;
    if (message.id !== latest) entry.resolve(null);
    else if (message.type === 'result') entry.resolve({ result: message.result, plot: message.plot });
    else entry.reject(new Error(message.message));
  };
  const start = () => {
    worker = new Worker(new URL('./processing.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', onMessage);
  };
  start();
  const send = (message: ToWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  const sendSignal = (signal: ChromatogramSignal) => {
    // Copies, so the caller keeps its arrays; the copies move to the worker (transferred, not cloned).
    const timeSec = signal.timeSec.slice();
    const values = signal.values.slice();
    signalSentAt = performance.now();
    send({ type: 'signal', key: signal.key, timeSec, values, unit: signal.unit }, [
      timeSec.buffer,
      values.buffer,
    ]);
  };
  const load = (signal: ChromatogramSignal) => {
    if (loaded?.key === signal.key) return;
    loaded = signal;
    busySince = null;
    lastPreviewMs = null;
    restartMs = null;
    sendSignal(signal);
  };
  const dropWaiting = () => {
    for (const entry of waiting.values()) entry.resolve(null);
    waiting.clear();
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
      const now = performance.now();
      if (busySince !== null && shouldRestart({ busyForMs: now - busySince, lastPreviewMs, restartMs })) {
        worker.terminate();
        restarts += 1;
        dropWaiting();
        start();
        sendSignal(signal);
        // Its computation starts once the signal is measured (set again when the worker says so).
        busySince = now + (restartMs ?? 0);
      }
      if (busySince === null) busySince = now;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        send({ type: 'process', id, key: signal.key, template });
      });
    },
    restarts: () => restarts,
    dispose() {
      worker.terminate();
      dropWaiting();
    },
  };
}
