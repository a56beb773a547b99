// An import request's multipart parts as they arrive (docs/formats.md "CSV read as it arrives"): a lone CSV
// file is read by the streaming reader in a worker thread chunk by chunk, so the server never holds it;
// files that need their whole bytes — an AIA/netCDF file, a zip, a run folder's files — are collected.
import type { Readable } from 'node:stream';
import { FILE_MAGIC_BYTES, readsWhole } from '@eluent/signal';
import { AppError } from '../../errors.ts';
import { COPY_BYTES } from '../../repositories/results.ts';
import { isZip, RUN_FILE, type Upload } from './run-archive.ts';
import type { ReadAnswer } from './signal-work.ts';
import type { SignalWorkers, StreamRead } from './signal-workers.ts';

/** A part as @fastify/multipart gives it: a file's bytes as a stream, or a field. */
export type UploadPart =
  | { type: 'file'; filename: string; file: Readable & { truncated: boolean } }
  | { type: 'field'; fieldname: string; value: unknown };

/** A file read as it arrived. */
export interface StreamedFile {
  name: string;
  /** Bytes handed to the reader: all of them, unless it refused the file before its end. */
  bytesRead: number;
  /** The file's size: what arrived, read or (after a refusal) let go. */
  bytesTotal: number;
  answer: Promise<ReadAnswer>;
}

/** Follows a file read as it arrives (its import job): told the bytes read; false stops the reading. */
export interface StreamWatch {
  progress(bytesRead: number): Promise<boolean>;
}

export interface ReceivedUploads {
  /** Files read whole; a file read as it arrived stands here by its name when other files came with it. */
  uploads: Upload[];
  fields: Record<string, string>;
  /** The lone file read as it arrived. */
  streamed: StreamedFile | null;
}

export interface ReceiveOptions {
  work: SignalWorkers;
  maxPoints: number;
  /** The refusal of a file over the size limit. */
  tooLarge: () => AppError;
  /** A file is about to be read as it arrives: what follows it (its job), if anything does. */
  onStream?: ((name: string) => Promise<StreamWatch | null>) | undefined;
}

type Chunks = AsyncIterator<Uint8Array>;

/** A request that broke off while it arrived (the client went away), or the parser's own refusal. */
function receiveError(error: unknown, tooLarge: () => AppError): unknown {
  if (error instanceof AppError) return error;
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (
    code === 'FST_MP_PREMATURE_CLOSE' ||
    code === 'ECONNRESET' ||
    /terminated early|unexpected end/i.test(message ?? '')
  )
    return AppError.domain(400, 'measurement_file_upload_interrupted');
  return error;
}

/** A file's first chunks, until they hold its magic number (or the file ends). */
async function headOf(chunks: Chunks): Promise<Uint8Array[]> {
  const head: Uint8Array[] = [];
  let length = 0;
  while (length < FILE_MAGIC_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    length += next.value.length;
  }
  return head;
}

/** A lone text file: not one of a run folder's (named by its path in it, or a vendor signal), not a zip. */
function readsAsItArrives(name: string, head: Uint8Array[], first: boolean): boolean {
  if (!first || /[\\/]/.test(name) || RUN_FILE.test(name)) return false;
  const start = Buffer.concat(head).subarray(0, FILE_MAGIC_BYTES);
  return !isZip({ name, bytes: start }) && !readsWhole(start);
}

/** A file's whole bytes (a file over the size limit is refused once its part has passed). */
async function wholeFile(
  part: { file: { truncated: boolean } },
  head: Uint8Array[],
  chunks: Chunks,
  options: ReceiveOptions,
) {
  const parts = [...head];
  for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
    if (!part.file.truncated) parts.push(next.value);
  }
  if (part.file.truncated) throw options.tooLarge();
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * Feeds a file to the reader as it arrives. After a refusal (the first point past the limit) the rest of
 * the file is let go unread, so the answer comes once the request has arrived, as any other.
 */
async function streamFile(
  name: string,
  part: { file: { truncated: boolean } },
  head: Uint8Array[],
  chunks: Chunks,
  options: ReceiveOptions,
  watch: StreamWatch | null,
): Promise<StreamedFile> {
  const read: StreamRead = options.work.readStream(options.maxPoints);
  const streamed: StreamedFile = { name, bytesRead: 0, bytesTotal: 0, answer: read.answer };
  let reading = true;
  let reported = 0;
  const feed = async (chunk: Uint8Array) => {
    streamed.bytesTotal += chunk.length;
    if (!reading || read.answered || part.file.truncated) return;
    await read.push(chunk);
    streamed.bytesRead += chunk.length;
    // Progress at the cadence of the signal's COPYs, not every chunk.
    if (watch && streamed.bytesRead - reported >= COPY_BYTES) {
      reported = streamed.bytesRead;
      if (!(await watch.progress(reported))) {
        reading = false;
        read.abort();
      }
    }
  };
  try {
    for (const chunk of head) await feed(chunk);
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) await feed(next.value);
  } catch (error) {
    read.abort();
    throw error;
  }
  if (part.file.truncated) {
    read.abort();
    throw options.tooLarge();
  }
  read.end();
  return streamed;
}

/**
 * Receives an import request's parts: its fields, the files read whole, and the lone CSV file read as it
 * arrived (its answer to come from the reader).
 */
export async function receiveUploads(
  parts: AsyncIterable<UploadPart>,
  options: ReceiveOptions,
): Promise<ReceivedUploads> {
  const received: ReceivedUploads = { uploads: [], fields: {}, streamed: null };
  try {
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') received.fields[part.fieldname] = part.value;
        continue;
      }
      const name = part.filename || 'import';
      const chunks: Chunks = part.file[Symbol.asyncIterator]();
      const head = await headOf(chunks);
      const first = received.uploads.length === 0 && received.streamed === null;
      if (readsAsItArrives(name, head, first)) {
        const watch = (await options.onStream?.(name)) ?? null;
        received.streamed = await streamFile(name, part, head, chunks, options, watch);
        continue;
      }
      // A second file: the first was no CSV of its own but one of a run folder's other files, which the
      // vendor readers pass over; it stands by its name.
      if (received.streamed) {
        received.uploads.push({ name: received.streamed.name, bytes: new Uint8Array(0) });
        received.streamed = null;
      }
      received.uploads.push({ name, bytes: await wholeFile(part, head, chunks, options) });
    }
  } catch (error) {
    throw receiveError(error, options.tooLarge);
  }
  if (received.uploads.length === 0 && !received.streamed)
    throw AppError.validation({ file: ['Field is required'] });
  return received;
}
