// Thin transport for the audit trail: one object's trail, the filtered trail of everything the viewer may
// read (JSON pages or a CSV file), the filter vocabulary and the verification of the hash chain.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { pathId } from '../../lib/input.ts';
import { requireActor } from './authenticate.ts';

export async function auditRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { audit } = services;
  app.get('/api/audit/', async (request, reply) => {
    const answer = await audit.search(await requireActor(services, request), request.query);
    if (answer.format === 'json') return answer.page;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-trail.csv"')
      .send(answer.csv);
  });
  app.get('/api/audit/filters/', async (request) => audit.filters(await requireActor(services, request)));
  app.get('/api/audit/verification/', async (request) => audit.verify(await requireActor(services, request)));
  app.get<{ Params: { kind: string; id: string } }>('/api/audit/:kind/:id/', async (request) => {
    const actor = await requireActor(services, request);
    const id = pathId(request.params.id, 'audit_object_not_found');
    return { entries: await audit.objectTrail(actor, request.params.kind, id) };
  });
}
