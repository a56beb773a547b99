// A bounded pool of worker threads for the signal work (signal-work.ts), so reading an uploaded file and
// processing a long trace never hold the event loop: requests, health checks and instruments go on while
// it runs. Tasks beyond the threads wait in the pool's queue.
import { availableParallelism } from 'node:os';
import { Tinypool } from 'tinypool';
import {
  processTask,
  readTask,
  type ProcessAnswer,
  type ProcessTask,
  type ReadAnswer,
  type ReadTask,
} from './signal-work.ts';

export interface SignalWorkers {
  /** Reads an uploaded file; its bytes are handed to the worker (the caller must not use them after). */
  read(bytes: Uint8Array, maxPoints: number): Promise<ReadAnswer>;
  process(task: Omit<ProcessTask, 'kind'>): Promise<ProcessAnswer>;
  close(): Promise<void>;
}

/** Threads when not configured: one core stays for the event loop and the embedded database. */
export function defaultSignalThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

// Built, the worker is dist/signal-worker.js beside the bundle; from source (tsx, vitest) it is
// signal-worker.ts next to this file, loaded through tsx by signal-worker-from-source.mjs.
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = new URL(
  fromSource ? './signal-worker-from-source.mjs' : './signal-worker.js',
  import.meta.url,
);

export function createSignalWorkers(options: { threads: number }): SignalWorkers {
  const pool = new Tinypool({
    filename: workerFile.href,
    minThreads: 0,
    maxThreads: options.threads,
    // A thread kept a while after its task, so a run of imports does not start one each time.
    idleTimeout: 30_000,
  });
  return {
    read(bytes, maxPoints) {
      const task: ReadTask = { kind: 'read', bytes, maxPoints };
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const transfer = whole && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [];
      return pool.run(task, { transferList: transfer }) as Promise<ReadAnswer>;
    },
    process(task) {
      return pool.run({ kind: 'process', ...task } satisfies ProcessTask) as Promise<ProcessAnswer>;
    },
    close: () => pool.destroy(),
  };
}

/** The same work on the calling thread: for tools and tests that build a service without the pool. */
export const inThreadSignalWork: SignalWorkers = {
  read: (bytes, maxPoints) => Promise.resolve(readTask({ kind: 'read', bytes, maxPoints })),
  process: (task) => Promise.resolve(processTask({ kind: 'process', ...task })),
  close: () => Promise.resolve(),
};
