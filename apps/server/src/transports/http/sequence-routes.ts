// Thin transport for sequences, their table of drafts and run control.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { AppError } from '../../errors.ts';
import { onlyFields, pathId } from '../../lib/input.ts';
import { requireActor } from './authenticate.ts';
import { objectBody } from './body.ts';
import { runActions } from '@eluent/contracts';

type WithId = { Params: { id: string } };
type WithDraft = { Params: { id: string; draftId: string } };
type WithSample = { Params: { id: string; sampleId: string } };

/** Sequence ids of the table's routes: anything but a positive integer is an invalid sequence ID. */
const sequenceIdOf = (raw: string) => pathId(raw, 'draft_invalid_sequence_id', 400);

export async function sequenceRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { sequences, control } = services;
  const user = async (request: Parameters<typeof requireActor>[1]) => await requireActor(services, request);

  app.get('/api/sequences/', async (request) => sequences.list(await user(request)));
  app.post('/api/sequences/', async (request, reply) =>
    reply.status(201).send(await sequences.create(await user(request), objectBody(request.body))),
  );
  app.get<WithId>('/api/methods/:id/lock/', async (request) =>
    sequences.methodLock(await user(request), pathId(request.params.id, 'method_not_found')),
  );
  app.get<WithId>('/api/sequences/:id/', async (request) =>
    sequences.get(await user(request), pathId(request.params.id, 'sequence_not_found')),
  );
  app.patch<WithId>('/api/sequences/:id/', async (request) =>
    sequences.update(
      await user(request),
      pathId(request.params.id, 'sequence_not_found'),
      objectBody(request.body),
    ),
  );
  app.delete<WithId>('/api/sequences/:id/', async (request, reply) => {
    await sequences.remove(await user(request), pathId(request.params.id, 'sequence_not_found'));
    return reply.status(204).send();
  });

  app.get<WithId>(
    '/api/sequences/:id/drafts/',
    async (request) => (await sequences.get(await user(request), sequenceIdOf(request.params.id))).drafts,
  );
  app.post<WithId>('/api/sequences/:id/drafts/', async (request, reply) =>
    reply
      .status(201)
      .send(
        await sequences.addDraft(
          await user(request),
          sequenceIdOf(request.params.id),
          objectBody(request.body),
        ),
      ),
  );
  app.put<WithId>('/api/sequences/:id/drafts/', async (request) => {
    // Who asks comes first: a caller without a token hears 401, never what is wrong with the body.
    const actor = await user(request);
    const body = request.body as { drafts?: unknown } | unknown[];
    if (!Array.isArray(body)) onlyFields(objectBody(body), ['drafts']);
    const list = Array.isArray(body) ? body : body?.drafts;
    if (
      !Array.isArray(list) ||
      list.some((item) => typeof item !== 'object' || item === null || Array.isArray(item))
    ) {
      throw AppError.domain(400, 'draft_invalid');
    }
    return sequences.updateDrafts(
      actor,
      sequenceIdOf(request.params.id),
      list as Array<Record<string, unknown>>,
    );
  });
  app.post<WithId>('/api/sequences/:id/drafts/order/', async (request) =>
    sequences.orderDrafts(await user(request), sequenceIdOf(request.params.id), objectBody(request.body)),
  );
  app.patch<WithDraft>('/api/sequences/:id/drafts/:draftId/', async (request) => {
    const sequenceId = sequenceIdOf(request.params.id);
    const draftId = pathId(request.params.draftId, 'draft_not_in_sequence', 400);
    const [draft] = await sequences.updateDrafts(await user(request), sequenceId, [
      { ...objectBody(request.body), id: draftId },
    ]);
    return draft;
  });
  app.delete<WithDraft>('/api/sequences/:id/drafts/:draftId/', async (request, reply) => {
    await sequences.removeDraft(
      await user(request),
      sequenceIdOf(request.params.id),
      pathId(request.params.draftId, 'draft_not_in_sequence', 400),
    );
    return reply.status(204).send();
  });
  app.get<WithSample>('/api/sequences/:id/samples/:sampleId/', async (request) =>
    sequences.sampleInSequence(
      await user(request),
      sequenceIdOf(request.params.id),
      pathId(request.params.sampleId, 'draft_sample_not_in_sequence', 400),
    ),
  );

  for (const action of runActions) {
    app.post<WithId>(`/api/sequences/:id/${action}/`, async (request) =>
      control[action](await user(request), pathId(request.params.id, 'sequence_not_found')),
    );
  }
}
