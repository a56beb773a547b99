// The processing Web Worker: runs @eluent/signal's processChromatogram off the page's thread.
import type { ToWorker } from './processingMessages.ts';
import { createProcessingHandler } from './processingHandler.ts';

// One yield (a zero timeout) before a preview is computed, so the requests queued behind it arrive and only
// the latest is computed.
const handler = createProcessingHandler(
  (message, transfer = []) => (self as unknown as Worker).postMessage(message, transfer),
  (drain) => setTimeout(drain, 0),
);

self.addEventListener('message', (event: MessageEvent<ToWorker>) => handler.handle(event.data));
