// `npm start`'s simulated instruments: real device-link clients inside the server process, talking to the
// service over in-memory sockets, claimed by the demo account under stable serial numbers.
import { createHmac } from 'node:crypto';
import { DeviceClient, socketPair, type LinkSocket } from '@eluent/simulator';
import type { DeviceService } from '../../services/devices/service.ts';
import { LinkSession } from './link-session.ts';

export function demoSerialNumber(index: number): string {
  return `ELU-SIM-${String(index + 1).padStart(4, '0')}`;
}

/** Derived from the server secret so a restart on the same data finds the same pairing codes. */
export function demoPairingCode(secret: string, serialNumber: string): string {
  return createHmac('sha256', secret).update(`pairing:${serialNumber}`).digest('base64url').slice(0, 12);
}

/** An in-memory connection: the server end is a link session of the service, the other end the device's. */
export function inProcessConnector(service: DeviceService) {
  return async (): Promise<LinkSocket> => {
    if (service.closing) throw new Error('server is stopping');
    const [deviceEnd, serverEnd] = socketPair();
    const session = new LinkSession(
      { send: (text) => serverEnd.send(text), close: () => serverEnd.close(), address: null },
      service,
    );
    serverEnd.onMessage((text) => session.receive(text));
    serverEnd.onClose(() => session.connectionLost());
    return deviceEnd;
  };
}

/** Starts `config.simulators` instruments owned by the demo user; stops them when the server closes. */
export async function startDemoInstruments(
  deps: {
    service: DeviceService;
    config: { simulators: number; secret: string; simulatorSpeed: number };
    onClose(step: () => Promise<void>): void;
  },
  ownerId: number,
): Promise<DeviceClient[]> {
  const { service, config } = deps;
  const clients: DeviceClient[] = [];
  for (let index = 0; index < config.simulators; index++) {
    const serialNumber = demoSerialNumber(index);
    const pairingCode = demoPairingCode(config.secret, serialNumber);
    await service.registry.provision({ serialNumber, pairingCode, name: `Demo HPLC ${index + 1}`, ownerId });
    const client = new DeviceClient({
      connect: inProcessConnector(service),
      serialNumber,
      pairingCode,
      speed: config.simulatorSpeed,
    });
    client.start();
    clients.push(client);
  }
  deps.onClose(async () => {
    await Promise.all(clients.map((client) => client.stop()));
  });
  return clients;
}
