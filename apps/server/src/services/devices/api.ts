// What the REST routes ask of the devices module: the owner's view of each instrument, claims, order,
// direct runs and commands — every call checks that the user owns the device.
import {
  deviceMethodSchema,
  hardwareConfigurationSchema,
  installedColumnSchema,
  type CommandResults,
  type StatusMessage,
} from '@eluent/contracts';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { DeviceRow } from '../../repositories/devices.ts';
import type { DeviceRunsRepository, DeviceSequenceRun } from '../../repositories/device-runs.ts';
import type { DeviceService } from './service.ts';

export interface DeviceView {
  id: number;
  serial_number: string;
  name: string;
  firmware_version: string;
  hardware_configuration: unknown;
  installed_column: unknown;
  wifi: unknown;
  state: string;
  online: boolean;
  position: number;
  last_seen_at: string | null;
  /** The last status the device reported (components, pressure, flow, %B, signal, progress), when online here. */
  live: Omit<StatusMessage, 'type'> | null;
  /** One instrument's page: the sequence RUNNING or PAUSED on it, with the current sample. */
  sequence_run?: DeviceSequenceRun | null;
}

const claimSchema = z.object({
  serial_number: z.string().trim().min(1, 'Field is required').max(64),
  pairing_code: z.string().trim().min(1, 'Field is required').max(64),
});
const orderSchema = z.object({ ids: z.array(z.number().int().positive()).max(1000) });
const runSchema = z.object({
  method: deviceMethodSchema,
  vial: z.number().int().min(1).max(1000),
  method_id: z.number().int().positive().nullable().optional(),
  sample_id: z.number().int().positive().nullable().optional(),
  name: z.string().max(200).optional(),
});
const columnSchema = z.object({ column: installedColumnSchema });
const joinWifiSchema = z.object({ ssid: z.string().min(1).max(64), password: z.string().max(128) });

/** Parses a body with a schema; problems answer 400 with per-field messages. */
function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'non_field_errors';
    (fields[key] ??= []).push(issue.message);
  }
  throw AppError.validation(fields);
}

export function createDevicesApi(deps: { service: DeviceService; runs: DeviceRunsRepository }) {
  const { service, runs } = deps;
  const { registry } = service;

  const view = (device: DeviceRow): DeviceView => {
    const live = service.liveStatus(device.id);
    return {
      id: device.id,
      serial_number: device.serial_number,
      name: device.name,
      firmware_version: device.firmware_version,
      hardware_configuration: device.hardware_configuration,
      installed_column: device.installed_column,
      wifi: device.wifi,
      // Presence is the live connection (here or, with Redis, on another process), not a stored flag.
      state: service.isOnline(device.id) ? device.state : 'offline',
      online: service.isOnline(device.id),
      position: device.position,
      last_seen_at: device.last_seen_at ? new Date(device.last_seen_at).toISOString() : null,
      live: live ? (({ type: _type, ...rest }) => rest)(live) : null,
    };
  };

  const owned = async (userId: number, deviceId: number) => registry.owned(userId, deviceId);

  return {
    async claim(userId: number, body: unknown, address: string): Promise<DeviceView> {
      const { serial_number, pairing_code } = parse(claimSchema, body);
      const device = await registry.claim(userId, serial_number, pairing_code, address);
      await service.deliverCredential(device.id);
      return view(device);
    },
    async list(userId: number): Promise<DeviceView[]> {
      return (await registry.list(userId)).map(view);
    },
    async get(userId: number, deviceId: number): Promise<DeviceView> {
      const device = await owned(userId, deviceId);
      return { ...view(device), sequence_run: await runs.activeSequence(userId, device.id) };
    },
    async setOrder(userId: number, body: unknown): Promise<{ ids: number[] }> {
      return { ids: await registry.setOrder(userId, parse(orderSchema, body).ids) };
    },
    /** Runs one injection outside a sequence: creates its injection and measurement, then starts it. */
    async run(
      userId: number,
      deviceId: number,
      body: unknown,
    ): Promise<{ injection_id: number; measurement_id: number }> {
      const device = await owned(userId, deviceId);
      const request = parse(runSchema, body);
      if (!service.isOnline(device.id)) throw AppError.domain(409, 'sequence_device_not_connected');
      // An instrument that never reported its parts cannot be told what to run.
      const hardware = hardwareConfigurationSchema.safeParse(device.hardware_configuration);
      if (!hardware.success || hardware.data.length === 0)
        throw AppError.domain(409, 'device_not_configured');
      const sampleId = request.sample_id ?? null;
      if (sampleId !== null) {
        const sample = await runs.sample(userId, sampleId);
        if (!sample) throw AppError.validation({ sample_id: ['is not valid'] });
        // A sample prepared for one instrument is not injected on another.
        if (sample.device_id !== null && sample.device_id !== device.id)
          throw AppError.domain(409, 'device_different');
      }
      const { injectionId, measurementId } = await runs.create({
        ownerId: userId,
        deviceId: device.id,
        sampleId,
        vial: request.vial,
        methodId: request.method_id ?? null,
        methodSnapshot: request.method,
        name: request.name ?? `${request.method.name || 'Run'} · vial ${request.vial}`,
      });
      try {
        await service.runInjection(device.id, {
          method: request.method,
          vial: request.vial,
          injectionId,
          measurementId,
        });
      } catch (error) {
        await runs.markRefused(injectionId, measurementId);
        throw error;
      }
      return { injection_id: injectionId, measurement_id: measurementId };
    },
    async control(
      userId: number,
      deviceId: number,
      action: 'stop' | 'pause' | 'resume',
    ): Promise<Record<string, never>> {
      await owned(userId, deviceId);
      await service[action](deviceId);
      return {};
    },
    async setColumn(userId: number, deviceId: number, body: unknown): Promise<DeviceView> {
      await owned(userId, deviceId);
      await service.setColumn(deviceId, parse(columnSchema, body).column);
      return view(await owned(userId, deviceId));
    },
    async scanWifi(userId: number, deviceId: number): Promise<CommandResults['scan_wifi']> {
      await owned(userId, deviceId);
      return service.command(deviceId, 'scan_wifi', {});
    },
    async joinWifi(userId: number, deviceId: number, body: unknown): Promise<CommandResults['join_wifi']> {
      await owned(userId, deviceId);
      const { ssid, password } = parse(joinWifiSchema, body);
      return service.joinWifi(deviceId, ssid, password);
    },
    async readFirmware(userId: number, deviceId: number): Promise<CommandResults['read_firmware']> {
      await owned(userId, deviceId);
      return service.command(deviceId, 'read_firmware', {});
    },
  };
}
