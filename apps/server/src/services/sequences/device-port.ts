// The instrument port over the devices module: live availability, runs and commands through the device
// link, and the end of each stored measurement.
import type { DeviceService } from '../devices/index.ts';
import { AppError } from '../../errors.ts';
import { InstrumentRefusal, type InstrumentPort } from './instrument-port.ts';

export function devicePort(service: DeviceService): InstrumentPort {
  return {
    async availability(deviceId) {
      const online = service.isOnline(deviceId);
      const live = service.liveStatus(deviceId);
      return {
        online,
        busy: online && live !== null && live.state !== 'idle',
        measurementId: online && live !== null ? (live.measurement_id ?? null) : undefined,
        activity: online ? (live?.activity ?? null) : null,
      };
    },
    async runInjection(deviceId, params) {
      try {
        await service.runInjection(deviceId, {
          method: params.method,
          vial: params.vial,
          injectionId: params.injection_id,
          measurementId: params.measurement_id,
        });
      } catch (error) {
        throw new InstrumentRefusal(error instanceof AppError ? error.code : 'sequence_device_not_connected');
      }
    },
    async command(deviceId, name) {
      if (!service.isOnline(deviceId)) return;
      await service.command(deviceId, name, {});
    },
    onConnectionChange(listener) {
      service.on('deviceState', (event) => listener(event.deviceId, event.online));
    },
    onRunFinished(listener) {
      service.on('injectionFinished', (event) =>
        listener({
          deviceId: event.deviceId,
          measurementId: event.measurementId,
          result: event.result,
          errorCode: event.errorCode,
        }),
      );
    },
  };
}
