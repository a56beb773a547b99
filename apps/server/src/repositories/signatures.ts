// SQL of electronic signatures: the subject a signature is about (locked while signing), the rows of a
// subject's signatures with the result versions each covers, and appending a signature.
import type { Insertable, Selectable } from 'kysely';
import type { SignatureSubjectKind } from '@eluent/contracts';
import type { Executor } from '../db/schema.ts';
import type { ResultSignatureItemsTable, ResultSignaturesTable } from '../db/signatures-schema.ts';
import { writeAudit } from './audit.ts';
import type { ResultRow } from './results.ts';

export type SignatureRow = Selectable<ResultSignaturesTable>;
export type SignatureItemRow = Selectable<ResultSignatureItemsTable>;
export interface SignatureWithItems extends SignatureRow {
  items: SignatureItemRow[];
}

export interface SubjectRow {
  workspace_id: number;
  owner_id: number;
  name: string;
}

/** The measurement a subject covers with its injection and creator. */
export interface SubjectMeasurement {
  id: number;
  injection_id: number | null;
  owner_id: number;
}

async function withItems(db: Executor, rows: SignatureRow[]): Promise<SignatureWithItems[]> {
  if (rows.length === 0) return [];
  const items = await db
    .selectFrom('result_signature_items')
    .selectAll()
    .where(
      'signature_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('measurement_id')
    .execute();
  return rows.map((row) => ({ ...row, items: items.filter((item) => item.signature_id === row.id) }));
}

export function createSignaturesRepository(root: Executor) {
  return {
    db: root,

    /** The sequence or measurement with its workspace; `lock` holds its row until the transaction ends. */
    async subject(kind: SignatureSubjectKind, id: number, lock: boolean, db: Executor = root) {
      const table = kind === 'sequence' ? 'sequences' : 'measurements';
      let query = db
        .selectFrom(table as 'sequences')
        .select(['workspace_id', 'owner_id', 'name'])
        .where('id', '=', id);
      if (lock) query = query.forUpdate();
      const row: SubjectRow | undefined = await query.executeTakeFirst();
      return row;
    },

    /** The sequence whose injection recorded a measurement, if any (its review covers the measurement). */
    async sequenceOfMeasurement(measurementId: number, db: Executor = root): Promise<number | null> {
      const row = await db
        .selectFrom('measurements as m')
        .innerJoin('injections as i', 'i.id', 'm.injection_id')
        .select('i.sequence_id')
        .where('m.id', '=', measurementId)
        .executeTakeFirst();
      return row?.sequence_id ?? null;
    },

    /** The measurements a subject covers: every injection of a sequence that has one, or the measurement. */
    async measurements(kind: SignatureSubjectKind, id: number, db: Executor = root) {
      const query = db
        .selectFrom('measurements as m')
        .leftJoin('injections as i', 'i.id', 'm.injection_id')
        .select(['m.id', 'm.injection_id', 'm.owner_id']);
      const rows =
        kind === 'sequence'
          ? await query.where('i.sequence_id', '=', id).orderBy('m.id').execute()
          : await query.where('m.id', '=', id).execute();
      return rows as SubjectMeasurement[];
    },

    /** Every signature of a subject, oldest first, with the result versions it covers. */
    async ofSubject(kind: SignatureSubjectKind, id: number, db: Executor = root) {
      const rows = await db
        .selectFrom('result_signatures')
        .selectAll()
        .where('subject_kind', '=', kind)
        .where('subject_id', '=', id)
        .orderBy('id')
        .execute();
      return withItems(db, rows);
    },

    async insert(
      db: Executor,
      values: Omit<Insertable<ResultSignaturesTable>, 'id' | 'signed_at'>,
      items: Array<Omit<Insertable<ResultSignatureItemsTable>, 'signature_id'>>,
    ): Promise<SignatureRow> {
      const row = await db
        .insertInto('result_signatures')
        .values(values)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (items.length > 0) {
        await db
          .insertInto('result_signature_items')
          .values(items.map((item) => ({ ...item, signature_id: row.id })))
          .execute();
      }
      return row;
    },
  };
}

export type SignaturesRepository = ReturnType<typeof createSignaturesRepository>;

/**
 * Marks, in the transaction of the change, the signatures bound to a result version as superseded: another
 * version replaced it as current (a reprocessing, a manual integration, a renamed peak, a recalibration of a
 * signed version, another pick). The signed version and the signatures stay as they are; their status is
 * derived from the hashes on every read, and this `supersede` event records the moment, who caused it,
 * which signatures and which version superseded them.
 */
export async function auditSignaturesSuperseded(
  db: Executor,
  replaced: Pick<ResultRow, 'id' | 'version' | 'measurement_id' | 'workspace_id'>,
  by: Pick<ResultRow, 'id' | 'version'>,
  userId: number | null,
): Promise<void> {
  const covering = await db
    .selectFrom('result_signature_items as item')
    .innerJoin('result_signatures as s', 's.id', 'item.signature_id')
    .select(['s.id', 's.meaning', 's.signer_email', 'item.content_sha256'])
    .where('item.result_id', '=', replaced.id)
    .orderBy('s.id')
    .execute();
  if (covering.length === 0) return;
  await writeAudit(db, {
    userId,
    workspaceId: replaced.workspace_id,
    entity: 'signatures',
    entityId: covering.map((signature) => signature.id).join(','),
    label: `version ${by.version} superseded signed version ${replaced.version}`,
    parent: { entity: 'measurements', id: replaced.measurement_id },
    action: 'supersede',
    oldValues: {
      status: 'valid',
      current_version: replaced.version,
      signatures: covering.map((s) => `${s.meaning} by ${s.signer_email} (version ${replaced.version})`),
      signed_sha256: [...new Set(covering.map((s) => s.content_sha256))],
    },
    newValues: {
      status: 'superseded',
      current_version: by.version,
      current_result_id: by.id,
      signature_ids: covering.map((s) => s.id),
    },
  });
}
