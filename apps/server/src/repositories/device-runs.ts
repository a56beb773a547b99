// SQL for a run started directly on an instrument (outside a sequence): its injection and measurement rows.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export function createDeviceRunsRepository(db: Kysely<Database>) {
  return {
    async create(values: {
      ownerId: number;
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
            owner_id: values.ownerId,
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
            owner_id: values.ownerId,
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
    /** One of the owner's samples with the instrument it is prepared for. */
    async sample(ownerId: number, sampleId: number) {
      return db
        .selectFrom('samples')
        .select(['id', 'device_id'])
        .where('id', '=', sampleId)
        .where('owner_id', '=', ownerId)
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
