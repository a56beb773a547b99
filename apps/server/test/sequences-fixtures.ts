// Medium-test fixtures of the sequences area: a simulated instrument linked in-process and owned by a user,
// and methods stored for it.
import { randomBytes } from 'node:crypto';
import { DeviceClient, simulatedHardware } from '@eluent/simulator';
import { inProcessConnector } from '../src/transports/device-link/in-process.ts';
import { eventually } from './eventually.ts';
import type { TestServer } from './harness.ts';
import { workspaceOf } from './workspaces.ts';

export interface LinkedInstrument {
  deviceId: number;
  client: DeviceClient;
}

/** How many simulators each test server has linked: the next one's serial number. */
const linked = new WeakMap<TestServer, number>();

/**
 * Provisions a simulator for `ownerId`, connects it and waits until the server sees it idle. Its serial
 * number is the server's count of linked simulators, so its noise (seeded by serial and measurement) is the
 * same on every run of a suite.
 */
export async function linkInstrument(
  server: TestServer,
  ownerId: number,
  speed = 1,
): Promise<LinkedInstrument> {
  const service = server.context.services.devices;
  const index = (linked.get(server) ?? 0) + 1;
  linked.set(server, index);
  const serialNumber = `SIM-TEST-${String(index).padStart(3, '0')}`;
  const pairingCode = randomBytes(6).toString('hex');
  const device = await service.registry.provision({ serialNumber, pairingCode, name: 'Test HPLC', ownerId });
  const client = new DeviceClient({
    connect: inProcessConnector(service),
    serialNumber,
    pairingCode,
    speed,
    tickMs: 50,
  });
  client.start();
  await eventually(() => service.liveStatus(device.id)?.state === 'idle', { what: `${serialNumber} idle` });
  return { deviceId: device.id, client };
}

/** Stores a method for the simulated instrument (its hardware configuration, caffeine assay settings). */
export async function storeMethod(
  server: TestServer,
  ownerId: number,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const row = await server.context.database.db
    .insertInto('methods')
    .values({
      owner_id: ownerId,
      workspace_id: await workspaceOf(server.context.database.db, ownerId),
      name: 'Caffeine assay',
      flow_rate_ml_per_min: 1,
      run_time_min: 8,
      temperature: 30,
      injection_ul: 10,
      gradient: JSON.stringify([{ time_min: 0, percent_b: 20 }]),
      detector_single_channel: JSON.stringify({ wavelength_nm: 273 }),
      hardware_configuration: JSON.stringify(simulatedHardware),
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
