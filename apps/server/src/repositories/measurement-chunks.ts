// SQL for device measurements: chunks stored exactly once by their primary key, and the finish of a run.
// A chunk's series are stored as little-endian doubles (lib/float-bytes.ts).
import { sql, type Insertable, type Kysely } from 'kysely';
import type { InjectionState, MeasurementChunksTable, MeasurementState } from '../db/domain-schema.ts';
import type { Database } from '../db/schema.ts';
import { decodeFloat64, encodeFloat64 } from '../lib/float-bytes.ts';

export interface ChunkValues {
  measurementId: number;
  chunkIndex: number;
  timeSec: ArrayLike<number>;
  signal: ArrayLike<number>;
  pressureBar: ArrayLike<number> | null;
}

/** The row of one chunk: its series encoded, its point count and time span beside them. */
export function chunkRow(chunk: ChunkValues): Insertable<MeasurementChunksTable> {
  const points = chunk.timeSec.length;
  return {
    measurement_id: chunk.measurementId,
    chunk_index: chunk.chunkIndex,
    time_sec: encodeFloat64(chunk.timeSec),
    signal: encodeFloat64(chunk.signal),
    pressure_bar: chunk.pressureBar === null ? null : encodeFloat64(chunk.pressureBar),
    points: chunk.signal.length,
    first_time_sec: points > 0 ? chunk.timeSec[0]! : 0,
    last_time_sec: points > 0 ? chunk.timeSec[points - 1]! : 0,
  };
}

export interface MeasurementOwnership {
  id: number;
  owner_id: number;
  device_id: number | null;
  injection_id: number | null;
  state: MeasurementState;
}

export function createMeasurementChunksRepository(db: Kysely<Database>) {
  return {
    findMeasurement(measurementId: number): Promise<MeasurementOwnership | undefined> {
      return db
        .selectFrom('measurements')
        .select(['id', 'owner_id', 'device_id', 'injection_id', 'state'])
        .where('id', '=', measurementId)
        .executeTakeFirst();
    },
    /** Inserts a chunk; false when that (measurement, index) was stored before (a re-send). */
    async insertChunk(chunk: ChunkValues): Promise<boolean> {
      const inserted = await db
        .insertInto('measurement_chunks')
        .values(chunkRow(chunk))
        .onConflict((conflict) => conflict.columns(['measurement_id', 'chunk_index']).doNothing())
        .returning('chunk_index')
        .executeTakeFirst();
      return inserted !== undefined;
    },
    /** How many of chunks 0 … count − 1 are stored, and their points. */
    async storedChunks(measurementId: number, count: number): Promise<{ chunks: number; points: number }> {
      const row = await db
        .selectFrom('measurement_chunks')
        .select([
          sql<number>`count(*)::int`.as('chunks'),
          sql<number>`coalesce(sum(points), 0)::int`.as('points'),
        ])
        .where('measurement_id', '=', measurementId)
        .where('chunk_index', '<', count)
        .executeTakeFirstOrThrow();
      return { chunks: Number(row.chunks), points: Number(row.points) };
    },
    /**
     * Closes a recording measurement (and its injection) once; false when it was closed before, so the
     * finish is announced exactly once.
     */
    async finish(values: {
      measurementId: number;
      state: MeasurementState;
      injectionState: InjectionState;
      pointsCount: number;
      durationSec: number;
      samplingIntervalSec: number | null;
      errorCode: number | string | null;
      /** Fractions the collector took, kept with the measurement. */
      fractions: unknown[] | null;
    }): Promise<boolean> {
      return db.transaction().execute(async (transaction) => {
        const updated = await transaction
          .updateTable('measurements')
          .set({
            state: values.state,
            points_count: values.pointsCount,
            duration_sec: values.durationSec,
            sampling_interval_sec: values.samplingIntervalSec,
            finished_at: new Date(),
            metadata: sql`metadata || ${JSON.stringify({
              device_error_code: values.errorCode,
              ...(values.fractions ? { fractions: values.fractions } : {}),
            })}::jsonb`,
          })
          .where('id', '=', values.measurementId)
          .where('state', '=', 'recording')
          .returning('injection_id')
          .executeTakeFirst();
        if (!updated) return false;
        if (updated.injection_id !== null) {
          await transaction
            .updateTable('injections')
            .set({ state: values.injectionState, finished_at: new Date() })
            .where('id', '=', updated.injection_id)
            .execute();
        }
        return true;
      });
    },
    /** First and last time of the stored signal and the sampling interval (from the first chunk). */
    async timeSpan(
      measurementId: number,
    ): Promise<{ durationSec: number; samplingIntervalSec: number | null }> {
      const row = await db
        .selectFrom('measurement_chunks')
        .select([
          sql<number | null>`max(last_time_sec)`.as('last'),
          sql<number | null>`min(first_time_sec)`.as('first'),
          sql<Uint8Array | null>`(array_agg(substring(time_sec from 1 for 16) order by chunk_index))[1]`.as(
            'opening',
          ),
        ])
        .where('measurement_id', '=', measurementId)
        .executeTakeFirstOrThrow();
      const last = row.last === null ? 0 : Number(row.last);
      const first = row.first === null ? 0 : Number(row.first);
      const opening = row.opening === null ? [] : decodeFloat64([row.opening]);
      return {
        durationSec: last - first,
        samplingIntervalSec: opening.length < 2 ? null : opening[1]! - opening[0]!,
      };
    },
    /** The whole stored signal in chunk order. */
    async readSignal(measurementId: number): Promise<{
      timeSec: Float64Array;
      signal: Float64Array;
      pressureBar: Float64Array;
      chunkIndexes: number[];
    }> {
      const rows = await db
        .selectFrom('measurement_chunks')
        .select(['chunk_index', 'time_sec', 'signal', 'pressure_bar'])
        .where('measurement_id', '=', measurementId)
        .orderBy('chunk_index')
        .execute();
      return {
        chunkIndexes: rows.map((row) => row.chunk_index),
        timeSec: decodeFloat64(rows.map((row) => row.time_sec)),
        signal: decodeFloat64(rows.map((row) => row.signal)),
        pressureBar: decodeFloat64(rows.flatMap((row) => (row.pressure_bar ? [row.pressure_bar] : []))),
      };
    },
  };
}

export type MeasurementChunksRepository = ReturnType<typeof createMeasurementChunksRepository>;
