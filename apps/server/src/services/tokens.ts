// JWTs compatible with djangorestframework-simplejwt (claims and error texts) that also carry Hasura claims,
// so one bearer works on REST, GraphQL and realtime. HS256 with the server secret.
import { createHmac } from 'node:crypto';
import { CompactSign, SignJWT, compactVerify, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import { newTokenId } from '../lib/codes.ts';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims extends JWTPayload {
  token_type: TokenType;
  user_id: string;
  jti: string;
  exp: number;
  iat: number;
  /** The user's token version when the token was issued. */
  ver: number;
  /** The session: one sign-in and every refresh after it; a signed-out session's tokens are refused. */
  sid?: string;
  email?: string;
}

/** Where the current token version of a user is read; an unknown user counts as version 0. */
export interface TokenVersions {
  current(userId: number): Promise<number | undefined>;
  /** The user's current version and whether the session `sid` was signed out, read together. */
  standing(userId: number, sid: string | undefined): Promise<{ version: number | undefined; ended: boolean }>;
}

/** A token that failed verification; `message` is simplejwt's wording. */
export class TokenError extends Error {
  override name = 'TokenError';
  constructor(
    message:
      | 'Token is expired'
      | 'Token is invalid'
      | 'Token has wrong type'
      | 'Token has no id'
      | 'Token is blacklisted',
  ) {
    super(message);
  }
}

export const HASURA_CLAIMS = 'https://hasura.io/jwt/claims';

export interface TokenSigner {
  sign(claims: Record<string, unknown>, lifetimeSec: number, subject?: string): Promise<string>;
  verify(token: string): Promise<JWTPayload>;
}

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims, lifetimeSec, subject) {
      const now = Math.floor(Date.now() / 1000);
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + lifetimeSec);
      if (subject !== undefined) jwt.setSubject(subject);
      return jwt.sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return payload;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new TokenError('Token is expired');
        throw new TokenError('Token is invalid');
      }
    },
  };
}

/**
 * Signs records that do not expire (the audit chain's checkpoints): a compact JWS, HS256 like the tokens, with
 * a key derived from the server secret for the one purpose, so a signed record is never a valid token and a
 * token never a valid record.
 */
export interface RecordSigner {
  sign(payload: Record<string, unknown>): Promise<string>;
  /** The signed payload; throws when the signature or the purpose does not hold. */
  verify(jws: string): Promise<Record<string, unknown>>;
}

export function createRecordSigner(secret: string, purpose: string): RecordSigner {
  const key = createHmac('sha256', secret).update(`eluent record: ${purpose}`).digest();
  return {
    async sign(payload) {
      return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
        .setProtectedHeader({ alg: 'HS256', typ: purpose })
        .sign(key);
    },
    async verify(jws) {
      const { payload, protectedHeader } = await compactVerify(jws, key, { algorithms: ['HS256'] });
      if (protectedHeader.typ !== purpose) throw new Error(`not a ${purpose}`);
      return JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
    },
  };
}

export interface SessionTokens {
  access: string;
  refresh: string;
  expires_in: number;
  refreshJti: string;
  refreshExpiresAt: Date;
}

export function createSessionTokens(
  signer: TokenSigner,
  lifetimes: { accessSec: number; refreshSec: number },
  versions: TokenVersions,
) {
  /**
   * Whether a token of this version and session still stands: no password reset or refresh reuse since
   * (the version) and its session not signed out. One round trip: every request's token is checked.
   */
  const stillStands = async (userId: number, version: number, sid: string | undefined) => {
    const standing = await versions.standing(userId, sid);
    return (standing.version ?? 0) === version && !standing.ended;
  };
  return {
    /** Tokens for a user, under the user's current token version, in a new session or `sid`'s. */
    async issue(user: { id: number; email: string }, sid = newTokenId()): Promise<SessionTokens> {
      const userId = String(user.id);
      const ver = (await versions.current(user.id)) ?? 0;
      const access = await signer.sign(
        {
          token_type: 'access',
          jti: newTokenId(),
          user_id: userId,
          ver,
          sid,
          email: user.email,
          [HASURA_CLAIMS]: {
            'x-hasura-default-role': 'user',
            'x-hasura-allowed-roles': ['user'],
            'x-hasura-user-id': userId,
          },
        },
        lifetimes.accessSec,
        userId,
      );
      const refreshJti = newTokenId();
      const refresh = await signer.sign(
        { token_type: 'refresh', jti: refreshJti, user_id: userId, ver, sid },
        lifetimes.refreshSec,
      );
      return {
        access,
        refresh,
        expires_in: lifetimes.accessSec,
        refreshJti,
        refreshExpiresAt: new Date(Date.now() + lifetimes.refreshSec * 1000),
      };
    },
    /**
     * The one verifier of session tokens (REST, GraphQL and realtime): signature, expiry, type, `jti`, a
     * numeric `user_id` and the user's current token version. Throws TokenError with simplejwt's message.
     */
    async verify(token: string, type: TokenType): Promise<TokenClaims> {
      const payload = await signer.verify(token);
      if (typeof payload.jti !== 'string' || payload.jti.length === 0)
        throw new TokenError('Token has no id');
      if (payload.token_type !== type) throw new TokenError('Token has wrong type');
      if (typeof payload.user_id !== 'string' || !/^\d{1,15}$/.test(payload.user_id))
        throw new TokenError('Token is invalid');
      if (typeof payload.ver !== 'number' || !Number.isSafeInteger(payload.ver))
        throw new TokenError('Token is invalid');
      if (payload.sid !== undefined && (typeof payload.sid !== 'string' || payload.sid.length === 0))
        throw new TokenError('Token is invalid');
      if (!(await stillStands(Number(payload.user_id), payload.ver, payload.sid)))
        throw new TokenError('Token is blacklisted');
      return payload as TokenClaims;
    },
    stillStands,
  };
}

export type SessionTokenService = ReturnType<typeof createSessionTokens>;
