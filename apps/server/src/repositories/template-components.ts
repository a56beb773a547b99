// SQL for a processing template's components (the JSON list of migration 0013) and its calibration mode
// (migration 0014).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
type Db = Kysely<Database> | Transaction<Database>;

export function createTemplateComponentsRepository(db: Kysely<Database>) {
  return {
    db,
    /** A template the user may read (their own or a public example) with its components. */
    async readable(workspaceId: number, uuid: string, trx: Db = db) {
      return trx
        .selectFrom('postprocessingTemplates')
        .select(['id', 'uuid', 'name', 'owner_id', 'components', 'calibration_mode', 'version'])
        .where('uuid', '=', uuid)
        .where((eb) => eb.or([eb('workspace_id', '=', workspaceId), eb('owner_id', 'is', null)]))
        .executeTakeFirst();
    },
    /** The user's own template, locked for the change. */
    async lockOwned(trx: Transaction<Database>, workspaceId: number, uuid: string) {
      return trx
        .selectFrom('postprocessingTemplates')
        .select(['id', 'uuid', 'name', 'owner_id', 'components', 'calibration_mode', 'version'])
        .where('uuid', '=', uuid)
        .where('workspace_id', '=', workspaceId)
        .forUpdate()
        .executeTakeFirst();
    },
    /** Why the template cannot change now (template_lock_code of migration 0020), or null. */
    async lockCode(uuid: string, trx: Db = db): Promise<string | null> {
      const row = await sql<{
        code: string | null;
      }>`select template_lock_code(${uuid}::uuid) as code`.execute(trx);
      return row.rows[0]?.code ?? null;
    },
    async setComponents(
      trx: Db,
      templateId: number,
      components: unknown[],
      calibrationMode: 'total' | 'bracketed',
    ): Promise<void> {
      await trx
        .updateTable('postprocessingTemplates')
        .set({
          components: JSON.stringify(components),
          calibration_mode: calibrationMode,
          updated_at: new Date(),
        })
        .where('id', '=', templateId)
        .execute();
    },
  };
}

export type TemplateComponentsRepository = ReturnType<typeof createTemplateComponentsRepository>;
