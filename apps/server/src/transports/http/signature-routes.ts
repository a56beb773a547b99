// Thin transport for review and electronic signatures of a sequence or one measurement (docs/signatures.md).
// Signing asks for the password: the route is rate-limited per address like sign-in.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { pathId } from '../../lib/input.ts';
import { requireActor } from './authenticate.ts';
import { objectBody } from './body.ts';

type WithId = { Params: { id: string } };

const SUBJECTS = [
  { kind: 'sequence', path: 'sequences', notFound: 'sequence_not_found' },
  { kind: 'measurement', path: 'measurements', notFound: 'measurement_not_found' },
] as const;

export async function signatureRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { signatures, settings } = services;
  const limited = { config: { rateLimit: { max: settings.authRateLimitPerMinute, timeWindow: '1 minute' } } };
  for (const { kind, path, notFound } of SUBJECTS) {
    app.get<WithId>(`/api/${path}/:id/review/`, async (request) =>
      signatures.review(await requireActor(services, request), kind, pathId(request.params.id, notFound)),
    );
    app.get<WithId>(`/api/${path}/:id/signatures/`, async (request) => {
      const actor = await requireActor(services, request);
      return (await signatures.review(actor, kind, pathId(request.params.id, notFound))).signatures;
    });
    app.post<WithId>(`/api/${path}/:id/signatures/`, limited, async (request, reply) =>
      reply
        .status(201)
        .send(
          await signatures.sign(
            await requireActor(services, request),
            kind,
            pathId(request.params.id, notFound),
            objectBody(request.body),
          ),
        ),
    );
  }
}
