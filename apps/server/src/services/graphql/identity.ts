// Who is asking: the bearer token of a GraphQL request resolved to a user or a visitor, with Hasura's
// error codes (invalid-jwt makes the client refresh its token and retry once).
import { HASURA_CLAIMS, TokenError, type SessionTokenService, type TokenSigner } from '../tokens.ts';
import type { ShareObjectType, TokenStanding, Viewer } from '../../repositories/graphql/policy.ts';
import { GraphqlRequestError } from '../../lib/graphql-errors.ts';
import { LruCache } from '../../lib/lru.ts';

export const VISITOR_TOKEN_TYPE = 'visitor';

export interface VisitorClaims {
  token_type: typeof VISITOR_TOKEN_TYPE;
  share_token_id: number;
  share: { type: ShareObjectType; id: number };
}

const shareTypes = new Set<string>(['sample', 'injection', 'sequence', 'overlay']);

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
interface VerifiedToken {
  caller: Caller;
  expiresAtMs: number;
}
const verifiedBySigner = new WeakMap<TokenSigner, LruCache<VerifiedToken>>();

export interface TokenVerifiers {
  signer: TokenSigner;
  sessions: SessionTokenService;
}

/**
 * Who asks, and for a user what the token must still match on every request (a password reset or a sign-out
 * ends the token at once): the GraphQL service checks it inside the read's own statement.
 */
export interface Caller {
  viewer: Viewer;
  standing: TokenStanding | undefined;
}

const revoked = () => new GraphqlRequestError('invalid-jwt', 'Could not verify JWT: JWTInvalidClaims');

/**
 * The caller of a request. A token verified before and not yet expired is answered from memory (the
 * signature and claims of a given token text cannot change); a user's token version and session, and a
 * visitor's share token, are checked in SQL on every request by the service.
 */
export async function resolveCaller(
  verifiers: TokenVerifiers,
  authorization: string | undefined,
): Promise<Caller> {
  return knownCaller(verifiers, authorization) ?? verifiedCaller(verifiers, authorization);
}

function verifiedTokens(signer: TokenSigner): LruCache<VerifiedToken> {
  let verified = verifiedBySigner.get(signer);
  if (!verified) {
    verified = new LruCache(MAX_VERIFIED);
    verifiedBySigner.set(signer, verified);
  }
  return verified;
}

/** The caller of a token verified before and not yet expired, without a promise; undefined otherwise. */
export function knownCaller(
  verifiers: TokenVerifiers,
  authorization: string | undefined,
): Caller | undefined {
  if (!authorization) return undefined;
  const known = verifiedTokens(verifiers.signer).get(authorization);
  return known && Date.now() < known.expiresAtMs ? known.caller : undefined;
}

async function verifiedCaller(verifiers: TokenVerifiers, authorization: string | undefined): Promise<Caller> {
  const verified = verifiedTokens(verifiers.signer);
  const token = await verifyCaller(verifiers, authorization);
  if (typeof token.expiresAtSec === 'number') {
    verified.set(authorization!, { caller: token.caller, expiresAtMs: token.expiresAtSec * 1000 });
  }
  return token.caller;
}

async function verifyCaller(
  { signer, sessions }: TokenVerifiers,
  authorization: string | undefined,
): Promise<{ caller: Caller; expiresAtSec: unknown }> {
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
  if (payload.token_type === 'access') {
    // The same claims REST and realtime require: jti, user id, current token version, session not ended.
    const claims = await sessions.verify(match[1]!, 'access').catch((error: unknown) => {
      if (error instanceof TokenError) throw revoked();
      throw error;
    });
    const userId = Number(claims.user_id);
    return {
      caller: {
        viewer: { kind: 'user', userId },
        standing: { userId, version: claims.ver, sid: claims.sid },
      },
      expiresAtSec: claims.exp,
    };
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
        caller: {
          viewer: {
            kind: 'visitor',
            shareTokenId: payload.share_token_id,
            objectType: share.type as ShareObjectType,
            objectId: share.id,
          },
          // The share token's revocation and expiry are checked in every statement's row predicates.
          standing: undefined,
        },
        expiresAtSec: payload.exp,
      };
    }
  }
  throw new GraphqlRequestError('invalid-jwt', 'Could not verify JWT: JWTInvalidClaims');
}
