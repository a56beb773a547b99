// SQL for sequences and their table of drafts.
import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { DraftsTable, SequencesTable, SequenceState } from '../db/domain-schema.ts';
import type { Database, RowOwner } from '../db/schema.ts';
import { templateAtVersion } from './record-versions.ts';

export type SequenceRow = Selectable<SequencesTable>;
export type DraftRow = Selectable<DraftsTable>;
type Db = Kysely<Database> | Transaction<Database>;

export interface DraftValues {
  sample_id: number;
  vial: number;
  injections_count: number;
  method_id: number | null;
  enabled: boolean;
  weight_mg: number | null;
  dilution: number | null;
  injection_ul: number | null;
  check_standard: boolean;
  calibration_level: number | null;
}

/** The rows of sequence tables, and the templates a sequence processes with. */
function draftQueries(db: Kysely<Database>) {
  return {
    async drafts(sequenceIds: number[], trx: Db = db): Promise<DraftRow[]> {
      if (sequenceIds.length === 0) return [];
      return trx
        .selectFrom('drafts')
        .selectAll()
        .where('sequence_id', 'in', sequenceIds)
        .orderBy('sequence_id')
        .orderBy('position')
        .orderBy('id')
        .execute();
    },
    async insertDraft(
      trx: Db,
      owner: RowOwner,
      sequenceId: number,
      position: number,
      values: DraftValues,
    ): Promise<DraftRow> {
      return trx
        .insertInto('drafts')
        .values({
          owner_id: owner.userId,
          workspace_id: owner.workspaceId,
          sequence_id: sequenceId,
          position,
          ...values,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async updateDraft(trx: Db, id: number, values: Updateable<DraftsTable>): Promise<DraftRow> {
      return trx
        .updateTable('drafts')
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async removeDraft(trx: Db, id: number): Promise<void> {
      await trx.deleteFrom('drafts').where('id', '=', id).execute();
    },
    /** A template the workspace may use; as the given version when a record pinned one (migration 0029). */
    async template(workspaceId: number, uuid: string, trx: Db = db, version?: number | null) {
      const row = await trx
        .selectFrom('postprocessingTemplates')
        .selectAll()
        .where('uuid', '=', uuid)
        .where((eb) => eb.or([eb('workspace_id', '=', workspaceId), eb('owner_id', 'is', null)]))
        .executeTakeFirst();
      return row ? templateAtVersion(trx, row, version) : undefined;
    },
  };
}

export function createSequencesRepository(db: Kysely<Database>) {
  return {
    db,
    async list(workspaceId: number): Promise<SequenceRow[]> {
      return db
        .selectFrom('sequences')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('id', 'desc')
        .execute();
    },
    async find(workspaceId: number, id: number, trx: Db = db): Promise<SequenceRow | undefined> {
      return trx
        .selectFrom('sequences')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** Locks the row for a state change, so two control calls cannot both pass the same check. */
    async lock(
      trx: Transaction<Database>,
      workspaceId: number,
      id: number,
    ): Promise<SequenceRow | undefined> {
      return trx
        .selectFrom('sequences')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },
    /** Whether the sequence, or a measurement of one of its injections, carries any signature. */
    async signed(id: number, trx: Db = db): Promise<boolean> {
      const row = await sql<{ signed: boolean }>`select sequence_signed(${id}) as signed`.execute(trx);
      return row.rows[0]?.signed === true;
    },
    /** Why a method cannot change now (method_lock_code of migration 0020), or null. */
    async methodLockCode(id: number, trx: Db = db): Promise<string | null> {
      const row = await sql<{ code: string | null }>`select method_lock_code(${id}::integer) as code`.execute(
        trx,
      );
      return row.rows[0]?.code ?? null;
    },
    async byId(id: number, trx: Db = db): Promise<SequenceRow | undefined> {
      return trx.selectFrom('sequences').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async inStates(states: SequenceState[]): Promise<SequenceRow[]> {
      return db.selectFrom('sequences').selectAll().where('state', 'in', states).orderBy('id').execute();
    },
    async activeOnDevice(deviceId: number, exceptId: number, trx: Db = db): Promise<SequenceRow | undefined> {
      return trx
        .selectFrom('sequences')
        .selectAll()
        .where('device_id', '=', deviceId)
        .where('id', '!=', exceptId)
        .where('state', 'in', ['RUNNING', 'PAUSED'])
        .executeTakeFirst();
    },
    async insert(
      trx: Db,
      owner: RowOwner,
      values: { name: string; device_id: number; method_id: number | null; template_uuid: string | null },
    ): Promise<SequenceRow> {
      return trx
        .insertInto('sequences')
        .values({ owner_id: owner.userId, workspace_id: owner.workspaceId, ...values })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async update(trx: Db, id: number, values: Updateable<SequencesTable>): Promise<SequenceRow> {
      return trx
        .updateTable('sequences')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async remove(trx: Db, id: number): Promise<void> {
      await trx.deleteFrom('sequences').where('id', '=', id).execute();
    },
    ...draftQueries(db),
  };
}

export type SequencesRepository = ReturnType<typeof createSequencesRepository>;
export type TemplateRow = NonNullable<Awaited<ReturnType<SequencesRepository['template']>>>;
