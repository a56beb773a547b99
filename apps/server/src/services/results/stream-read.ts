// The server's side of a CSV read as its upload arrives (signal-work.ts `readStreamTask`): the upload's
// chunks are posted to the reader's port, copied into buffers of their own and transferred, and at most
// `UNREAD_CHUNKS` of them wait unread, so the server holds a few chunks of the file, never the whole.
import type { MessagePort } from 'node:worker_threads';
import type { ReadAnswer, StreamMessage } from './signal-work.ts';

/**
 * Chunks posted and not yet read: the reader has the next while it reads one, and the upload waits for
 * room beyond (a multipart file's chunks are at most 64 KiB, the parser's stream buffer).
 */
export const UNREAD_CHUNKS = 4;

export interface StreamRead {
  /**
   * Hands the next bytes to the reader (a copy: the caller keeps its own); resolves once the reader has
   * room for more, or once it has answered (a refusal: nothing more is read).
   */
  push(bytes: Uint8Array): Promise<void>;
  /** Every byte was pushed: the reader answers with the chromatogram. */
  end(): void;
  /** The upload broke off: the reader stops, and its answer is a refusal nobody reads. */
  abort(): void;
  /** The reader's answer; settled as soon as it refuses the file. */
  readonly answer: Promise<ReadAnswer>;
  /** Whether the reader has answered (it takes no more bytes). */
  readonly answered: boolean;
}

export function streamReadThrough(port: MessagePort, answer: Promise<ReadAnswer>): StreamRead {
  let unread = 0;
  let answered = false;
  let wake: (() => void) | null = null;
  const wakeUp = () => {
    const waiting = wake;
    wake = null;
    waiting?.();
  };
  port.on('message', () => {
    unread--;
    wakeUp();
  });
  const settle = () => {
    answered = true;
    port.close();
    wakeUp();
  };
  answer.then(settle, settle);
  const post = (message: StreamMessage, transfer: ArrayBuffer[] = []) => {
    if (!answered) port.postMessage(message, transfer);
  };
  return {
    async push(bytes) {
      if (answered || bytes.length === 0) return;
      // A multipart chunk shares its memory with the request's other bytes: the reader gets a copy.
      const copy = new Uint8Array(bytes);
      post({ bytes: copy }, [copy.buffer]);
      unread++;
      while (unread >= UNREAD_CHUNKS && !answered) await new Promise<void>((resolve) => (wake = resolve));
    },
    end: () => post({ end: true }),
    abort: () => post({ abort: true }),
    answer,
    get answered() {
      return answered;
    },
  };
}
