// SQL for background reprocessing jobs: one row per job with its measurements, state and progress.
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ProcessingJobsTable } from '../db/sequences-schema.ts';

export type ProcessingJobRow = Selectable<ProcessingJobsTable>;
type Db = Kysely<Database> | Transaction<Database>;

export function createProcessingJobsRepository(db: Kysely<Database>) {
  return {
    db,
    async insert(trx: Db, values: Insertable<ProcessingJobsTable>): Promise<ProcessingJobRow> {
      return trx.insertInto('processing_jobs').values(values).returningAll().executeTakeFirstOrThrow();
    },
    async find(workspaceId: number, id: number): Promise<ProcessingJobRow | undefined> {
      return db
        .selectFrom('processing_jobs')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async byId(id: number): Promise<ProcessingJobRow | undefined> {
      return db.selectFrom('processing_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async list(workspaceId: number, limit = 50): Promise<ProcessingJobRow[]> {
      return db
        .selectFrom('processing_jobs')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
    /** Jobs a restart must continue. */
    async unfinished(): Promise<ProcessingJobRow[]> {
      return db
        .selectFrom('processing_jobs')
        .selectAll()
        .where('state', 'in', ['queued', 'running'])
        .orderBy('id')
        .execute();
    },
    async markRunning(id: number): Promise<ProcessingJobRow> {
      return db
        .updateTable('processing_jobs')
        .set({ state: 'running', started_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async setDone(id: number, done: number): Promise<void> {
      await db.updateTable('processing_jobs').set({ done }).where('id', '=', id).execute();
    },
    async finish(id: number, error: string | null): Promise<ProcessingJobRow> {
      return db
        .updateTable('processing_jobs')
        .set({ state: error === null ? 'finished' : 'failed', error, finished_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** Measurements of the job that already have its result (a restarted job skips them). */
    async processedMeasurements(jobId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('processing_results')
        .select('measurement_id')
        .where('job_id', '=', jobId)
        .execute();
      return rows.map((row) => row.measurement_id);
    },
    /** The workspace's measurements among `ids`, in the given order's id set. */
    async ownedMeasurementIds(workspaceId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('measurements')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', ids)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

export type ProcessingJobsRepository = ReturnType<typeof createProcessingJobsRepository>;
