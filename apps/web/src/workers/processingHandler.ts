// What the processing worker does with each message from the page, apart from the worker's own globals.
import { SignalMemo, type SignalInput } from '@eluent/signal';
import type { FromWorker, ToWorker } from './processingMessages.ts';
import { previewMessage } from './previewMessage.ts';

export type Post = (message: FromWorker, transfer?: Transferable[]) => void;

/** The one loaded signal, with what its previews measure whatever the template (its arrays never change). */
export interface LoadedSignal {
  key: string;
  signal: SignalInput;
  memo: SignalMemo;
}

/**
 * Handles the page's messages: a signal is measured as it arrives — the page sends it when the chromatogram
 * loads, while the preview's debounce runs — so its first preview costs what a preview while typing costs.
 * A signal that fails its checks is kept: its previews answer with the reason.
 */
export function createProcessingHandler(post: Post): {
  handle(message: ToWorker): void;
  loaded(): LoadedSignal | null;
} {
  let loaded: LoadedSignal | null = null;
  return {
    handle(message) {
      if (message.type === 'signal') {
        const signal = { timeSec: message.timeSec, values: message.values, unit: message.unit };
        loaded = { key: message.key, signal, memo: new SignalMemo() };
        try {
          loaded.memo.measure(signal);
        } catch {
          // Reported by the signal's previews, which check it again.
        }
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
        post({
          type: 'error',
          id: message.id,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    },
    loaded: () => loaded,
  };
}
