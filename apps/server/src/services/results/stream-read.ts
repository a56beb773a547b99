// The server's side of a CSV read as its upload arrives (signal-work.ts `readStreamTask`): the upload's
// chunks are gathered into batches of `BATCH_BYTES`, each copied into a buffer of its own and transferred to
// the reader's port, and at most `UNREAD_BATCHES` of them wait unread; beyond that the upload waits. So the
// server holds about three batches of the file, never the whole.
import type { MessagePort } from 'node:worker_threads';
import type { ReadAnswer, StreamMessage } from './signal-work.ts';

/**
 * Bytes posted to the reader at once. A multipart chunk is a socket read (at most 64 KiB, often less);
 * posting each one costs a message and, on a core the reader shares with the event loop, a switch between
 * the threads per chunk (a 30 MB CSV took about twice as long sent chunk by chunk: docs/performance.md
 * "Import jobs"). A mebibyte is about 10 ms of the reader's work, so a message's cost is lost in it.
 */
export const BATCH_BYTES = 1024 * 1024;

/** Batches posted and not yet read: the reader has the next while it reads one. */
export const UNREAD_BATCHES = 2;

export interface StreamRead {
  /**
   * Hands the next bytes to the reader (copied: the caller's chunk is not kept once posted); resolves once
   * the reader has room for more, or once it has answered (a refusal: nothing more is read).
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
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
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
    pending = [];
    port.close();
    wakeUp();
  };
  answer.then(settle, settle);
  const post = (message: StreamMessage, transfer: ArrayBuffer[] = []) => {
    if (!answered) port.postMessage(message, transfer);
  };
  /** Posts the gathered chunks as one buffer of their own (they share memory with the request's). */
  const flush = () => {
    if (pendingBytes === 0) return;
    const batch = new Uint8Array(pendingBytes);
    let offset = 0;
    for (const chunk of pending) {
      batch.set(chunk, offset);
      offset += chunk.length;
    }
    pending = [];
    pendingBytes = 0;
    post({ bytes: batch }, [batch.buffer]);
    unread++;
  };
  return {
    async push(bytes) {
      if (answered || bytes.length === 0) return;
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes < BATCH_BYTES) return;
      flush();
      while (unread >= UNREAD_BATCHES && !answered) await new Promise<void>((resolve) => (wake = resolve));
    },
    end() {
      flush();
      post({ end: true });
    },
    abort: () => post({ abort: true }),
    answer,
    get answered() {
      return answered;
    },
  };
}
