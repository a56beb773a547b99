// SQL for the instrument registry: devices, their owners, order, and what each reports about itself.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DeviceState, DevicesTable } from '../db/domain-schema.ts';
import type { Database } from '../db/schema.ts';

export type DeviceRow = Selectable<DevicesTable>;

export interface DeviceSelfReport {
  firmwareVersion: string;
  hardwareConfiguration: unknown;
  installedColumn: unknown;
}

export function createDevicesRepository(db: Kysely<Database>) {
  return {
    findById(id: number): Promise<DeviceRow | undefined> {
      return db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findBySerial(serialNumber: string): Promise<DeviceRow | undefined> {
      return db
        .selectFrom('devices')
        .selectAll()
        .where('serial_number', '=', serialNumber)
        .executeTakeFirst();
    },
    listByOwner(ownerId: number): Promise<DeviceRow[]> {
      return db
        .selectFrom('devices')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },
    /** Registers a device on its first hello; returns the existing row when another process was first. */
    async register(
      values: { serialNumber: string; name: string; pairingCodeHash: string } & DeviceSelfReport,
    ) {
      const inserted = await db
        .insertInto('devices')
        .values({
          serial_number: values.serialNumber,
          name: values.name,
          pairing_code_hash: values.pairingCodeHash,
          firmware_version: values.firmwareVersion,
          hardware_configuration: JSON.stringify(values.hardwareConfiguration),
          installed_column: values.installedColumn == null ? null : JSON.stringify(values.installedColumn),
        })
        .onConflict((conflict) => conflict.column('serial_number').doNothing())
        .returningAll()
        .executeTakeFirst();
      return (
        inserted ??
        (await db
          .selectFrom('devices')
          .selectAll()
          .where('serial_number', '=', values.serialNumber)
          .executeTakeFirstOrThrow())
      );
    },
    async recordHello(id: number, report: DeviceSelfReport): Promise<void> {
      await db
        .updateTable('devices')
        .set({
          firmware_version: report.firmwareVersion,
          hardware_configuration: JSON.stringify(report.hardwareConfiguration),
          installed_column: report.installedColumn == null ? null : JSON.stringify(report.installedColumn),
          last_seen_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },
    /** An unclaimed registration follows the pairing code of the instrument that connects now. */
    async setPairingCodeHash(id: number, pairingCodeHash: string): Promise<void> {
      await db
        .updateTable('devices')
        .set({ pairing_code_hash: pairingCodeHash })
        .where('id', '=', id)
        .where('owner_id', 'is', null)
        .execute();
    },
    async setCredentialHash(id: number, credentialHash: string | null): Promise<void> {
      await db.updateTable('devices').set({ credential_hash: credentialHash }).where('id', '=', id).execute();
    },
    /** Gives an unowned device to a user, last in their order; undefined when someone owns it already. */
    async claim(id: number, ownerId: number): Promise<DeviceRow | undefined> {
      return db
        .updateTable('devices')
        .set({
          owner_id: ownerId,
          position: sql<number>`(select coalesce(max(position), -1) + 1 from devices where owner_id = ${ownerId})`,
        })
        .where('id', '=', id)
        .where('owner_id', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },
    async setState(id: number, state: DeviceState): Promise<void> {
      await db.updateTable('devices').set({ state, last_seen_at: new Date() }).where('id', '=', id).execute();
    },
    async setInstalledColumn(id: number, column: unknown): Promise<void> {
      await db
        .updateTable('devices')
        .set({ installed_column: JSON.stringify(column) })
        .where('id', '=', id)
        .execute();
    },
    async setWifi(id: number, wifi: unknown): Promise<void> {
      await db
        .updateTable('devices')
        .set({ wifi: JSON.stringify(wifi) })
        .where('id', '=', id)
        .execute();
    },
    /** Every device goes offline: at start-up of a single process nothing can be connected yet. */
    async markAllOffline(): Promise<void> {
      await db.updateTable('devices').set({ state: 'offline' }).where('state', '!=', 'offline').execute();
    },
    /** Stores the owner's order: positions follow `ids`; ids of other owners are ignored. */
    async setOrder(ownerId: number, ids: number[]): Promise<void> {
      await db.transaction().execute(async (transaction) => {
        for (const [position, id] of ids.entries()) {
          await transaction
            .updateTable('devices')
            .set({ position })
            .where('id', '=', id)
            .where('owner_id', '=', ownerId)
            .execute();
        }
      });
    },
  };
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
