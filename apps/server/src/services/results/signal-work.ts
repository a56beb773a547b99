// The heavy signal work a worker thread does for the server: reading an uploaded file into typed arrays
// (whole, or a CSV as its bytes arrive through a message port), and processing a signal with a template.
// Pure: no database, no request; the answers are plain data that cross the thread boundary (typed arrays
// transferred, not copied, where the pool can).
import type { MessagePort } from 'node:worker_threads';
import {
  ChromatogramFileError,
  CsvFileStream,
  processChromatogram,
  readChromatogram,
  TooManyPointsError,
  type Chromatogram,
  type ChromatogramFileErrorKind,
  type ProcessContext,
  type ProcessingResult,
  type ProcessingTemplate,
  type SignalInput,
} from '@eluent/signal';

export type ReadTask = { kind: 'read'; bytes: Uint8Array; maxPoints: number };
export type ProcessTask = {
  kind: 'process';
  signal: SignalInput;
  template: ProcessingTemplate;
  context: Pick<ProcessContext, 'blank' | 'includeSignals'>;
};
/** A CSV read as its upload arrives: the bytes come through `port` (`StreamMessage`), each one acknowledged. */
export type ReadStreamTask = { kind: 'readStream'; port: MessagePort; maxPoints: number };
export type SignalTask = ReadTask | ReadStreamTask | ProcessTask;

/**
 * What the server posts to a stream read: the next bytes, their end, or that the upload broke off. The
 * reader answers each message of bytes with their length once read, so the server sends more only then.
 */
export type StreamMessage = { bytes: Uint8Array } | { end: true } | { abort: true };

export type ReadRefusal = ChromatogramFileErrorKind | 'invalid' | 'too_many_points';
export type ReadAnswer =
  | { ok: true; chromatogram: Chromatogram }
  | { ok: false; refusal: ReadRefusal; message: string; points?: number };
export type ProcessAnswer = { ok: true; result: ProcessingResult } | { ok: false; message: string };

/** A reader's refusal as an answer, so its kind crosses threads. */
function refusalOf(error: unknown): ReadAnswer {
  if (error instanceof ChromatogramFileError)
    return { ok: false, refusal: error.kind, message: error.message };
  // A CSV is refused at its first point past the limit: it can only say there are more.
  if (error instanceof TooManyPointsError)
    return { ok: false, refusal: 'too_many_points', message: error.message };
  return { ok: false, refusal: 'invalid', message: 'The file could not be read.' };
}

/** Reads an uploaded chromatogram; a refused file is an answer, not a throw, so its kind crosses threads. */
export function readTask(task: ReadTask): ReadAnswer {
  let chromatogram: Chromatogram;
  try {
    chromatogram = readChromatogram(task.bytes, { maxPoints: task.maxPoints });
  } catch (error) {
    return refusalOf(error);
  }
  // An AIA file is read whole: its refusal names its count.
  const points = chromatogram.values.length;
  if (points > task.maxPoints) {
    return {
      ok: false,
      refusal: 'too_many_points',
      message: `The file holds ${points} points; at most ${task.maxPoints} can be imported.`,
      points,
    };
  }
  return { ok: true, chromatogram };
}

/**
 * Reads a CSV as its bytes come through the task's port, in bounded memory (`CsvFileStream`): each message
 * of bytes is read, then acknowledged; the first refusal (the first point past the limit among them) is the
 * answer at once, whatever is still to come.
 */
export function readStreamTask(task: ReadStreamTask): Promise<ReadAnswer> {
  const { port } = task;
  const reader = new CsvFileStream({ maxPoints: task.maxPoints });
  return new Promise((resolve) => {
    const answer = (value: ReadAnswer) => {
      port.removeAllListeners('message');
      port.close();
      resolve(value);
    };
    port.on('message', (message: StreamMessage) => {
      try {
        if ('bytes' in message) {
          reader.push(message.bytes);
          port.postMessage(message.bytes.length);
        } else if ('end' in message) {
          answer({ ok: true, chromatogram: reader.end() });
        } else {
          answer({ ok: false, refusal: 'invalid', message: 'The upload broke off.' });
        }
      } catch (error) {
        answer(refusalOf(error));
      }
    });
  });
}

/** Processes a signal; a signal the core cannot process (times not increasing) is an answer too. */
export function processTask(task: ProcessTask): ProcessAnswer {
  try {
    return { ok: true, result: processChromatogram(task.signal, task.template, task.context) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The typed-array buffers of an answer, handed over to the receiving thread instead of copied. */
export function buffersOf(answer: ReadAnswer | ProcessAnswer): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const add = (array: ArrayLike<number> | undefined | null) => {
    if (ArrayBuffer.isView(array) && array.buffer instanceof ArrayBuffer) buffers.add(array.buffer);
  };
  if (answer.ok && 'chromatogram' in answer) {
    add(answer.chromatogram.timeSec);
    add(answer.chromatogram.values);
  } else if (answer.ok && 'result' in answer) {
    const signals = answer.result.signals as Record<string, ArrayLike<number> | null> | undefined;
    for (const array of Object.values(signals ?? {})) add(array);
  }
  return [...buffers];
}

/** The array's values in memory the threads share: posted to another worker, it is not copied. */
function shared(array: Float64Array): Float64Array {
  const copy = new Float64Array(new SharedArrayBuffer(array.byteLength));
  copy.set(array);
  return copy;
}

/**
 * Runs a task: its answer and the buffers to transfer with it. A file's signal comes back shared: the
 * server stores it while another task processes it, and posting it there then copies nothing on the event
 * loop (the processing core never writes to its input).
 */
export async function answerOf(
  task: SignalTask,
): Promise<{ answer: ReadAnswer | ProcessAnswer; buffers: ArrayBuffer[] }> {
  const answer =
    task.kind === 'read'
      ? readTask(task)
      : task.kind === 'readStream'
        ? await readStreamTask(task)
        : processTask(task);
  if (answer.ok && 'chromatogram' in answer) {
    const { chromatogram } = answer;
    chromatogram.timeSec = shared(chromatogram.timeSec);
    chromatogram.values = shared(chromatogram.values);
  }
  return { answer, buffers: buffersOf(answer) };
}
