// The processing Web Worker: runs @eluent/signal's processChromatogram off the page's thread.
import type { ToWorker } from './processingMessages.ts';
import { createProcessingHandler } from './processingHandler.ts';

const handler = createProcessingHandler((message, transfer = []) =>
  (self as unknown as Worker).postMessage(message, transfer),
);

self.addEventListener('message', (event: MessageEvent<ToWorker>) => handler.handle(event.data));
