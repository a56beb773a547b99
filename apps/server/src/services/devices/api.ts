// What the REST routes ask of the devices module: the workspace's view of each instrument, claims, order,
// direct runs (direct-run.ts) and commands (controls.ts) — every call checks the device is the workspace's and the role's privilege.
import {
  type Privilege,
  deviceClaimInputSchema,
  deviceColumnInputSchema,
  deviceOrderInputSchema,
  deviceRenameInputSchema,
  deviceSchema,
  type DeviceDetails,
  type DevicePairing,
} from '@eluent/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { writeAudit } from '../../repositories/audit.ts';
import type { DeviceRow } from '../../repositories/devices.ts';
import type { DeviceRunsRepository } from '../../repositories/device-runs.ts';
import type { SamplesRepository } from '../../repositories/samples.ts';
import { createDeviceControls } from './controls.ts';
import { createDirectRun } from './direct-run.ts';
import { parseBody } from './parse-body.ts';
import type { DeviceService } from './service.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';

export type DeviceView = DeviceDetails;

const storedColumn = deviceSchema.shape.installed_column.catch(null);
const storedWifi = deviceSchema.shape.wifi.catch(null);

const parse = parseBody;

/** An instrument as the workspace sees it: its stored record with its live connection and status. */
function deviceView(service: DeviceService, device: DeviceRow): DeviceView {
  const live = service.liveStatus(device.id);
  return {
    id: device.id,
    serial_number: device.serial_number,
    name: device.name,
    firmware_version: device.firmware_version,
    hardware_configuration: device.hardware_configuration,
    // Stored JSON is read through the answer's schema: a value it does not describe reads as none.
    installed_column: storedColumn.parse(device.installed_column),
    wifi: storedWifi.parse(device.wifi),
    // Presence is the live connection (here or, with Redis, on another process), not a stored flag.
    state: service.isOnline(device.id) ? device.state : 'offline',
    online: service.isOnline(device.id),
    position: device.position,
    last_seen_at: device.last_seen_at ? new Date(device.last_seen_at).toISOString() : null,
    live: live ? (({ type: _type, ...rest }) => rest)(live) : null,
  };
}

export function createDevicesApi(deps: {
  db: Kysely<Database>;
  service: DeviceService;
  runs: DeviceRunsRepository;
  /** The stored methods a direct run may name by id (the workspace's and the examples). */
  methods: Pick<SamplesRepository, 'method'>;
}) {
  const { db, service, runs, methods } = deps;
  const { registry } = service;
  const view = (device: DeviceRow) => deviceView(service, device);

  /** Records a change of, or a command to, an instrument once it is done (the audit trail's instrument part). */
  const audit = (actor: Actor, device: DeviceRow, action: string, oldValues: unknown, newValues: unknown) =>
    writeAudit(db, {
      userId: actor.userId,
      workspaceId: device.workspace_id ?? actor.workspaceId,
      entity: 'devices',
      entityId: device.id,
      label: device.name,
      action,
      oldValues,
      newValues,
    });

  /** The workspace's device, after checking the actor's role holds `privilege`. */
  const owned = async (actor: Actor, deviceId: number, privilege: Privilege) => {
    requireRole(actor, privilege);
    return registry.owned(actor.workspaceId, deviceId);
  };

  return {
    async claim(actor: Actor, body: unknown, address: string): Promise<DeviceView> {
      requireRole(actor, 'instruments.claim');
      const { serial_number, pairing_code } = parse(deviceClaimInputSchema, body);
      const device = await registry.claim(actor, serial_number, pairing_code, address);
      await service.deliverCredential(device.id);
      await audit(actor, device, 'claim', null, { serial_number, name: device.name });
      return view(device);
    },
    /** A new pairing code for an instrument of the workspace; its old credential stops working at once. */
    async rePair(actor: Actor, deviceId: number): Promise<DevicePairing> {
      requireRole(actor, 'instruments.claim');
      const { device, pairingCode } = await registry.rePair(actor.workspaceId, deviceId);
      service.endSession(device.id);
      // The new code itself is never recorded.
      await audit(actor, device, 'pair', null, { credential: 'replaced' });
      return { serial_number: device.serial_number, pairing_code: pairingCode };
    },
    async list(actor: Actor): Promise<DeviceView[]> {
      requireRole(actor, 'instruments.read');
      return (await registry.list(actor.workspaceId)).map(view);
    },
    async get(actor: Actor, deviceId: number): Promise<DeviceView> {
      const device = await owned(actor, deviceId, 'instruments.read');
      return {
        ...view(device),
        sequence_run: await runs.activeSequence(actor.workspaceId, device.id),
        current_run: await runs.currentRun(actor.workspaceId, device.id),
      };
    },
    async rename(actor: Actor, deviceId: number, body: unknown): Promise<DeviceView> {
      const device = await owned(actor, deviceId, 'instruments.update');
      const { name } = parse(deviceRenameInputSchema, body);
      const renamed = await service.registry.rename(actor.workspaceId, deviceId, name);
      await audit(actor, device, 'update', { name: device.name }, { name });
      return view(renamed);
    },
    /**
     * Takes the instrument out of the workspace (admins, like claiming): refused while it runs an injection
     * or a sequence; its connection is closed and it must be claimed again with its pairing code.
     */
    async remove(actor: Actor, deviceId: number): Promise<void> {
      const device = await owned(actor, deviceId, 'instruments.claim');
      const state = service.liveStatus(deviceId)?.state;
      if (state === 'running' || state === 'paused') throw AppError.domain(409, 'sequence_device_busy');
      if (await runs.activeSequence(actor.workspaceId, deviceId))
        throw AppError.domain(409, 'sequence_running_device_locked');
      await service.registry.release(actor.workspaceId, deviceId);
      service.endSession(deviceId);
      await audit(actor, device, 'remove', { name: device.name, serial_number: device.serial_number }, null);
    },
    ...createDeviceControls({ service, owned, audit }),
    async setOrder(actor: Actor, body: unknown): Promise<{ ids: number[] }> {
      requireRole(actor, 'instruments.update');
      const before = (await registry.list(actor.workspaceId)).map((device) => device.id);
      const ids = await registry.setOrder(actor.workspaceId, parse(deviceOrderInputSchema, body).ids);
      await writeAudit(db, {
        userId: actor.userId,
        workspaceId: actor.workspaceId,
        entity: 'devices',
        entityId: 'order',
        action: 'order',
        oldValues: { ids: before },
        newValues: { ids },
      });
      return { ids };
    },
    ...createDirectRun({ service, runs, methods, owned, audit }),
    async setColumn(actor: Actor, deviceId: number, body: unknown): Promise<DeviceView> {
      const device = await owned(actor, deviceId, 'instruments.update');
      const { column } = parse(deviceColumnInputSchema, body);
      await service.setColumn(deviceId, column);
      await audit(
        actor,
        device,
        'update',
        { installed_column: device.installed_column },
        { installed_column: column },
      );
      return view(await owned(actor, deviceId, 'instruments.update'));
    },
  };
}
