// What the processing worker does with each message from the page, apart from the worker's own globals.
import { SignalMemo, type SignalInput } from '@eluent/signal';
import type { FromWorker, ToWorker } from './processingMessages.ts';
import { previewMessage } from './previewMessage.ts';
import { createPreviewQueue, type PreviewRequest } from './previewQueue.ts';

export type Post = (message: FromWorker, transfer?: Transferable[]) => void;

/** The one loaded signal, with what its previews measure whatever the template (its arrays never change). */
export interface LoadedSignal {
  key: string;
  signal: SignalInput;
  memo: SignalMemo;
}

/**
 * Handles the page's messages: a signal is measured as it arrives — the page sends it when the chromatogram
 * loads, before its first preview request — so the previews reuse what it measures whatever the template.
 * A signal that fails its checks is kept: its previews answer with the reason. Preview requests are
 * coalesced (`previewQueue.ts`): after one yield only the latest waiting request is computed, the earlier
 * ones are answered as superseded. `schedule` is that yield (the worker passes a zero timeout).
 */
export function createProcessingHandler(
  post: Post,
  schedule: (drain: () => void) => void = (drain) => drain(),
): {
  handle(message: ToWorker): void;
  loaded(): LoadedSignal | null;
} {
  let loaded: LoadedSignal | null = null;
  const compute = (message: PreviewRequest) => {
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
  };
  const queue = createPreviewQueue(schedule, compute, (id) => post({ type: 'superseded', id }));
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
      queue.push(message);
    },
    loaded: () => loaded,
  };
}
