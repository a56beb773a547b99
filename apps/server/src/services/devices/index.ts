// The devices module of one server: built once per context and shared by the routes, the device link,
// the in-process simulators and the sequences (`deviceServiceOf(context).runInjection(...)`).
import type { AppContext } from '../../context.ts';
import { createDevicesRepository } from '../../repositories/devices.ts';
import { createMeasurementChunksRepository } from '../../repositories/measurement-chunks.ts';
import { createRedisDeviceCluster } from './cluster.ts';
import { createDeviceEvents } from './events.ts';
import { createDeviceRegistry } from './registry.ts';
import { DeviceService } from './service.ts';

const services = new WeakMap<AppContext, DeviceService>();

export function deviceServiceOf(context: AppContext): DeviceService {
  const existing = services.get(context);
  if (existing) return existing;
  const devices = createDevicesRepository(context.database.db);
  const registry = createDeviceRegistry(devices);
  const events = createDeviceEvents(
    context,
    async (deviceId) => (await devices.findById(deviceId))?.owner_id ?? null,
  );
  const service = new DeviceService({
    logger: context.logger,
    registry,
    devices,
    chunks: createMeasurementChunksRepository(context.database.db),
    events,
    availability: context.database.availability,
  });
  services.set(context, service);
  return service;
}

export type {
  DeviceService,
  InjectionFinishedEvent,
  MeasurementChunkEvent,
  RunInjectionRequest,
} from './service.ts';

/** With REDIS_URL: joins the other server processes so commands reach devices connected elsewhere. */
export async function connectDeviceCluster(context: AppContext): Promise<void> {
  const { redisUrl } = context.config;
  if (!redisUrl) return;
  const service = deviceServiceOf(context);
  const cluster = await createRedisDeviceCluster({
    url: redisUrl,
    prefix: context.config.realtime.redisPrefix,
    logger: context.logger,
    handlers: service.clusterHandlers(),
  });
  service.attachCluster(cluster);
  context.onClose(() => cluster.close());
}
