// Sessions of an account: sign-in with a password, refresh with rotation (a refresh token presented twice
// ends every session of its user), sign-out of one session, and the end of every session.
import { refreshInputSchema, signInInputSchema, type TokenPair } from '@eluent/contracts';
import { RawBodyError } from '../errors.ts';
import { parseInput } from '../lib/input.ts';
import type { PasswordHasher } from '../lib/passwords.ts';
import type { TokensRepository } from '../repositories/tokens.ts';
import type { UserRow, UsersRepository } from '../repositories/users.ts';
import { TokenError, type SessionTokenService } from './tokens.ts';

export interface AccountSessionsDependencies {
  users: UsersRepository;
  tokens: TokensRepository;
  sessions: SessionTokenService;
  passwords: PasswordHasher;
  /**
   * Ends the user's open live connections (realtime) once their token version was raised — or only those of
   * session `sessionId` when it signed out — on every server process, so a stolen or signed-out token stops
   * reading at once rather than at its next refresh.
   */
  endLiveSessions: (userId: number, sessionId?: string) => Promise<void>;
}

export const tokenNotValid = (message: string) =>
  new RawBodyError(
    401,
    { detail: message, code: 'token_not_valid' },
    { 'www-authenticate': 'Bearer realm="api"' },
  );

export function createAccountSessions(deps: AccountSessionsDependencies) {
  const { users, tokens, sessions, passwords } = deps;

  /** Every token issued so far stops working: REST, GraphQL and new connections at once, open ones too. */
  async function endEverySession(userId: number): Promise<void> {
    await tokens.revokeAllForUser(userId);
    await users.bumpTokenVersion(userId);
    await deps.endLiveSessions(userId);
  }

  /** The claims of the body's refresh token; a bad or expired one is `token_not_valid`. */
  async function refreshClaims(body: Record<string, unknown>) {
    const { refresh } = parseInput(refreshInputSchema, body);
    try {
      return await sessions.verify(refresh, 'refresh');
    } catch (error) {
      if (error instanceof TokenError) throw tokenNotValid(error.message);
      throw error;
    }
  }

  /** Tokens for a new sign-in, or the next pair of the session `sid` (a refresh). */
  async function startSession(user: UserRow, sid?: string): Promise<TokenPair> {
    const issued = await sessions.issue({ id: user.id, email: user.email }, sid);
    await tokens.recordRefresh(issued.refreshJti, user.id, issued.refreshExpiresAt);
    await users.touchLogin(user.id);
    return { access: issued.access, refresh: issued.refresh, expires_in: issued.expires_in };
  }

  return {
    startSession,
    endEverySession,

    async signIn(body: Record<string, unknown>): Promise<TokenPair> {
      const { username, password } = parseInput(signInInputSchema, body);
      const user = await users.findByEmail(username.trim());
      // Always one derivation (a dummy hash for unknown e-mails), so timing does not reveal accounts.
      const matches = await passwords.verify(password, user?.password_hash);
      if (!user || !matches || !user.is_active) {
        throw new RawBodyError(
          401,
          { detail: 'No active account found with the given credentials' },
          { 'www-authenticate': 'Bearer realm="api"' },
        );
      }
      if (passwords.needsRehash(user.password_hash!)) {
        await users.setPassword(user.id, await passwords.hash(password));
      }
      return startSession(user);
    },

    async refresh(body: Record<string, unknown>): Promise<TokenPair> {
      const claims = await refreshClaims(body);
      const outcome = await tokens.consumeRefresh(claims.jti);
      if (outcome === 'reused') {
        // A refresh token presented twice may have been stolen: end every session of that user, access
        // tokens included.
        await endEverySession(Number(claims.user_id));
        throw tokenNotValid('Token is blacklisted');
      }
      if (outcome === 'unknown') throw tokenNotValid('Token is invalid');
      const user = await users.findById(Number(claims.user_id));
      if (!user?.is_active)
        throw new RawBodyError(401, { detail: 'No active account found for the given token.' });
      return startSession(user, claims.sid);
    },

    /**
     * POST /api/token/logout/: ends the session of the refresh token (its whole family: the refresh tokens
     * and the access tokens of that sign-in), on REST, GraphQL and realtime connects alike.
     */
    async logout(body: Record<string, unknown>): Promise<void> {
      const claims = await refreshClaims(body);
      await tokens.consumeRefresh(claims.jti);
      // A token from before sessions had ids: nothing narrower than the user's every session names it.
      if (claims.sid === undefined) await endEverySession(Number(claims.user_id));
      else {
        await tokens.endSession(claims.sid, Number(claims.user_id));
        await deps.endLiveSessions(Number(claims.user_id), claims.sid);
      }
    },
  };
}
