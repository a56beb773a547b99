// The processing Web Worker: runs @eluent/signal's processChromatogram off the page's thread.
import type { SignalInput } from '@eluent/signal';
import type { FromWorker, ToWorker } from './processingMessages.ts';
import { previewMessage } from './previewMessage.ts';

const signals = new Map<string, SignalInput>();
const post = (message: FromWorker, transfer: Transferable[] = []) =>
  (self as unknown as Worker).postMessage(message, transfer);

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
    const answer = previewMessage(message.id, signal, message.template);
    post(answer.message, answer.transfer);
  } catch (error) {
    post({ type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) });
  }
});
