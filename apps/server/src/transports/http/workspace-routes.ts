// Thin transport for workspaces, members, invitations and e-mail verification (docs/roles.md):
//   GET/POST /api/workspaces/ · PUT /api/workspaces/current/ {workspace_id} · PATCH /api/workspaces/{id}/
//   GET /api/workspaces/{id}/members/ · PATCH|DELETE /api/workspaces/{id}/members/{userId}/
//   GET|POST /api/workspaces/{id}/invitations/ · DELETE /api/workspaces/{id}/invitations/{invitationId}/
//   GET /api/invitations/?code= (public) · POST /api/invitations/accept/ {code}
//   GET /api/invitations/mine/ · POST /api/invitations/{id}/accept/
//   POST /api/accounts/me/verification/ (send a link) · POST /api/accounts/verify-email/ {code} (public)
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../services/index.ts';
import { onlyFields, pathId } from '../../lib/input.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { requireActor, requireUser } from './authenticate.ts';
import { objectBody } from './body.ts';

type WithId = { Params: { id: string } };
type WithMember = { Params: { id: string; userId: string } };
type WithInvitation = { Params: { id: string; invitationId: string } };

const workspaceIdOf = (raw: string) => pathId(raw, 'workspace_not_found');

export async function workspaceRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { workspaces, invitations, settings } = services;
  const limited = { config: { rateLimit: { max: settings.authRateLimitPerMinute, timeWindow: '1 minute' } } };
  const actor = (request: FastifyRequest) => requireActor(services, request);
  const originOf = (request: FastifyRequest) => publicOrigin(request.raw, settings.publicUrl);
  const userId = async (request: FastifyRequest) => (await requireUser(services, request)).id;

  app.get('/api/workspaces/', async (request) => workspaces.current(await actor(request)));
  app.post('/api/workspaces/', async (request, reply) =>
    reply.status(201).send(await workspaces.create(await actor(request), objectBody(request.body))),
  );
  app.put('/api/workspaces/current/', async (request) => {
    const body = objectBody(request.body);
    onlyFields(body, ['workspace_id']);
    const id = typeof body.workspace_id === 'number' ? body.workspace_id : Number.NaN;
    return workspaces.switchTo(await actor(request), workspaceIdOf(String(id)));
  });
  app.patch<WithId>('/api/workspaces/:id/', async (request) =>
    workspaces.rename(await actor(request), workspaceIdOf(request.params.id), objectBody(request.body)),
  );

  app.get<WithId>('/api/workspaces/:id/members/', async (request) =>
    workspaces.members(await actor(request), workspaceIdOf(request.params.id)),
  );
  app.patch<WithMember>('/api/workspaces/:id/members/:userId/', async (request) =>
    workspaces.setRole(
      await actor(request),
      workspaceIdOf(request.params.id),
      pathId(request.params.userId, 'workspace_member_not_found'),
      objectBody(request.body),
    ),
  );
  app.delete<WithMember>('/api/workspaces/:id/members/:userId/', async (request, reply) => {
    await workspaces.removeMember(
      await actor(request),
      workspaceIdOf(request.params.id),
      pathId(request.params.userId, 'workspace_member_not_found'),
    );
    return reply.status(204).send();
  });

  app.get<WithId>('/api/workspaces/:id/invitations/', async (request) =>
    invitations.pending(await actor(request), workspaceIdOf(request.params.id)),
  );
  app.post<WithId>('/api/workspaces/:id/invitations/', limited, async (request, reply) =>
    reply
      .status(201)
      .send(
        await invitations.invite(
          await actor(request),
          workspaceIdOf(request.params.id),
          objectBody(request.body),
          originOf(request),
        ),
      ),
  );
  app.delete<WithInvitation>('/api/workspaces/:id/invitations/:invitationId/', async (request, reply) => {
    await invitations.revoke(
      await actor(request),
      workspaceIdOf(request.params.id),
      pathId(request.params.invitationId, 'invitation_not_found'),
    );
    return reply.status(204).send();
  });

  app.get('/api/invitations/', limited, async (request) =>
    invitations.check((request.query as Record<string, unknown>).code),
  );
  app.post('/api/invitations/accept/', limited, async (request) =>
    invitations.acceptCode(await userId(request), objectBody(request.body)),
  );
  app.get('/api/invitations/mine/', async (request) => invitations.mine(await userId(request)));
  app.post<WithId>('/api/invitations/:id/accept/', async (request) =>
    invitations.acceptMine(await userId(request), pathId(request.params.id, 'invitation_not_found')),
  );

  app.post('/api/accounts/me/verification/', limited, async (request) =>
    invitations.sendVerification(await userId(request), originOf(request)),
  );
  app.post('/api/accounts/verify-email/', limited, async (request) =>
    invitations.verify(objectBody(request.body)),
  );
}
