// SQL for what a sequence run leaves behind: injections and their measurements.
import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { InjectionsTable, InterruptedInjectionPolicy, MeasurementsTable } from '../db/domain-schema.ts';
import type { Database } from '../db/schema.ts';

export type InjectionRow = Selectable<InjectionsTable>;
export type MeasurementRow = Selectable<MeasurementsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** The rows a run records: injections, measurements and their chunks. */
function recordingQueries(db: Kysely<Database>) {
  return {
    /** Stored chunks of a measurement: grows while an instrument still delivers a run's points. */
    async chunkCount(measurementId: number, trx: Db = db): Promise<number> {
      const row = await trx
        .selectFrom('measurement_chunks')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('measurement_id', '=', measurementId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Closes a recording measurement of an interrupted injection with the points it got and the reason. */
    async closeInterrupted(trx: Db, measurementId: number, reason: string): Promise<void> {
      const span = sql<number>`coalesce((select sum(points) from measurement_chunks where measurement_id = ${measurementId}), 0)`;
      const duration = sql<number>`coalesce((select max(last_time_sec) - min(first_time_sec) from measurement_chunks where measurement_id = ${measurementId}), 0)`;
      await trx
        .updateTable('measurements')
        .set({
          state: 'failed',
          points_count: span,
          duration_sec: duration,
          finished_at: new Date(),
          metadata: sql`metadata || ${JSON.stringify({ interrupted_reason: reason })}::jsonb`,
        })
        .where('id', '=', measurementId)
        .where('state', '=', 'recording')
        .execute();
    },
    async insertInjection(trx: Db, values: Insertable<InjectionsTable>): Promise<InjectionRow> {
      return trx.insertInto('injections').values(values).returningAll().executeTakeFirstOrThrow();
    },
    async updateInjection(trx: Db, id: number, values: Updateable<InjectionsTable>): Promise<void> {
      await trx.updateTable('injections').set(values).where('id', '=', id).execute();
    },
    async insertMeasurement(
      trx: Db,
      values: {
        owner_id: number;
        workspace_id: number;
        injection_id: number | null;
        device_id: number | null;
        sample_id: number | null;
        name: string;
        source: 'device' | 'import';
        state: 'recording' | 'complete' | 'failed';
        signal_unit: string;
        metadata: string;
      },
    ): Promise<MeasurementRow> {
      return trx.insertInto('measurements').values(values).returningAll().executeTakeFirstOrThrow();
    },
    async updateMeasurement(trx: Db, id: number, values: Updateable<MeasurementsTable>): Promise<void> {
      await trx.updateTable('measurements').set(values).where('id', '=', id).execute();
    },
    /** The channels of an imported run: the run's first measurement and those that point at it, in order. */
    async channelsOf(runId: number, trx: Db = db): Promise<MeasurementRow[]> {
      return trx
        .selectFrom('measurements')
        .selectAll()
        .where((eb) => eb.or([eb('id', '=', runId), eb('channel_of_id', '=', runId)]))
        .orderBy('id')
        .execute();
    },
    async measurement(id: number, trx: Db = db): Promise<MeasurementRow | undefined> {
      return trx.selectFrom('measurements').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async measurementOfInjection(injectionId: number, trx: Db = db): Promise<MeasurementRow | undefined> {
      return trx
        .selectFrom('measurements')
        .selectAll()
        .where('injection_id', '=', injectionId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },
    /** Marks a finished injection's measurement whose processing failed (a catalogue code). */
    async recordProcessingError(measurementId: number, code: string, trx: Db = db): Promise<void> {
      await trx
        .updateTable('measurements')
        .set({ metadata: sql`metadata || ${JSON.stringify({ processing_error: code })}::jsonb` })
        .where('id', '=', measurementId)
        .execute();
    },
    async measurementsOfSequence(sequenceId: number, trx: Db = db) {
      return trx
        .selectFrom('measurements as m')
        .innerJoin('injections as i', 'i.id', 'm.injection_id')
        .selectAll('m')
        .select([
          'i.draft_id',
          'i.replicate',
          'i.vial',
          'i.state as injection_state',
          'i.interrupted_reason',
          'i.method_snapshot',
        ])
        .where('i.sequence_id', '=', sequenceId)
        .orderBy('i.id')
        .execute();
    },
  };
}

export function createRunsRepository(db: Kysely<Database>) {
  return {
    db,
    async injection(id: number, trx: Db = db): Promise<InjectionRow | undefined> {
      return trx.selectFrom('injections').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Injections of a sequence made since `since` (the current run), oldest first. */
    async injectionsOfRun(sequenceId: number, since: Date, trx: Db = db): Promise<InjectionRow[]> {
      return trx
        .selectFrom('injections')
        .selectAll()
        .where('sequence_id', '=', sequenceId)
        .where('created_at', '>=', since)
        .orderBy('id')
        .execute();
    },
    async injectionsOfSequence(sequenceId: number, trx: Db = db): Promise<InjectionRow[]> {
      return trx
        .selectFrom('injections')
        .selectAll()
        .where('sequence_id', '=', sequenceId)
        .orderBy('id')
        .execute();
    },
    /** Injections still running or pending (on one instrument, when given): what recovery watches. */
    async unfinishedInjections(deviceId?: number, trx: Db = db): Promise<InjectionRow[]> {
      let query = trx
        .selectFrom('injections')
        .selectAll()
        .where('state', 'in', ['pending', 'running'])
        .where('sequence_id', 'is not', null);
      if (deviceId !== undefined) query = query.where('device_id', '=', deviceId);
      return query.orderBy('id').execute();
    },
    /**
     * Runs started outside a sequence that finished between a day ago and `endedBefore` with every point,
     * whose measurement has neither a result nor a recorded processing error: their end was not handled.
     */
    async unhandledSingleRuns(endedBefore: Date, trx: Db = db): Promise<Array<{ measurement_id: number }>> {
      return trx
        .selectFrom('injections as i')
        .innerJoin('measurements as m', 'm.injection_id', 'i.id')
        .select('m.id as measurement_id')
        .where('i.sequence_id', 'is', null)
        .where('i.state', '=', 'finished')
        .where('m.state', '=', 'complete')
        .where('i.finished_at', '<', endedBefore)
        .where('i.finished_at', '>', new Date(endedBefore.getTime() - 86_400_000))
        .where(sql<boolean>`m.metadata->>'processing_error' is null`)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('processing_results as r')
                .select('r.id')
                .whereRef('r.measurement_id', '=', 'm.id'),
            ),
          ),
        )
        .orderBy('i.id')
        .limit(20)
        .execute();
    },
    /** What the method does with an interrupted injection (migration 0030); `pause` without a method. */
    async interruptedPolicy(trx: Db, methodId: number | null): Promise<InterruptedInjectionPolicy> {
      if (methodId === null) return 'pause';
      const row = await trx
        .selectFrom('methods')
        .select('on_interrupted_injection')
        .where('id', '=', methodId)
        .executeTakeFirst();
      return row?.on_interrupted_injection ?? 'pause';
    },
    /** Earlier interrupted injections of the same row × replicate in this run (a re-injection's count). */
    async interruptedBefore(trx: Db, injection: InjectionRow, since: Date): Promise<number> {
      if (injection.sequence_id === null || injection.draft_id === null) return 0;
      const rows = await trx
        .selectFrom('injections')
        .select('id')
        .where('sequence_id', '=', injection.sequence_id)
        .where('draft_id', '=', injection.draft_id)
        .where('replicate', '=', injection.replicate)
        .where('state', '=', 'interrupted')
        .where('created_at', '>=', since)
        .where('id', '<>', injection.id)
        .execute();
      return rows.length;
    },
    async lockInjection(trx: Transaction<Database>, id: number): Promise<InjectionRow | undefined> {
      return trx.selectFrom('injections').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },
    /** Drafts of the sequences that have an injection (rows that have run or are running). */
    async ranDraftIds(sequenceIds: number[], trx: Db = db): Promise<number[]> {
      if (sequenceIds.length === 0) return [];
      const rows = await trx
        .selectFrom('injections')
        .select('draft_id')
        .distinct()
        .where('sequence_id', 'in', sequenceIds)
        .where('draft_id', 'is not', null)
        .execute();
      return rows.map((row) => row.draft_id!);
    },
    ...recordingQueries(db),
  };
}

export type RunsRepository = ReturnType<typeof createRunsRepository>;
