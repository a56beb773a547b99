// The processing Web Worker: runs @eluent/signal's processChromatogram off the page's thread.
import { processChromatogram, type SignalInput } from '@eluent/signal';
import type { FromWorker, ToWorker } from './processingMessages.ts';

const signals = new Map<string, SignalInput>();
const post = (message: FromWorker) => (self as unknown as Worker).postMessage(message);

self.addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'signal') {
    signals.clear();
    signals.set(message.key, { timeSec: message.timeSec, values: message.values, unit: message.unit });
    return;
  }
  const signal = signals.get(message.key);
  if (!signal) {
    post({ type: 'error', id: message.id, message: 'No chromatogram is loaded for the preview.' });
    return;
  }
  try {
    const result = processChromatogram(signal, message.template, { includeSignals: true });
    post({ type: 'result', id: message.id, result });
  } catch (error) {
    post({ type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) });
  }
});
