// Who is asking: the bearer token of a GraphQL request resolved to a user or a visitor, with Hasura's
// error codes (invalid-jwt makes the client refresh its token and retry once).
import { HASURA_CLAIMS, TokenError, type TokenSigner } from '../tokens.ts';
import type { ShareObjectType, Viewer } from '../../repositories/graphql/access.ts';
import { GraphqlRequestError } from '../../lib/graphql-errors.ts';
import { LruCache } from '../../lib/lru.ts';

export const VISITOR_TOKEN_TYPE = 'visitor';

export interface VisitorClaims {
  token_type: typeof VISITOR_TOKEN_TYPE;
  share_token_id: number;
  share: { type: ShareObjectType; id: number };
}

const shareTypes = new Set<string>(['sample', 'injection', 'sequence']);

/** Claims of a visitor token: the shared object, and Hasura's role claims for other Hasura-style consumers. */
export function visitorClaims(
  shareTokenId: number,
  type: ShareObjectType,
  id: number,
): Record<string, unknown> {
  return {
    token_type: VISITOR_TOKEN_TYPE,
    share_token_id: shareTokenId,
    share: { type, id },
    [HASURA_CLAIMS]: {
      'x-hasura-default-role': 'visitor',
      'x-hasura-allowed-roles': ['visitor'],
      'x-hasura-share-token-id': String(shareTokenId),
    },
  };
}

/** Verified tokens by their text until they expire, per signer: a client sends the same token many times. */
const MAX_VERIFIED = 10_000;
const verifiedBySigner = new WeakMap<TokenSigner, LruCache<{ viewer: Viewer; expiresAtMs: number }>>();

/**
 * The viewer of a request. A token verified before and not yet expired is answered from memory (the
 * signature and claims of a given token text cannot change; visitor revocation is checked in SQL).
 */
export async function resolveViewer(signer: TokenSigner, authorization: string | undefined): Promise<Viewer> {
  let verified = verifiedBySigner.get(signer);
  if (!verified) {
    verified = new LruCache(MAX_VERIFIED);
    verifiedBySigner.set(signer, verified);
  }
  if (authorization) {
    const known = verified.get(authorization);
    if (known && Date.now() < known.expiresAtMs) return known.viewer;
  }
  const { viewer, expiresAtSec } = await verifyViewer(signer, authorization);
  if (typeof expiresAtSec === 'number') {
    verified.set(authorization!, { viewer, expiresAtMs: expiresAtSec * 1000 });
  }
  return viewer;
}

async function verifyViewer(
  signer: TokenSigner,
  authorization: string | undefined,
): Promise<{ viewer: Viewer; expiresAtSec: unknown }> {
  if (!authorization) {
    throw new GraphqlRequestError(
      'invalid-headers',
      "Missing 'Authorization' or 'Cookie' header in JWT authentication mode",
    );
  }
  const match = /^Bearer (\S+)$/i.exec(authorization.trim());
  if (!match) throw new GraphqlRequestError('invalid-headers', 'Malformed Authorization header');
  let payload: Record<string, unknown>;
  try {
    payload = await signer.verify(match[1]!);
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    throw new GraphqlRequestError(
      'invalid-jwt',
      error.message === 'Token is expired'
        ? 'Could not verify JWT: JWTExpired'
        : 'Could not verify JWT: JWSError JWSInvalidSignature',
    );
  }
  if (
    payload.token_type === 'access' &&
    typeof payload.user_id === 'string' &&
    /^\d+$/.test(payload.user_id)
  ) {
    return { viewer: { kind: 'user', userId: Number(payload.user_id) }, expiresAtSec: payload.exp };
  }
  if (payload.token_type === VISITOR_TOKEN_TYPE) {
    const share = payload.share as { type?: unknown; id?: unknown } | undefined;
    if (
      typeof payload.share_token_id === 'number' &&
      typeof share?.id === 'number' &&
      typeof share.type === 'string' &&
      shareTypes.has(share.type)
    ) {
      return {
        viewer: {
          kind: 'visitor',
          shareTokenId: payload.share_token_id,
          objectType: share.type as ShareObjectType,
          objectId: share.id,
        },
        expiresAtSec: payload.exp,
      };
    }
  }
  throw new GraphqlRequestError('invalid-jwt', 'Could not verify JWT: JWTInvalidClaims');
}
