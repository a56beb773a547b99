// Who is asking: the bearer token of a GraphQL request resolved to a user or a visitor, with Hasura's
// error codes (invalid-jwt makes the client refresh its token and retry once).
import { HASURA_CLAIMS, TokenError, type SessionTokenService, type TokenSigner } from '../tokens.ts';
import type { ShareObjectType, Viewer } from '../../repositories/graphql/policy.ts';
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
  viewer: Viewer;
  expiresAtMs: number;
  /**
   * A user's token version and session, checked again on every request (a password reset or a sign-out
   * ends the token at once).
   */
  version: number | null;
  sid: string | undefined;
}
const verifiedBySigner = new WeakMap<TokenSigner, LruCache<VerifiedToken>>();

export interface TokenVerifiers {
  signer: TokenSigner;
  sessions: SessionTokenService;
}

const revoked = () => new GraphqlRequestError('invalid-jwt', 'Could not verify JWT: JWTInvalidClaims');

/**
 * The viewer of a request. A token verified before and not yet expired is answered from memory (the
 * signature and claims of a given token text cannot change); a user's token version and a visitor's share
 * token (in SQL) are checked every time.
 */
export async function resolveViewer(
  verifiers: TokenVerifiers,
  authorization: string | undefined,
): Promise<Viewer> {
  const { signer, sessions } = verifiers;
  let verified = verifiedBySigner.get(signer);
  if (!verified) {
    verified = new LruCache(MAX_VERIFIED);
    verifiedBySigner.set(signer, verified);
  }
  if (authorization) {
    const known = verified.get(authorization);
    if (known && Date.now() < known.expiresAtMs) {
      if (known.viewer.kind === 'user' && known.version !== null) {
        if (!(await sessions.stillStands(known.viewer.userId, known.version, known.sid))) throw revoked();
      }
      return known.viewer;
    }
  }
  const token = await verifyViewer(verifiers, authorization);
  if (typeof token.expiresAtSec === 'number') {
    verified.set(authorization!, {
      viewer: token.viewer,
      expiresAtMs: token.expiresAtSec * 1000,
      version: token.version,
      sid: token.sid,
    });
  }
  return token.viewer;
}

async function verifyViewer(
  { signer, sessions }: TokenVerifiers,
  authorization: string | undefined,
): Promise<{ viewer: Viewer; expiresAtSec: unknown; version: number | null; sid: string | undefined }> {
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
    // The same claims REST and realtime require: jti, user id, current token version.
    const claims = await sessions.verify(match[1]!, 'access').catch((error: unknown) => {
      if (error instanceof TokenError) throw revoked();
      throw error;
    });
    return {
      viewer: { kind: 'user', userId: Number(claims.user_id) },
      expiresAtSec: claims.exp,
      version: claims.ver,
      sid: claims.sid,
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
        viewer: {
          kind: 'visitor',
          shareTokenId: payload.share_token_id,
          objectType: share.type as ShareObjectType,
          objectId: share.id,
        },
        expiresAtSec: payload.exp,
        version: null,
        sid: undefined,
      };
    }
  }
  throw new GraphqlRequestError('invalid-jwt', 'Could not verify JWT: JWTInvalidClaims');
}
