// Signal chunks as bytes: `time_sec`, `signal` and `pressure_bar` of measurement_chunks become `bytea` of
// little-endian doubles (lib/float-bytes.ts), read straight into typed arrays and written without turning
// every point into text. Each chunk also keeps its point count and its first and last time, which the
// SQL that closes an interrupted measurement sums and spans without decoding the bytes.
//
// Existing rows are converted in batches here: every stored double is kept exactly. The lock on a signed
// measurement's chunks (0020) is held off for the conversion alone: it changes how the points are stored,
// not one value of them, and it is restored before the migration ends.
import { sql, type Kysely } from 'kysely';
import { encodeFloat64 } from '../../lib/float-bytes.ts';

const BATCH_ROWS = 200;

interface OldChunk {
  measurement_id: number;
  chunk_index: number;
  time_sec: number[];
  signal: number[];
  pressure_bar: number[] | null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table measurement_chunks disable trigger measurement_chunks_lock`.execute(db);
  await sql`
    alter table measurement_chunks
      add column time_bytes bytea,
      add column signal_bytes bytea,
      add column pressure_bytes bytea,
      add column points integer,
      add column first_time_sec double precision,
      add column last_time_sec double precision`.execute(db);
  await sql`
    update measurement_chunks set
      points = cardinality(signal),
      first_time_sec = coalesce(time_sec[1], 0),
      last_time_sec = coalesce(time_sec[cardinality(time_sec)], 0)`.execute(db);
  for (;;) {
    const { rows } = await sql<OldChunk>`
      select measurement_id, chunk_index, time_sec, signal, pressure_bar from measurement_chunks
      where time_bytes is null order by measurement_id, chunk_index limit ${BATCH_ROWS}`.execute(db);
    if (rows.length === 0) break;
    const values = rows.map(
      (row) =>
        sql`(${row.measurement_id}::integer, ${row.chunk_index}::integer, ${encodeFloat64(row.time_sec.map(Number))}::bytea, ${encodeFloat64(row.signal.map(Number))}::bytea, ${row.pressure_bar === null ? null : encodeFloat64(row.pressure_bar.map(Number))}::bytea)`,
    );
    await sql`
      update measurement_chunks as c set time_bytes = v.t, signal_bytes = v.s, pressure_bytes = v.p
      from (values ${sql.join(values)}) as v(m, i, t, s, p)
      where c.measurement_id = v.m and c.chunk_index = v.i`.execute(db);
  }
  await sql`
    alter table measurement_chunks
      drop column time_sec,
      drop column signal,
      drop column pressure_bar`.execute(db);
  await sql`alter table measurement_chunks rename column time_bytes to time_sec`.execute(db);
  await sql`alter table measurement_chunks rename column signal_bytes to signal`.execute(db);
  await sql`alter table measurement_chunks rename column pressure_bytes to pressure_bar`.execute(db);
  await sql`
    alter table measurement_chunks
      alter column time_sec set not null,
      alter column signal set not null,
      alter column points set not null,
      alter column first_time_sec set not null,
      alter column last_time_sec set not null`.execute(db);
  await sql`alter table measurement_chunks enable trigger measurement_chunks_lock`.execute(db);
}
