// SQL for import jobs (migration 0030): one row per import answered 202, its phase and progress.
import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ImportJobsTable } from '../db/sequences-schema.ts';

export type ImportJobRow = Selectable<ImportJobsTable>;

/** The phases in which a job is under way; the others end it. */
export const UNFINISHED_IMPORT_STATUSES = ['queued', 'reading', 'processing', 'storing'] as const;

export function createImportJobsRepository(db: Kysely<Database>) {
  return {
    db,
    /** A job id taken before its row exists, so the job can be claimed before any reconciler sees it. */
    async reserveId(): Promise<number> {
      const { rows } = await sql<{ id: string | number }>`
        select nextval(pg_get_serial_sequence('import_jobs', 'id')) as id`.execute(db);
      return Number(rows[0]!.id);
    },
    async insert(values: {
      id: number;
      ownerId: number;
      workspaceId: number;
      fileName: string;
      bytesTotal: number;
    }): Promise<ImportJobRow> {
      return db
        .insertInto('import_jobs')
        .values({
          id: values.id,
          owner_id: values.ownerId,
          workspace_id: values.workspaceId,
          file_name: values.fileName.slice(0, 200),
          bytes_total: values.bytesTotal,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** The job, when `ownerId` owns it (nobody else reads or cancels an import). */
    async owned(ownerId: number, id: number): Promise<ImportJobRow | undefined> {
      return db
        .selectFrom('import_jobs')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async update(id: number, values: Updateable<ImportJobsTable>): Promise<ImportJobRow> {
      return db
        .updateTable('import_jobs')
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** Asks an unfinished job to stop; undefined when it had already ended. */
    async requestCancel(ownerId: number, id: number): Promise<ImportJobRow | undefined> {
      return db
        .updateTable('import_jobs')
        .set({ cancel_requested: true })
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .where('status', 'in', [...UNFINISHED_IMPORT_STATUSES])
        .returningAll()
        .executeTakeFirst();
    },
    /** Removes measurements an unfinished import stored, with the channels that point at them. */
    async removeMeasurements(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom('measurements').where('channel_of_id', 'in', ids).execute();
      await db.deleteFrom('measurements').where('id', 'in', ids).execute();
    },
    async unfinished(): Promise<ImportJobRow[]> {
      return db
        .selectFrom('import_jobs')
        .selectAll()
        .where('status', 'in', [...UNFINISHED_IMPORT_STATUSES])
        .orderBy('id')
        .execute();
    },
    /** The job while it is unfinished; undefined once it has ended. */
    async unfinishedById(id: number): Promise<ImportJobRow | undefined> {
      return db
        .selectFrom('import_jobs')
        .selectAll()
        .where('id', '=', id)
        .where('status', 'in', [...UNFINISHED_IMPORT_STATUSES])
        .executeTakeFirst();
    },
    /** Ends a job that is still unfinished; undefined when it had ended meanwhile. */
    async endUnfinished(id: number, values: Updateable<ImportJobsTable>): Promise<ImportJobRow | undefined> {
      return db
        .updateTable('import_jobs')
        .set({ ...values, finished_at: new Date() })
        .where('id', '=', id)
        .where('status', 'in', [...UNFINISHED_IMPORT_STATUSES])
        .returningAll()
        .executeTakeFirst();
    },
  };
}

export type ImportJobsRepository = ReturnType<typeof createImportJobsRepository>;
