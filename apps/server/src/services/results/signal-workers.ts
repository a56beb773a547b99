// A bounded pool of worker threads for the signal work (signal-work.ts), so reading an uploaded file and
// processing a long trace never hold the event loop: requests, health checks and instruments go on while
// it runs. Tasks beyond the threads wait in the pool's queue. A CSV read as its upload arrives has a pool
// of its own (its thread waits on the network, and must not keep processing waiting); its bytes go through
// a message port, a few chunks at a time (stream-read.ts).
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Tinypool } from 'tinypool';
import {
  processTask,
  readStreamTask,
  readTask,
  type ProcessAnswer,
  type ProcessTask,
  type ReadAnswer,
  type ReadStreamTask,
  type ReadTask,
} from './signal-work.ts';
import { streamReadThrough, type StreamRead } from './stream-read.ts';

export type { StreamRead } from './stream-read.ts';

export interface SignalWorkers {
  /** Reads an uploaded file; its bytes are handed to the worker (the caller must not use them after). */
  read(bytes: Uint8Array, maxPoints: number): Promise<ReadAnswer>;
  /** Reads a CSV from bytes pushed as they arrive; refused at the first point past `maxPoints`. */
  readStream(maxPoints: number): StreamRead;
  process(task: Omit<ProcessTask, 'kind'>): Promise<ProcessAnswer>;
  close(): Promise<void>;
}

/** Threads when not configured: one core stays for the event loop and the embedded database. */
export function defaultSignalThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/**
 * Uploads read as they arrive at once. A reader's thread mostly waits on the client's network, so they are
 * not bounded by the cores; a further upload waits for a reader with its request paused (TCP holds it back),
 * never buffered.
 */
export const STREAM_READER_THREADS = 8;

// Built, the worker is dist/signal-worker.js beside the bundle; from source (tsx, vitest) it is
// signal-worker.ts next to this file, loaded through tsx by signal-worker-from-source.mjs.
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = new URL(
  fromSource ? './signal-worker-from-source.mjs' : './signal-worker.js',
  import.meta.url,
);

/** A thread is kept a while after its task, so a run of imports does not start one each time. */
const IDLE_TIMEOUT_MS = 30_000;

export function createSignalWorkers(options: { threads: number }): SignalWorkers {
  const pool = new Tinypool({
    filename: workerFile.href,
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: IDLE_TIMEOUT_MS,
  });
  const readers = new Tinypool({
    filename: workerFile.href,
    minThreads: 0,
    maxThreads: STREAM_READER_THREADS,
    idleTimeout: IDLE_TIMEOUT_MS,
  });
  return {
    read(bytes, maxPoints) {
      const task: ReadTask = { kind: 'read', bytes, maxPoints };
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const transfer = whole && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [];
      return pool.run(task, { transferList: transfer }) as Promise<ReadAnswer>;
    },
    readStream(maxPoints) {
      const { port1, port2 } = new MessageChannel();
      const task: ReadStreamTask = { kind: 'readStream', port: port2, maxPoints };
      return streamReadThrough(port1, readers.run(task, { transferList: [port2] }) as Promise<ReadAnswer>);
    },
    process(task) {
      return pool.run({ kind: 'process', ...task } satisfies ProcessTask) as Promise<ProcessAnswer>;
    },
    close: async () => {
      await Promise.all([pool.destroy(), readers.destroy()]);
    },
  };
}

/** The same work on the calling thread: for tools and tests that build a service without the pool. */
export const inThreadSignalWork: SignalWorkers = {
  read: (bytes, maxPoints) => Promise.resolve(readTask({ kind: 'read', bytes, maxPoints })),
  readStream(maxPoints) {
    const { port1, port2 } = new MessageChannel();
    return streamReadThrough(port1, readStreamTask({ kind: 'readStream', port: port2, maxPoints }));
  },
  process: (task) => Promise.resolve(processTask({ kind: 'process', ...task })),
  close: () => Promise.resolve(),
};
