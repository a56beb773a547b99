// Connection tokens (the user's access token, or a visitor token) and subscription tokens (HS256 JWTs
// with `sub`, `channel`, `exp`), verified with Centrifugo's outcomes: expired → 109, invalid → 3500/103.
import { TokenError, type SessionTokenService, type TokenSigner } from '../../services/tokens.ts';
import type {
  Subject,
  UserSubject,
  VisitorResolver,
  VisitorSubject,
} from '../../services/realtime/subjects.ts';
import { isVisitorScope } from '../../services/realtime/visitors.ts';

export class RealtimeTokenError extends Error {
  override name = 'RealtimeTokenError';
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'token expired' : 'invalid token');
  }
}

export interface ConnectionIdentity {
  subject: Subject;
  /** Unix seconds after which the connection must be refreshed; null when it never expires. */
  expiresAtSec: number | null;
}

export interface SubscriptionClaims {
  sub: string;
  channel: string;
  exp: number | null;
  client: string | undefined;
  info: unknown;
}

const SUBSCRIPTION_TOKEN_TYPE = 'channel';

function rethrow(error: unknown): never {
  if (error instanceof TokenError) {
    throw new RealtimeTokenError(error.message === 'Token is expired' ? 'expired' : 'invalid');
  }
  throw error;
}

/**
 * The visitor resolver of a hub without a database (benchmarks): the visitor JWT of the share-token exchange
 * (`token_type: 'visitor'`, `share: {type, id}`), without a revocation check. The server replaces it with
 * `shareVisitorResolver`, which checks the share token too.
 */
export function visitorJwtResolver(signer: TokenSigner): VisitorResolver {
  return async (token) => {
    const claims = await signer.verify(token);
    if (claims.token_type !== 'visitor' || !isVisitorScope(claims.share)) return null;
    return { kind: 'visitor', scope: claims.share, claims: { ...claims } };
  };
}

const isJwt = (token: string) => token.split('.').length === 3;

export function createRealtimeTokens(options: {
  signer: TokenSigner;
  sessions: SessionTokenService;
  subscriptionTokenLifetimeSec: number;
  resolveVisitor: () => VisitorResolver;
}) {
  const { signer, sessions } = options;

  async function visitor(token: string): Promise<VisitorSubject & { exp: number | null }> {
    const subject = await options.resolveVisitor()(token).catch(rethrow);
    if (!subject) throw new RealtimeTokenError('invalid');
    const exp = subject.claims.exp;
    return { ...subject, exp: typeof exp === 'number' ? exp : null };
  }

  return {
    /** Verifies a connect or refresh token; an empty token is an anonymous connection. */
    async verifyConnection(token: string): Promise<ConnectionIdentity> {
      if (token === '') return { subject: { kind: 'anonymous' }, expiresAtSec: null };
      if (!isJwt(token)) {
        // The raw share token of a shared link.
        const { exp, ...subject } = await visitor(token);
        return { subject, expiresAtSec: exp };
      }
      const claims = await signer.verify(token).catch(rethrow);
      if (claims.token_type === 'access') {
        const access = await sessions.verify(token, 'access').catch(rethrow);
        const userId = Number(access.user_id);
        if (!Number.isSafeInteger(userId)) throw new RealtimeTokenError('invalid');
        const subject: UserSubject = {
          kind: 'user',
          userId,
          ...(access.sid ? { sessionId: access.sid } : {}),
        };
        return { subject, expiresAtSec: access.exp };
      }
      if (claims.token_type === 'visitor' || claims.token_type === undefined) {
        const { exp, ...subject } = await visitor(token);
        return { subject, expiresAtSec: exp };
      }
      throw new RealtimeTokenError('invalid');
    },

    /** Verifies the access token of a subscription-token request. */
    async verifyUser(token: string): Promise<Subject> {
      const access = await sessions.verify(token, 'access').catch(rethrow);
      return { kind: 'user', userId: Number(access.user_id) };
    },

    /** Verifies the visitor token (or share token) of a subscription-token request. */
    async verifyVisitor(token: string): Promise<VisitorSubject> {
      const { exp: _exp, ...subject } = await visitor(token);
      return subject;
    },

    async issueSubscription(user: string, channel: string): Promise<string> {
      return signer.sign(
        { token_type: SUBSCRIPTION_TOKEN_TYPE, sub: user, channel },
        options.subscriptionTokenLifetimeSec,
      );
    },

    async verifySubscription(token: string): Promise<SubscriptionClaims> {
      const claims = await signer.verify(token).catch(rethrow);
      if (
        claims.token_type !== SUBSCRIPTION_TOKEN_TYPE ||
        typeof claims.channel !== 'string' ||
        typeof claims.sub !== 'string'
      ) {
        throw new RealtimeTokenError('invalid');
      }
      return {
        sub: claims.sub,
        channel: claims.channel,
        exp: typeof claims.exp === 'number' ? claims.exp : null,
        client: typeof claims.client === 'string' ? claims.client : undefined,
        info: claims.info,
      };
    },
  };
}

export type RealtimeTokens = ReturnType<typeof createRealtimeTokens>;
