// One injection outside a sequence (docs/device-protocol.md): the method named by id or given
// whole, checked against the instrument's limits, the sample prepared for it, then the injection and its
// measurement created and started; stop, pause and resume of the run under way.
import {
  deviceRunInputSchema,
  hardwareConfigurationSchema,
  limitRefusalText,
  methodLimitBreaches,
  type DeviceMethod,
  type HardwareConfiguration,
} from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import type { DeviceRow } from '../../repositories/devices.ts';
import type { DeviceRunsRepository } from '../../repositories/device-runs.ts';
import type { SamplesRepository } from '../../repositories/samples.ts';
import type { Actor } from '../workspaces/actor.ts';
import type { ControlsDependencies } from './controls.ts';
import { deviceMethodFromStored } from './method-mapping.ts';
import { parseBody } from './parse-body.ts';

export interface DirectRunDependencies extends ControlsDependencies {
  runs: DeviceRunsRepository;
  /** The stored methods a direct run may name by id (the workspace's and the examples). */
  methods: Pick<SamplesRepository, 'method'>;
}

/** The instrument's reported parts; one that never reported them cannot be told what to run. */
function hardwareOf(device: DeviceRow): HardwareConfiguration {
  const hardware = hardwareConfigurationSchema.safeParse(device.hardware_configuration);
  if (!hardware.success || hardware.data.length === 0) throw AppError.domain(409, 'device_not_configured');
  return hardware.data;
}

/** A method beyond the instrument's limits is refused with the first limit it breaks. */
function checkMethodFits(device: DeviceRow, hardware: HardwareConfiguration, method: DeviceMethod): void {
  const breach = methodLimitBreaches(method, hardware)[0];
  if (!breach) return;
  const instrument = device.name.trim() === '' ? device.serial_number : device.name;
  throw new AppError(
    400,
    'method_exceeds_instrument_limits',
    limitRefusalText(breach, method.name || 'Run', instrument),
    { fields: { [breach.limit.quantity]: [breach.message] } },
  );
}

export function createDirectRun({ service, runs, methods, owned, audit }: DirectRunDependencies) {
  /** What a direct run injects: the stored method named by id, else the method given whole. */
  const methodOfRun = async (actor: Actor, request: { method?: DeviceMethod; method_id?: number | null }) => {
    if (typeof request.method_id === 'number') {
      const stored = await methods.method(actor.workspaceId, request.method_id);
      if (!stored) throw AppError.validation({ method_id: ['is not valid'] });
      return deviceMethodFromStored({ ...stored, name: stored.name.slice(0, 200) });
    }
    if (!request.method) throw AppError.validation({ method_id: ['Field is required'] });
    return request.method;
  };

  /** The name of the sample the run injects (none: null); a sample prepared for another instrument is refused. */
  const sampleNameOf = async (actor: Actor, device: DeviceRow, sampleId: number | null) => {
    if (sampleId === null) return null;
    const sample = await runs.sample(actor.workspaceId, sampleId);
    if (!sample) throw AppError.validation({ sample_id: ['is not valid'] });
    // A sample prepared for one instrument is not injected on another.
    if (sample.device_id !== null && sample.device_id !== device.id)
      throw AppError.domain(409, 'device_different');
    return sample.name;
  };

  return {
    /** Runs one injection outside a sequence: creates its injection and measurement, then starts it. */
    async run(
      actor: Actor,
      deviceId: number,
      body: unknown,
    ): Promise<{ injection_id: number; measurement_id: number }> {
      const device = await owned(actor, deviceId, 'instruments.command');
      const request = parseBody(deviceRunInputSchema, body);
      if (!service.isOnline(device.id)) throw AppError.domain(409, 'sequence_device_not_connected');
      const hardware = hardwareOf(device);
      const method = await methodOfRun(actor, request);
      checkMethodFits(device, hardware, method);
      const sampleId = request.sample_id ?? null;
      const sampleName = await sampleNameOf(actor, device, sampleId);
      const templateUuid = request.template_uuid ?? null;
      if (templateUuid !== null && !(await runs.template(actor.workspaceId, templateUuid)))
        throw AppError.validation({ template_uuid: ['is not valid'] });
      const { injectionId, measurementId } = await runs.create({
        owner: actor,
        deviceId: device.id,
        sampleId,
        vial: request.vial,
        methodId: request.method_id ?? null,
        methodSnapshot: method,
        name: request.name ?? `${sampleName ?? method.name ?? 'Run'} · vial ${request.vial}`,
        templateUuid,
      });
      try {
        await service.runInjection(device.id, {
          method,
          vial: request.vial,
          injectionId,
          measurementId,
        });
      } catch (error) {
        await runs.markRefused(injectionId, measurementId);
        throw error;
      }
      await audit(actor, device, 'run', null, {
        method: method.name || null,
        method_id: request.method_id ?? null,
        sample_id: sampleId,
        vial: request.vial,
        injection_id: injectionId,
        measurement_id: measurementId,
        template_uuid: templateUuid,
      });
      return { injection_id: injectionId, measurement_id: measurementId };
    },

    async control(
      actor: Actor,
      deviceId: number,
      action: 'stop' | 'pause' | 'resume',
    ): Promise<Record<string, never>> {
      const device = await owned(actor, deviceId, 'instruments.command');
      await service[action](deviceId);
      await audit(actor, device, 'command', null, { command: action });
      return {};
    },
  };
}
