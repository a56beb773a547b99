// SQL for a run started directly on an instrument (outside a sequence): its injection and measurement rows.
import type { DeviceSequenceRun } from '@eluent/contracts';
import type { Kysely } from 'kysely';
import type { Database, RowOwner } from '../db/schema.ts';

export type { DeviceSequenceRun };

export function createDeviceRunsRepository(db: Kysely<Database>) {
  return {
    /** The sequence RUNNING or PAUSED on the instrument, with its current injection and sample. */
    async activeSequence(workspaceId: number, deviceId: number): Promise<DeviceSequenceRun | null> {
      const row = await db
        .selectFrom('sequences as s')
        .leftJoin('injections as i', 'i.id', 's.current_injection_id')
        .leftJoin('drafts as d', 'd.id', 's.current_draft_id')
        .leftJoin('samples as smp', (join) =>
          join.on((eb) => eb('smp.id', '=', eb.fn.coalesce('i.sample_id', 'd.sample_id'))),
        )
        .select([
          's.id as sequence_id',
          's.name as sequence_name',
          's.state',
          'i.id as injection_id',
          'i.state as injection_state',
          'i.replicate',
          'smp.name as sample_name',
        ])
        .where('s.workspace_id', '=', workspaceId)
        .where('s.device_id', '=', deviceId)
        .where('s.state', 'in', ['RUNNING', 'PAUSED'])
        .orderBy('s.id', 'desc')
        .executeTakeFirst();
      return row ?? null;
    },
    async create(values: {
      owner: RowOwner;
      deviceId: number;
      sampleId: number | null;
      vial: number;
      methodId: number | null;
      methodSnapshot: unknown;
      name: string;
    }) {
      return db.transaction().execute(async (transaction) => {
        const injection = await transaction
          .insertInto('injections')
          .values({
            owner_id: values.owner.userId,
            workspace_id: values.owner.workspaceId,
            device_id: values.deviceId,
            sample_id: values.sampleId,
            method_id: values.methodId,
            method_snapshot: JSON.stringify(values.methodSnapshot),
            vial: values.vial,
            state: 'running',
            started_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const measurement = await transaction
          .insertInto('measurements')
          .values({
            owner_id: values.owner.userId,
            workspace_id: values.owner.workspaceId,
            injection_id: injection.id,
            device_id: values.deviceId,
            sample_id: values.sampleId,
            name: values.name,
            source: 'device',
            state: 'recording',
            metadata: JSON.stringify({ vial: values.vial, method: values.methodSnapshot }),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { injectionId: injection.id, measurementId: measurement.id };
      });
    },
    /** One of the workspace's samples with the instrument it is prepared for. */
    async sample(workspaceId: number, sampleId: number) {
      return db
        .selectFrom('samples')
        .select(['id', 'device_id'])
        .where('id', '=', sampleId)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
    },
    /** An injection the instrument refused: it never ran, its measurement stays empty and failed. */
    async markRefused(injectionId: number, measurementId: number): Promise<void> {
      await db.transaction().execute(async (transaction) => {
        await transaction
          .updateTable('injections')
          .set({ state: 'failed', finished_at: new Date() })
          .where('id', '=', injectionId)
          .execute();
        await transaction
          .updateTable('measurements')
          .set({ state: 'failed', finished_at: new Date() })
          .where('id', '=', measurementId)
          .where('state', '=', 'recording')
          .execute();
      });
    },
  };
}

export type DeviceRunsRepository = ReturnType<typeof createDeviceRunsRepository>;
