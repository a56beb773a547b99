// Thin transport for instruments: the registry (claim, list, order), direct runs and commands over REST,
// and the device link websocket at /device/ws.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../services/index.ts';
import { attachDeviceWebsocket } from '../device-link/websocket.ts';
import { AppError } from '../../errors.ts';
import { requireActor } from './authenticate.ts';

function deviceIdOf(request: FastifyRequest): number {
  const id = Number((request.params as { id?: string }).id);
  if (!Number.isSafeInteger(id) || id <= 0) throw AppError.domain(404, 'device_not_found');
  return id;
}

export async function deviceRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = services.devicesApi;
  attachDeviceWebsocket(app, services.devices, services.settings.trustProxyHops);
  const user = async (request: FastifyRequest) => await requireActor(services, request);

  app.post('/api/devices/claim/', async (request, reply) =>
    reply.status(201).send(await api.claim(await user(request), request.body, request.ip)),
  );
  app.get('/api/devices/', async (request) => api.list(await user(request)));
  app.put('/api/devices/order/', async (request) => api.setOrder(await user(request), request.body));
  app.post('/api/devices/order/', async (request) => api.setOrder(await user(request), request.body));
  app.post('/api/devices/:id/pairing/', async (request) =>
    api.rePair(await user(request), deviceIdOf(request)),
  );
  app.get('/api/devices/:id/', async (request) => api.get(await user(request), deviceIdOf(request)));
  app.patch('/api/devices/:id/', async (request) =>
    api.rename(await user(request), deviceIdOf(request), request.body),
  );
  app.delete('/api/devices/:id/', async (request, reply) => {
    await api.remove(await user(request), deviceIdOf(request));
    return reply.status(204).send();
  });
  app.post('/api/devices/:id/pump/', async (request) =>
    api.setPump(await user(request), deviceIdOf(request), request.body),
  );
  app.post('/api/devices/:id/purge/', async (request) =>
    api.purge(await user(request), deviceIdOf(request), request.body),
  );
  app.post('/api/devices/:id/equilibrate/', async (request) =>
    api.equilibrate(await user(request), deviceIdOf(request), request.body),
  );
  app.put('/api/devices/:id/setpoints/', async (request) =>
    api.setSetpoints(await user(request), deviceIdOf(request), request.body),
  );
  app.post('/api/devices/:id/run/', async (request, reply) =>
    reply.status(201).send(await api.run(await user(request), deviceIdOf(request), request.body)),
  );
  for (const action of ['stop', 'pause', 'resume'] as const) {
    app.post(`/api/devices/:id/${action}/`, async (request) =>
      api.control(await user(request), deviceIdOf(request), action),
    );
  }
  app.put('/api/devices/:id/column/', async (request) =>
    api.setColumn(await user(request), deviceIdOf(request), request.body),
  );
  app.post('/api/devices/:id/wifi/scan/', async (request) =>
    api.scanWifi(await user(request), deviceIdOf(request)),
  );
  app.post('/api/devices/:id/wifi/join/', async (request) =>
    api.joinWifi(await user(request), deviceIdOf(request), request.body),
  );
  app.get('/api/devices/:id/firmware/', async (request) =>
    api.readFirmware(await user(request), deviceIdOf(request)),
  );
}
