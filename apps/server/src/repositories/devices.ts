// SQL for the instrument registry: devices, their owners, order, and what each reports about itself.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DeviceState, DevicesTable } from '../db/domain-schema.ts';
import type { Database, RowOwner } from '../db/schema.ts';

export type DeviceRow = Selectable<DevicesTable>;

export interface DeviceSelfReport {
  firmwareVersion: string;
  hardwareConfiguration: unknown;
  installedColumn: unknown;
}

/** An instrument's place in a workspace and its state: claim, name, release, column, Wi-Fi and order. */
function deviceWorkspaceWrites(db: Kysely<Database>) {
  return {
    /**
     * Gives an unowned device to a workspace (by default the user's current one), last in its order;
     * undefined when someone owns it already.
     */
    async claim(
      id: number,
      owner: Pick<RowOwner, 'userId'> & Partial<RowOwner>,
    ): Promise<DeviceRow | undefined> {
      const workspace =
        owner.workspaceId ?? sql<number>`(select current_workspace_id from users where id = ${owner.userId})`;
      return db
        .updateTable('devices')
        .set({
          owner_id: owner.userId,
          workspace_id: workspace,
          position: sql<number>`(select coalesce(max(position), -1) + 1 from devices where workspace_id = ${workspace})`,
        })
        .where('id', '=', id)
        .where('owner_id', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },
    async rename(id: number, workspaceId: number, name: string): Promise<DeviceRow | undefined> {
      return db
        .updateTable('devices')
        .set({ name })
        .where('id', '=', id)
        .where('workspace_id', '=', workspaceId)
        .returningAll()
        .executeTakeFirst();
    },
    /**
     * Takes an instrument out of its workspace: no owner, no credential (its connection is refused from
     * now on), so it pairs again with its pairing code and can be claimed anew. The row stays, so past
     * injections and measurements still name it.
     */
    async release(id: number, workspaceId: number): Promise<boolean> {
      const updated = await db
        .updateTable('devices')
        .set({ owner_id: null, workspace_id: null, credential_hash: null, position: 0 })
        .where('id', '=', id)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      return updated.numUpdatedRows > 0n;
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
    /** Stores the workspace's order: positions follow `ids`; ids of other workspaces are ignored. */
    async setOrder(workspaceId: number, ids: number[]): Promise<void> {
      await db.transaction().execute(async (transaction) => {
        for (const [position, id] of ids.entries()) {
          await transaction
            .updateTable('devices')
            .set({ position })
            .where('id', '=', id)
            .where('workspace_id', '=', workspaceId)
            .execute();
        }
      });
    },
  };
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
    listInWorkspace(workspaceId: number): Promise<DeviceRow[]> {
      return db
        .selectFrom('devices')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
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
    /** Re-pairing by the owner: a new pairing code, and no credential until the instrument proves the code. */
    async resetPairing(id: number, workspaceId: number, pairingCodeHash: string): Promise<boolean> {
      const updated = await db
        .updateTable('devices')
        .set({ pairing_code_hash: pairingCodeHash, credential_hash: null })
        .where('id', '=', id)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      return updated.numUpdatedRows > 0n;
    },
    async setCredentialHash(id: number, credentialHash: string | null): Promise<void> {
      await db.updateTable('devices').set({ credential_hash: credentialHash }).where('id', '=', id).execute();
    },
    ...deviceWorkspaceWrites(db),
  };
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
