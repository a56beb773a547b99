// Live device status to browsers: status and telemetry on `devices:{id}`, the live signal on
// `measurements:{id}`, through the realtime hub.
import type {
  DeviceStatusEvent,
  DeviceTelemetryEvent,
  MeasurementFinishedEvent,
  MeasurementSignalChunk,
} from '@eluent/contracts';
import type { FastifyBaseLogger } from 'fastify';

export interface DeviceEvents {
  publishStatus(event: DeviceStatusEvent): void;
  publishTelemetry(event: DeviceTelemetryEvent): void;
  publishSignal(event: MeasurementSignalChunk): void;
  publishMeasurementFinished(event: MeasurementFinishedEvent): void;
}

/**
 * The part of the realtime hub this module uses. Who reads `devices:{id}` is decided with the other
 * channels (services/realtime/authorizers.ts).
 */
export interface PublishingHub {
  publish(channel: string, data: unknown): Promise<unknown>;
}

export function createDeviceEvents(hub: PublishingHub, logger: FastifyBaseLogger): DeviceEvents {
  const publish = (channel: string, data: unknown) => {
    // Live status is best effort: a lost publication is replaced by the next one within seconds.
    hub
      .publish(channel, data)
      .catch((error: unknown) => logger.warn({ err: error, channel }, 'device publish failed'));
  };
  return {
    publishStatus: (event) => publish(`devices:${event.device_id}`, event),
    publishTelemetry: (event) => publish(`devices:${event.device_id}`, event),
    publishSignal: (event) => publish(`measurements:${event.measurement_id}`, event),
    publishMeasurementFinished: (event) => publish(`measurements:${event.measurement_id}`, event),
  };
}
