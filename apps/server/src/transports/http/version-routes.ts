// Thin transport for the versions of methods and processing templates (docs/signatures.md "Versions of
// methods and templates"): the list and one version whole.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { pathId, pathUuid } from '../../lib/input.ts';
import { requireActor } from './authenticate.ts';

type WithId = { Params: { id: string } };
type WithIdVersion = { Params: { id: string; version: string } };
type WithUuid = { Params: { uuid: string } };
type WithUuidVersion = { Params: { uuid: string; version: string } };

const versionOf = (raw: string) => pathId(raw, 'record_version_not_found');

export async function versionRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { recordVersions } = services;
  const user = async (request: Parameters<typeof requireActor>[1]) => await requireActor(services, request);

  app.get<WithId>('/api/methods/:id/versions/', async (request) =>
    recordVersions.methodVersions(await user(request), pathId(request.params.id, 'method_not_found')),
  );
  app.get<WithIdVersion>('/api/methods/:id/versions/:version/', async (request) =>
    recordVersions.methodVersion(
      await user(request),
      pathId(request.params.id, 'method_not_found'),
      versionOf(request.params.version),
    ),
  );
  app.get<WithUuid>('/api/templates/:uuid/versions/', async (request) =>
    recordVersions.templateVersions(await user(request), pathUuid(request.params.uuid, 'template_not_found')),
  );
  app.get<WithUuidVersion>('/api/templates/:uuid/versions/:version/', async (request) =>
    recordVersions.templateVersion(
      await user(request),
      pathUuid(request.params.uuid, 'template_not_found'),
      versionOf(request.params.version),
    ),
  );
}
