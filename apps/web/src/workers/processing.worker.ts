// The processing Web Worker: runs @eluent/signal's processChromatogram off the page's thread.
import { SignalMemo, type SignalInput } from '@eluent/signal';
import type { FromWorker, ToWorker } from './processingMessages.ts';
import { previewMessage } from './previewMessage.ts';

// The one loaded signal, with what its previews measure whatever the template (its arrays are never changed).
let loaded: { key: string; signal: SignalInput; memo: SignalMemo } | null = null;
const post = (message: FromWorker, transfer: Transferable[] = []) =>
  (self as unknown as Worker).postMessage(message, transfer);

self.addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'signal') {
    loaded = {
      key: message.key,
      signal: { timeSec: message.timeSec, values: message.values, unit: message.unit },
      memo: new SignalMemo(),
    };
    return;
  }
  if (loaded?.key !== message.key) {
    post({ type: 'error', id: message.id, message: 'No chromatogram is loaded for the preview.' });
    return;
  }
  try {
    const answer = previewMessage(message.id, loaded.signal, message.template, loaded.memo);
    post(answer.message, answer.transfer);
  } catch (error) {
    post({ type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) });
  }
});
