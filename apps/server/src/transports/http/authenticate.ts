// Bearer authentication for REST routes, answering with simplejwt's error bodies.
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../services/index.ts';
import { RawBodyError } from '../../errors.ts';
import { TokenError } from '../../services/tokens.ts';
import type { Actor } from '../../services/workspaces/actor.ts';

export interface AuthenticatedUser {
  id: number;
  email: string;
}

const notProvided = () =>
  new RawBodyError(
    401,
    { detail: 'Authentication credentials were not provided.' },
    { 'www-authenticate': 'Bearer realm="api"' },
  );

/** Returns the signed-in user of a request or throws the 401 the client refreshes on. */
export async function requireUser(services: Services, request: FastifyRequest): Promise<AuthenticatedUser> {
  const header = request.headers.authorization;
  if (!header) throw notProvided();
  const parts = header.split(' ');
  if (parts.length !== 2) {
    throw new RawBodyError(401, {
      detail: 'Authorization header must contain two space-delimited values',
      code: 'bad_authorization_header',
    });
  }
  if (parts[0] !== 'Bearer') throw notProvided();
  try {
    const claims = await services.sessions.verify(parts[1]!, 'access');
    return { id: Number(claims.user_id), email: String(claims.email ?? '') };
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    throw new RawBodyError(
      401,
      {
        detail: 'Given token not valid for any token type',
        code: 'token_not_valid',
        messages: [{ token_class: 'AccessToken', token_type: 'access', message: error.message }],
      },
      { 'www-authenticate': 'Bearer realm="api"' },
    );
  }
}

/** The signed-in user in its current workspace, with its role there (docs/roles.md). */
export async function requireActor(services: Services, request: FastifyRequest): Promise<Actor> {
  const user = await requireUser(services, request);
  return services.workspaces.actorOf(user.id);
}
