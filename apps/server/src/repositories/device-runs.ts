// SQL for a run started directly on an instrument (outside a sequence): its injection and measurement rows.
import type { DeviceCurrentRun, DeviceSequenceRun } from '@eluent/contracts';
import type { Kysely } from 'kysely';
import type { Database, RowOwner } from '../db/schema.ts';

export type { DeviceCurrentRun, DeviceSequenceRun };

/** A run started from the instrument page, outside a sequence: its rows, template and sample. */
function singleRunQueries(db: Kysely<Database>) {
  return {
    async create(values: {
      owner: RowOwner;
      deviceId: number;
      sampleId: number | null;
      vial: number;
      methodId: number | null;
      methodSnapshot: unknown;
      name: string;
      /** The template the finished run is processed with (null: the default). */
      templateUuid: string | null;
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
            metadata: JSON.stringify({
              vial: values.vial,
              method: values.methodSnapshot,
              ...(values.templateUuid ? { template_uuid: values.templateUuid } : {}),
            }),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { injectionId: injection.id, measurementId: measurement.id };
      });
    },
    /** A processing template the workspace may use (its own or an example). */
    async template(workspaceId: number, uuid: string) {
      return db
        .selectFrom('postprocessingTemplates')
        .select(['uuid', 'name'])
        .where('uuid', '=', uuid)
        .where((eb) => eb.or([eb('workspace_id', '=', workspaceId), eb('owner_id', 'is', null)]))
        .executeTakeFirst();
    },
    /** One of the workspace's samples with the instrument it is prepared for. */
    async sample(workspaceId: number, sampleId: number) {
      return db
        .selectFrom('samples')
        .select(['id', 'device_id', 'name'])
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
    /**
     * The injection recording on the instrument now (its newest measurement still recording): sample, vial,
     * method, and the sequence with its 1-based table row when a sequence runs it.
     */
    async currentRun(workspaceId: number, deviceId: number): Promise<DeviceCurrentRun | null> {
      const row = await db
        .selectFrom('measurements as m')
        .leftJoin('injections as i', 'i.id', 'm.injection_id')
        .leftJoin('samples as smp', (join) =>
          join.on((eb) => eb('smp.id', '=', eb.fn.coalesce('i.sample_id', 'm.sample_id'))),
        )
        .leftJoin('methods as mt', 'mt.id', 'i.method_id')
        .leftJoin('sequences as s', 's.id', 'i.sequence_id')
        .leftJoin('drafts as d', 'd.id', 'i.draft_id')
        .select((eb) => [
          'm.id as measurement_id',
          'm.name as measurement_name',
          'i.id as injection_id',
          'smp.name as sample_name',
          'i.vial',
          'mt.name as method_name',
          'i.method_snapshot',
          'i.replicate',
          's.id as sequence_id',
          's.name as sequence_name',
          eb
            .selectFrom('drafts as earlier')
            .select((inner) => inner.fn.countAll<string>().as('n'))
            .whereRef('earlier.sequence_id', '=', 'd.sequence_id')
            .where((inner) =>
              inner.or([
                inner('earlier.position', '<', inner.ref('d.position')),
                inner.and([
                  inner('earlier.position', '=', inner.ref('d.position')),
                  inner('earlier.id', '<=', inner.ref('d.id')),
                ]),
              ]),
            )
            .as('sequence_row'),
        ])
        .where('m.workspace_id', '=', workspaceId)
        .where('m.device_id', '=', deviceId)
        .where('m.state', '=', 'recording')
        .orderBy('m.id', 'desc')
        .executeTakeFirst();
      if (!row) return null;
      const snapshot = row.method_snapshot as { name?: unknown } | null;
      const snapshotName = typeof snapshot?.name === 'string' && snapshot.name !== '' ? snapshot.name : null;
      return {
        measurement_id: row.measurement_id,
        measurement_name: row.measurement_name,
        injection_id: row.injection_id,
        sample_name: row.sample_name,
        vial: row.vial,
        method_name: row.method_name ?? snapshotName,
        replicate: row.sequence_id === null ? null : row.replicate,
        sequence_id: row.sequence_id,
        sequence_name: row.sequence_name,
        sequence_row: row.sequence_row === null || row.sequence_id === null ? null : Number(row.sequence_row),
      };
    },
    ...singleRunQueries(db),
  };
}

export type DeviceRunsRepository = ReturnType<typeof createDeviceRunsRepository>;
