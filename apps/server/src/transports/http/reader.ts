// The reader of a read-only REST route: a signed-in user (access token) or a visitor (visitor token from
// the share-token exchange). Anything else answers like requireActor.
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../services/index.ts';
import { VISITOR_TOKEN_TYPE } from '../../services/graphql/identity.ts';
import type { Reader } from '../../services/sharing/share-access.ts';
import { requireActor } from './authenticate.ts';

const shareTypes = new Set(['sample', 'injection', 'sequence', 'overlay']);

async function visitorOf(services: Services, header: string | undefined): Promise<Reader | null> {
  const match = header ? /^Bearer (\S+)$/.exec(header) : null;
  if (!match) return null;
  const payload = await services.signer.verify(match[1]!).catch(() => null);
  if (payload?.token_type !== VISITOR_TOKEN_TYPE) return null;
  const share = payload.share as { type?: unknown; id?: unknown } | undefined;
  if (
    typeof payload.share_token_id !== 'number' ||
    typeof share?.id !== 'number' ||
    typeof share.type !== 'string' ||
    !shareTypes.has(share.type)
  ) {
    return null;
  }
  return {
    kind: 'visitor',
    shareTokenId: payload.share_token_id,
    objectType: share.type as Extract<Reader, { kind: 'visitor' }>['objectType'],
    objectId: share.id,
  };
}

export async function requireReader(services: Services, request: FastifyRequest): Promise<Reader> {
  const visitor = await visitorOf(services, request.headers.authorization);
  if (visitor) return visitor;
  const actor = await requireActor(services, request);
  return { kind: 'user', userId: actor.userId, workspaceId: actor.workspaceId };
}
