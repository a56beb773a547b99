// Visitors of shared objects (spec §6): the hub accepts the visitor JWT of POST /api/hasura/auth/share-token
// (`token_type: 'visitor'`, `share_token_id`, `share: {type, id}`) and, on the subscription-token endpoint and
// for connect, the raw share token of the link. Either way the share token must still be active: a revoked or
// expired one is refused on every check, so a revoked link stops getting subscription tokens at once.
import type { VisitorScope } from '@eluent/contracts';
import type { RealtimeAccessRepository, ShareTokenRow } from '../../repositories/realtime-access.ts';
import type { TokenSigner } from '../tokens.ts';
import type { VisitorResolver, VisitorSubject } from './subjects.ts';

export interface ActiveShare {
  id: number;
  scope: VisitorScope;
  /** Unix seconds. */
  expiresAtSec: number;
}

const scopeTypes = new Set(['sample', 'injection', 'sequence']);

export function isVisitorScope(value: unknown): value is VisitorScope {
  if (typeof value !== 'object' || value === null) return false;
  const scope = value as Record<string, unknown>;
  return typeof scope.type === 'string' && scopeTypes.has(scope.type) && Number.isSafeInteger(scope.id);
}

/** Share tokens as the realtime hub reads them: active ones only, with a scope it knows. */
export function createShareLookup(access: RealtimeAccessRepository) {
  function active(row: ShareTokenRow | undefined): ActiveShare | null {
    if (!row) return null;
    const scope = { type: row.object_type, id: row.object_id };
    if (!isVisitorScope(scope)) return null;
    return { id: row.id, scope, expiresAtSec: Math.floor(new Date(row.expires_at).getTime() / 1000) };
  }
  return {
    byId: async (id: number) => active(await access.activeShareById(id)),
    byToken: async (token: string) => active(await access.activeShareByToken(token)),
  };
}

export type ShareLookup = ReturnType<typeof createShareLookup>;

const looksLikeJwt = (token: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);

/**
 * Visitor JWTs (checked against their share token) and raw share tokens. Invalid signatures and expired JWTs
 * throw the signer's TokenError (→ invalid/expired); an unknown, revoked or expired share token gives null.
 */
export function shareVisitorResolver(signer: TokenSigner, shares: ShareLookup): VisitorResolver {
  return async (token): Promise<VisitorSubject | null> => {
    if (looksLikeJwt(token)) {
      const claims = await signer.verify(token);
      if (claims.token_type !== 'visitor' || !isVisitorScope(claims.share)) return null;
      const shareTokenId = claims.share_token_id;
      if (typeof shareTokenId !== 'number' || !Number.isSafeInteger(shareTokenId)) return null;
      const active = await shares.byId(shareTokenId);
      if (!active || active.scope.type !== claims.share.type || active.scope.id !== claims.share.id)
        return null;
      return { kind: 'visitor', scope: active.scope, claims: { ...claims } };
    }
    if (token.length === 0 || token.length > 200) return null;
    const active = await shares.byToken(token);
    if (!active) return null;
    return {
      kind: 'visitor',
      scope: active.scope,
      claims: { share_token_id: active.id, share: active.scope, exp: active.expiresAtSec },
    };
  };
}
