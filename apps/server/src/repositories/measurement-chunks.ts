// SQL for device measurements: chunks stored exactly once by their primary key, and the finish of a run.
import { sql, type Kysely } from 'kysely';
import type { InjectionState, MeasurementState } from '../db/domain-schema.ts';
import type { Database } from '../db/schema.ts';

export interface ChunkValues {
  measurementId: number;
  chunkIndex: number;
  timeSec: number[];
  signal: number[];
  pressureBar: number[] | null;
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
        .values({
          measurement_id: chunk.measurementId,
          chunk_index: chunk.chunkIndex,
          time_sec: chunk.timeSec,
          signal: chunk.signal,
          pressure_bar: chunk.pressureBar,
        })
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
          sql<number>`coalesce(sum(cardinality(signal)), 0)::int`.as('points'),
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
          sql<number | null>`max(time_sec[cardinality(time_sec)])`.as('last'),
          sql<number | null>`min(time_sec[1])`.as('first'),
          sql<number | null>`(array_agg(time_sec[2] - time_sec[1] order by chunk_index))[1]`.as('interval'),
        ])
        .where('measurement_id', '=', measurementId)
        .executeTakeFirstOrThrow();
      const last = row.last === null ? 0 : Number(row.last);
      const first = row.first === null ? 0 : Number(row.first);
      return {
        durationSec: last - first,
        samplingIntervalSec: row.interval === null ? null : Number(row.interval),
      };
    },
    /** The whole stored signal in chunk order. */
    async readSignal(
      measurementId: number,
    ): Promise<{ timeSec: number[]; signal: number[]; pressureBar: number[]; chunkIndexes: number[] }> {
      const rows = await db
        .selectFrom('measurement_chunks')
        .select(['chunk_index', 'time_sec', 'signal', 'pressure_bar'])
        .where('measurement_id', '=', measurementId)
        .orderBy('chunk_index')
        .execute();
      return {
        chunkIndexes: rows.map((row) => row.chunk_index),
        timeSec: rows.flatMap((row) => row.time_sec.map(Number)),
        signal: rows.flatMap((row) => row.signal.map(Number)),
        pressureBar: rows.flatMap((row) => (row.pressure_bar ?? []).map(Number)),
      };
    },
  };
}

export type MeasurementChunksRepository = ReturnType<typeof createMeasurementChunksRepository>;
