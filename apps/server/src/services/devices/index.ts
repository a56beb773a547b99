// The devices module of one server: built once by the composition root and shared by the routes, the device
// link, the in-process simulators and the sequences (`services.devices.runInjection(...)`).
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { DatabaseAvailability } from '../../db/availability.ts';
import type { WorkClaims } from '../../db/claims.ts';
import type { DevicesRepository } from '../../repositories/devices.ts';
import type { MeasurementChunksRepository } from '../../repositories/measurement-chunks.ts';
import { createRedisDeviceCluster, type DeviceCluster } from './cluster.ts';
import { createDeviceEvents, type PublishingHub } from './events.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { AttemptThrottle } from '../attempt-throttle.ts';
import { createDeviceRegistry } from './registry.ts';
import { DeviceService } from './service.ts';

export function createDeviceService(deps: {
  logger: FastifyBaseLogger;
  devices: DevicesRepository;
  chunks: MeasurementChunksRepository;
  availability: DatabaseAvailability;
  claims: WorkClaims;
  realtime: PublishingHub;
  passwords: PasswordHasher;
  throttle: AttemptThrottle;
}): DeviceService {
  const { devices } = deps;
  const events = createDeviceEvents(deps.realtime, deps.logger);
  return new DeviceService({
    logger: deps.logger,
    registry: createDeviceRegistry({ devices, passwords: deps.passwords, throttle: deps.throttle }),
    devices,
    chunks: deps.chunks,
    events,
    availability: deps.availability,
    claims: deps.claims,
  });
}

export type {
  DeviceService,
  InjectionFinishedEvent,
  MeasurementChunkEvent,
  RunInjectionRequest,
} from './service.ts';

/**
 * With Redis (the composition root's two cluster clients and key prefix): joins the other server processes
 * so commands reach devices connected elsewhere.
 */
export async function connectDeviceCluster(
  service: DeviceService,
  redis: { publisher: Redis; subscriber: Redis; prefix: string } | undefined,
  logger: FastifyBaseLogger,
): Promise<DeviceCluster | undefined> {
  if (!redis) return undefined;
  const cluster = await createRedisDeviceCluster({
    ...redis,
    logger,
    handlers: service.clusterHandlers(),
  });
  service.attachCluster(cluster);
  return cluster;
}
