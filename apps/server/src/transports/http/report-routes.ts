// Thin transport for results and report data of sequences and injections.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../services/index.ts';
import { AppError } from '../../errors.ts';
import { pathId } from '../../lib/input.ts';
import { resultsCsv } from '../../services/results/results-csv.ts';
import { requireActor } from './authenticate.ts';
import { requireReader } from './reader.ts';

type WithId = { Params: { id: string } };

export async function reportRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { reports, shareAccess } = services;
  // Users read their own; a visitor reads what its share token opens (checked before any read).
  const sequenceOwner = async (request: FastifyRequest & { params: { id: string } }) => {
    const id = pathId(request.params.id, 'sequence_not_found');
    const reader = await requireReader(services, request);
    const owner = await shareAccess.workspaceFor(reader, { type: 'sequence', id }, 'sequence_not_found');
    return { id, owner, visitor: reader.kind === 'visitor' };
  };

  app.get<WithId & { Querystring: { format?: string } }>(
    '/api/sequences/:id/results/',
    async (request, reply) => {
      const format = request.query.format ?? 'json';
      if (format !== 'json' && format !== 'csv') throw AppError.validation({ format: ['is not valid'] });
      const { id, owner } = await sequenceOwner(request);
      const { injections, calibrations, replicates, suitability } = await reports.sequenceResults(owner, id);
      if (format === 'json') return { injections, calibrations, replicates, suitability };
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sequence-${id}-results.csv"`)
        .send(resultsCsv({ injections, replicates }));
    },
  );
  app.get<WithId>('/api/reports/sequence/:id/', async (request) => {
    const { id, owner, visitor } = await sequenceOwner(request);
    return reports.sequenceReport(owner, id, { visitor });
  });
  // Issuing a report gives it the workspace's next record number (members only; visitors read with GET).
  app.post<WithId>('/api/reports/sequence/:id/', async (request, reply) =>
    reply
      .status(201)
      .send(
        await reports.issue(
          await requireActor(services, request),
          'sequence',
          pathId(request.params.id, 'sequence_not_found'),
        ),
      ),
  );
  app.post<WithId>('/api/reports/injection/:id/', async (request, reply) =>
    reply
      .status(201)
      .send(
        await reports.issue(
          await requireActor(services, request),
          'injection',
          pathId(request.params.id, 'measurement_no_injection'),
        ),
      ),
  );
  app.get<WithId>('/api/reports/injection/:id/', async (request) => {
    const id = pathId(request.params.id);
    const reader = await requireReader(services, request);
    const owner = await shareAccess.workspaceFor(
      reader,
      { type: 'injection', id },
      'measurement_no_injection',
    );
    return reports.injectionReport(owner, id, { visitor: reader.kind === 'visitor' });
  });
}
