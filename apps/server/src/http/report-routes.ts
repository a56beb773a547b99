// Thin transport for results and report data of sequences and injections.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { pathId } from '../sequences/input.ts';
import { sequencesArea } from '../sequences/area.ts';
import { requireUser } from './authenticate.ts';

type WithId = { Params: { id: string } };

export async function reportRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { reports } = sequencesArea(context);
  app.get<WithId>('/api/sequences/:id/results/', async (request) => {
    const user = await requireUser(context, request);
    const { injections, calibrations } = await reports.sequenceResults(
      user.id,
      pathId(request.params.id, 'sequence_not_found'),
    );
    return { injections, calibrations };
  });
  app.get<WithId>('/api/reports/sequence/:id/', async (request) =>
    reports.sequenceReport(
      (await requireUser(context, request)).id,
      pathId(request.params.id, 'sequence_not_found'),
    ),
  );
  app.get<WithId>('/api/reports/injection/:id/', async (request) =>
    reports.injectionReport((await requireUser(context, request)).id, pathId(request.params.id)),
  );
}
