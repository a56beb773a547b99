// Thin transport for samples, blanks (sample controller) and standards (standard controller).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { pathId } from '../../lib/input.ts';
import { requireActor } from './authenticate.ts';
import { objectBody } from './body.ts';

type WithId = { Params: { id: string } };

export async function sampleRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { samples } = services;
  for (const controller of ['sample', 'standard'] as const) {
    const base = controller === 'sample' ? '/api/samples/' : '/api/standards/';
    app.get(base, async (request) => samples.list(await requireActor(services, request), controller));
    app.post(base, async (request, reply) => {
      const actor = await requireActor(services, request);
      const body = objectBody(request.body);
      const created =
        controller === 'sample'
          ? await samples.createSample(actor, body)
          : await samples.createStandard(actor, body);
      return reply.status(201).send(created);
    });
    app.get<WithId>(`${base}:id/`, async (request) =>
      samples.get(await requireActor(services, request), pathId(request.params.id), controller),
    );
    app.patch<WithId>(`${base}:id/`, async (request) =>
      samples.update(
        await requireActor(services, request),
        pathId(request.params.id),
        controller,
        objectBody(request.body),
      ),
    );
    app.delete<WithId>(`${base}:id/`, async (request, reply) => {
      await samples.remove(await requireActor(services, request), pathId(request.params.id), controller);
      return reply.status(204).send();
    });
  }
}
