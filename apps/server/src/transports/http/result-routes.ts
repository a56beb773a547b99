// Thin transport for results: reprocessing jobs, a measurement's result versions and the current pick,
// manual integration of a result (one change, a batch with one reason, a batch's preview), and a
// template's components.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { pathId, pathUuid } from '../../lib/input.ts';
import { requireActor } from './authenticate.ts';
import { objectBody } from './body.ts';

type WithId = { Params: { id: string } };
type WithUuid = { Params: { uuid: string } };

export async function resultRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { reprocessing, versions, integration, components } = services;
  const user = async (request: Parameters<typeof requireActor>[1]) => await requireActor(services, request);

  app.post('/api/processing-jobs/', async (request, reply) =>
    reply.status(202).send(await reprocessing.create(await user(request), objectBody(request.body))),
  );
  app.get('/api/processing-jobs/', async (request) => reprocessing.list(await user(request)));
  app.get<WithId>('/api/processing-jobs/:id/', async (request) =>
    reprocessing.get(await user(request), pathId(request.params.id, 'processing_job_not_found')),
  );

  app.get<WithId>('/api/measurements/:id/results/', async (request) =>
    versions.list(await user(request), pathId(request.params.id, 'measurement_not_found')),
  );
  app.put<WithId>('/api/measurements/:id/current-result/', async (request) =>
    versions.pick(
      await user(request),
      pathId(request.params.id, 'measurement_not_found'),
      objectBody(request.body),
    ),
  );
  app.post<WithId>('/api/results/:id/integration/', async (request, reply) =>
    reply
      .status(201)
      .send(
        await integration.edit(
          await user(request),
          pathId(request.params.id, 'result_not_found'),
          objectBody(request.body),
        ),
      ),
  );
  app.post<WithId>('/api/results/:id/integration/batch/', async (request, reply) =>
    reply
      .status(201)
      .send(
        await integration.batch(
          await user(request),
          pathId(request.params.id, 'result_not_found'),
          objectBody(request.body),
        ),
      ),
  );
  app.post<WithId>('/api/results/:id/integration/preview/', async (request) =>
    integration.preview(
      await user(request),
      pathId(request.params.id, 'result_not_found'),
      objectBody(request.body),
    ),
  );
  app.get<WithUuid>('/api/templates/:uuid/components/', async (request) =>
    components.get(await user(request), pathUuid(request.params.uuid, 'template_not_found')),
  );
  app.put<WithUuid>('/api/templates/:uuid/components/', async (request) =>
    components.replace(
      await user(request),
      pathUuid(request.params.uuid, 'template_not_found'),
      objectBody(request.body),
    ),
  );
  app.post<WithUuid>('/api/templates/:uuid/components/retention-times/', async (request) =>
    components.retentionTimesFromStandard(
      await user(request),
      pathUuid(request.params.uuid, 'template_not_found'),
      objectBody(request.body),
    ),
  );
}
