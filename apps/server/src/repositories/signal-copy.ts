// A stored signal as binary COPY statements of measurement_chunks rows (lib/copy-binary.ts): each chunk's
// time and signal are its little-endian doubles (lib/float-bytes.ts), with its point count and first and
// last time beside them, as `chunkRow` stores a device chunk. The statement is `COPY … FROM STDIN` with the
// rows as its one parameter; each database's connection sends it its own way (db/database.ts).
import { CompiledQuery } from 'kysely';
import { encodeCopyRows, type CopyField } from '../lib/copy-binary.ts';
import { float64Bytes } from '../lib/float-bytes.ts';

const COPY_CHUNKS_SQL =
  'copy measurement_chunks (measurement_id, chunk_index, time_sec, signal, points, first_time_sec, last_time_sec) from stdin with (format binary)';

/** Bytes a chunk row takes in a binary COPY besides its doubles: 7 field lengths, 3 integers, 2 doubles. */
const ROW_OVERHEAD_BYTES = 2 + 7 * 4 + 3 * 4 + 2 * 8;

export interface SignalCopy {
  query: CompiledQuery;
  /** Points this statement stores. */
  points: number;
}

/**
 * The COPY statements storing `signal` as chunks of `chunkPoints`, each of about `copyBytes` (at least one
 * chunk), built one at a time as they are asked for.
 */
export function* signalCopies(
  measurementId: number,
  signal: { timeSec: Float64Array; values: Float64Array },
  chunkPoints: number,
  copyBytes: number,
): Generator<SignalCopy> {
  const total = signal.values.length;
  const chunksPerCopy = Math.max(1, Math.floor(copyBytes / (16 * chunkPoints + ROW_OVERHEAD_BYTES)));
  let chunkIndex = 0;
  for (let first = 0; first < total;) {
    const rows: CopyField[][] = [];
    const copyStart = first;
    for (let row = 0; row < chunksPerCopy && first < total; row++, chunkIndex++) {
      const end = Math.min(total, first + chunkPoints);
      const timeSec = signal.timeSec.subarray(first, end);
      rows.push([
        { int4: measurementId },
        { int4: chunkIndex },
        { bytea: float64Bytes(timeSec) },
        { bytea: float64Bytes(signal.values.subarray(first, end)) },
        { int4: end - first },
        { float8: timeSec[0]! },
        { float8: timeSec[timeSec.length - 1]! },
      ]);
      first = end;
    }
    yield { query: CompiledQuery.raw(COPY_CHUNKS_SQL, [encodeCopyRows(rows)]), points: first - copyStart };
  }
}
