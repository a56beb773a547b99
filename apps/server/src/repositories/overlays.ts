// Saved overlays (migration 0019_overlays): rows of one workspace, and the measurements an overlay may name
// (those of the same workspace).
import type { Kysely, Selectable } from 'kysely';
import type { Database, Executor } from '../db/schema.ts';
import type { OverlaysTable } from '../db/overlays-schema.ts';
import { parsedJson } from '../lib/parsed-json.ts';

export type OverlayRow = Selectable<OverlaysTable>;

export interface OverlayValues {
  name: string;
  measurement_ids: number[];
  layout: OverlayRow['layout'];
  normalisation: OverlayRow['normalisation'];
  peak_time_min: number | null;
  hidden_ids: number[];
}

/** jsonb lists arrive parsed from both drivers, or as JSON text: always numbers here. */
function ids(value: unknown): number[] {
  const parsed = parsedJson(value);
  return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
}

function normalised(row: OverlayRow): OverlayRow {
  return { ...row, measurement_ids: ids(row.measurement_ids), hidden_ids: ids(row.hidden_ids) };
}

export function createOverlaysRepository(db: Kysely<Database>) {
  return {
    async list(workspaceId: number): Promise<OverlayRow[]> {
      const rows = await db
        .selectFrom('overlays')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(normalised);
    },
    /** The overlay when it exists in the workspace. */
    async find(workspaceId: number, id: number, trx: Executor = db): Promise<OverlayRow | undefined> {
      const row = await trx
        .selectFrom('overlays')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && normalised(row);
    },
    /** The workspace of an overlay, or undefined when it does not exist (sharing checks this). */
    async workspaceOf(id: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('overlays')
        .select('workspace_id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.workspace_id;
    },
    /** Names of the workspace's measurements among `ids`. */
    async measurementNames(workspaceId: number, measurementIds: number[]): Promise<Map<number, string>> {
      if (measurementIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('measurements')
        .select(['id', 'name'])
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', measurementIds)
        .execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },
    /** How many of `ids` are measurements of the workspace. */
    async countMeasurements(workspaceId: number, measurementIds: number[]): Promise<number> {
      const row = await db
        .selectFrom('measurements')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', measurementIds)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async insert(
      trx: Executor,
      owner: { userId: number; workspaceId: number },
      values: OverlayValues,
    ): Promise<OverlayRow> {
      const row = await trx
        .insertInto('overlays')
        .values({
          owner_id: owner.userId,
          workspace_id: owner.workspaceId,
          name: values.name,
          measurement_ids: JSON.stringify(values.measurement_ids),
          layout: values.layout,
          normalisation: values.normalisation,
          peak_time_min: values.peak_time_min,
          hidden_ids: JSON.stringify(values.hidden_ids),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return normalised(row);
    },
    async rename(trx: Executor, id: number, name: string): Promise<OverlayRow> {
      const row = await trx
        .updateTable('overlays')
        .set({ name, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return normalised(row);
    },
    async remove(trx: Executor, id: number): Promise<void> {
      await trx.deleteFrom('overlays').where('id', '=', id).execute();
    },
  };
}

export type OverlaysRepository = ReturnType<typeof createOverlaysRepository>;
