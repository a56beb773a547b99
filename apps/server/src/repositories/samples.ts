// SQL for samples, blanks and standards (a standard is a sample row of type 'standard' with one
// `standards` row per analyte), and the device and method rows their rules read.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { SampleType, SamplesTable, StandardsTable } from '../db/domain-schema.ts';
import type { Database, RowOwner } from '../db/schema.ts';
import { methodAtVersion } from './record-versions.ts';

export type SampleRow = Selectable<SamplesTable>;
export type AnalyteRow = Selectable<StandardsTable>;
type Db = Kysely<Database> | Transaction<Database>;

export interface SampleValues {
  name: string;
  type: SampleType;
  description: string;
  device_id: number;
  method_id: number;
  column_name: string;
}

export interface AnalyteValues {
  analyte: string;
  amount: number | null;
  amount_unit: string;
  retention_time_sec: number | null;
  window_sec: number;
}

export function createSamplesRepository(db: Kysely<Database>) {
  return {
    db,
    async list(workspaceId: number, types: SampleType[]): Promise<SampleRow[]> {
      return db
        .selectFrom('samples')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('type', 'in', types)
        .orderBy('id', 'desc')
        .execute();
    },
    async find(workspaceId: number, id: number, trx: Db = db): Promise<SampleRow | undefined> {
      return trx
        .selectFrom('samples')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async findMany(workspaceId: number, ids: number[], trx: Db = db): Promise<SampleRow[]> {
      if (ids.length === 0) return [];
      return trx
        .selectFrom('samples')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', ids)
        .execute();
    },
    async insert(trx: Db, owner: RowOwner, values: SampleValues): Promise<SampleRow> {
      return trx
        .insertInto('samples')
        .values({ owner_id: owner.userId, workspace_id: owner.workspaceId, ...values })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async update(trx: Db, id: number, values: Partial<SampleValues>): Promise<SampleRow> {
      return trx
        .updateTable('samples')
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async remove(trx: Db, id: number): Promise<void> {
      await trx.deleteFrom('samples').where('id', '=', id).execute();
    },
    /** Whether any injection (any run, any outcome) took this sample. */
    async injected(sampleId: number, trx: Db = db): Promise<boolean> {
      const row = await trx
        .selectFrom('injections')
        .select('id')
        .where('sample_id', '=', sampleId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    async analytes(sampleIds: number[], trx: Db = db): Promise<AnalyteRow[]> {
      if (sampleIds.length === 0) return [];
      return trx
        .selectFrom('standards')
        .selectAll()
        .where('sample_id', 'in', sampleIds)
        .orderBy('sample_id')
        .orderBy('id')
        .execute();
    },
    async replaceAnalytes(trx: Db, owner: RowOwner, sampleId: number, rows: AnalyteValues[]): Promise<void> {
      await trx.deleteFrom('standards').where('sample_id', '=', sampleId).execute();
      if (rows.length === 0) return;
      await trx
        .insertInto('standards')
        .values(
          rows.map((row) => ({
            owner_id: owner.userId,
            workspace_id: owner.workspaceId,
            sample_id: sampleId,
            ...row,
          })),
        )
        .execute();
    },
    async device(workspaceId: number, id: number, trx: Db = db) {
      return trx
        .selectFrom('devices')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /**
     * A method the workspace may use: its own or an example method; as the given version when a record
     * pinned one (migration 0029), else as stored now.
     */
    async method(workspaceId: number, id: number, trx: Db = db, version?: number | null) {
      const row = await trx
        .selectFrom('methods')
        .selectAll()
        .where('id', '=', id)
        .where((eb) => eb.or([eb('workspace_id', '=', workspaceId), eb('is_example', '=', true)]))
        .executeTakeFirst();
      return row ? methodAtVersion(trx, row, version) : undefined;
    },
  };
}

export type SamplesRepository = ReturnType<typeof createSamplesRepository>;
export type DeviceRow = NonNullable<Awaited<ReturnType<SamplesRepository['device']>>>;
export type MethodRow = NonNullable<Awaited<ReturnType<SamplesRepository['method']>>>;
