// Commands to an instrument between runs: pump on/off, purge, equilibration, setpoints, Wi-Fi and firmware.
// Each is checked against the instrument's hardware configuration before it is sent (the instrument checks
// again), and recorded in the audit trail once the instrument accepted it.
import {
  deviceEquilibrateInputSchema,
  devicePumpInputSchema,
  devicePurgeInputSchema,
  deviceSetpointsInputSchema,
  joinWifiInputSchema,
  hardwareConfigurationSchema,
  setpointLimits,
  setpointProblem,
  type CommandResults,
  type HeldSetpoints,
  type Privilege,
} from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import type { DeviceRow } from '../../repositories/devices.ts';
import type { Actor } from '../workspaces/actor.ts';
import { parseBody } from './parse-body.ts';
import type { DeviceService } from './service.ts';

export interface ControlsDependencies {
  service: DeviceService;
  owned: (actor: Actor, deviceId: number, privilege: Privilege) => Promise<DeviceRow>;
  audit: (
    actor: Actor,
    device: DeviceRow,
    action: string,
    oldValues: unknown,
    newValues: unknown,
  ) => Promise<void>;
}

/** The setpoint limits of the instrument's stored hardware configuration (none known: no limits). */
function limitsOf(device: DeviceRow) {
  const hardware = hardwareConfigurationSchema.safeParse(device.hardware_configuration);
  return setpointLimits(hardware.success ? hardware.data : []);
}

/** A value beyond the instrument's limits: 400 with the catalogue message, also under the field. */
function checkLimits(device: DeviceRow, values: { flow_ml_per_min?: number; temperature_c?: number }) {
  const problem = setpointProblem(values, limitsOf(device));
  if (!problem) return;
  throw new AppError(400, problem.code, problem.message, {
    fields: { [problem.field]: [problem.message] },
    limits: problem.values,
  });
}

export function createDeviceControls({ service, owned, audit }: ControlsDependencies) {
  const before = (deviceId: number) => service.liveStatus(deviceId);
  return {
    async setPump(actor: Actor, deviceId: number, body: unknown): Promise<CommandResults['set_pump']> {
      const device = await owned(actor, deviceId, 'instruments.command');
      const { on } = parseBody(devicePumpInputSchema, body);
      const was = before(deviceId)?.pump_on ?? null;
      const result = await service.command(deviceId, 'set_pump', { on });
      await audit(actor, device, 'command', { pump_on: was }, { command: 'set_pump', pump_on: on });
      return result;
    },
    async purge(actor: Actor, deviceId: number, body: unknown): Promise<CommandResults['purge']> {
      const device = await owned(actor, deviceId, 'instruments.command');
      const params = parseBody(devicePurgeInputSchema, body);
      if (params.flow_ml_per_min !== undefined)
        checkLimits(device, { flow_ml_per_min: params.flow_ml_per_min });
      const result = await service.command(deviceId, 'purge', params);
      await audit(actor, device, 'command', null, { command: 'purge', ...result });
      return result;
    },
    async equilibrate(actor: Actor, deviceId: number, body: unknown): Promise<CommandResults['equilibrate']> {
      const device = await owned(actor, deviceId, 'instruments.command');
      const params = parseBody(deviceEquilibrateInputSchema, body);
      const result = await service.command(deviceId, 'equilibrate', params);
      await audit(actor, device, 'command', null, {
        command: 'equilibrate',
        column_volumes: params.column_volumes ?? null,
        ...result,
        setpoints: before(deviceId)?.setpoints ?? null,
      });
      return result;
    },
    async setSetpoints(actor: Actor, deviceId: number, body: unknown): Promise<HeldSetpoints> {
      const device = await owned(actor, deviceId, 'instruments.command');
      const values = parseBody(deviceSetpointsInputSchema, body);
      checkLimits(device, values);
      const was = before(deviceId)?.setpoints ?? null;
      const held = await service.command(deviceId, 'set_conditions', values);
      await audit(actor, device, 'command', was, { command: 'set_conditions', ...held });
      return held;
    },
    async scanWifi(actor: Actor, deviceId: number): Promise<CommandResults['scan_wifi']> {
      const device = await owned(actor, deviceId, 'instruments.command');
      const networks = await service.command(deviceId, 'scan_wifi', {});
      await audit(actor, device, 'command', null, { command: 'scan_wifi' });
      return networks;
    },
    async joinWifi(actor: Actor, deviceId: number, body: unknown): Promise<CommandResults['join_wifi']> {
      const device = await owned(actor, deviceId, 'instruments.command');
      const { ssid, password } = parseBody(joinWifiInputSchema, body);
      const joined = await service.joinWifi(deviceId, ssid, password);
      // The Wi-Fi password is never recorded.
      await audit(actor, device, 'command', null, { command: 'join_wifi', ssid });
      return joined;
    },
    async readFirmware(actor: Actor, deviceId: number): Promise<CommandResults['read_firmware']> {
      const device = await owned(actor, deviceId, 'instruments.command');
      const firmware = await service.command(deviceId, 'read_firmware', {});
      await audit(actor, device, 'command', null, { command: 'read_firmware' });
      return firmware;
    },
  };
}
