// Accounts and sessions: sign-in, refresh with rotation, sign-up, password recovery, Google sign-in.
import {
  accountUpdateInputSchema,
  formMessages,
  googleSignInInputSchema,
  isEmail,
  PASSWORD_MIN_LENGTH,
  recoverPasswordInputSchema,
  refreshInputSchema,
  resetPasswordInputSchema,
  signInInputSchema,
  signUpInputSchema,
  type Account,
  type DetailAnswer,
  type GoogleClientId,
  type ResetCodeCheck,
  type SignedUp,
  type SignUpAnswer,
  domainErrorText,
  signUpAnswer,
  type TokenPair,
} from '@eluent/contracts';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { AppError, RawBodyError } from '../errors.ts';
import { parseInput } from '../lib/input.ts';
import type { PasswordHasher } from '../lib/passwords.ts';
import { writeAudit } from '../repositories/audit.ts';
import type { TokensRepository } from '../repositories/tokens.ts';
import type { UserRow, UsersRepository } from '../repositories/users.ts';
import type { Mailer, MailQueue } from './mail.ts';
import { TokenError, type SessionTokenService } from './tokens.ts';

const RESET_CODE_LIFETIME_MS = 60 * 60 * 1000;
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/** The answers' shapes are contracts' (rest/accounts.ts). */
export type TokenResponse = TokenPair;

export interface AccountsDependencies {
  users: UsersRepository;
  tokens: TokensRepository;
  sessions: SessionTokenService;
  mailer: Mailer;
  /** Where sign-up and recovery queue their mail: sent after the answer, off the request path. */
  mailQueue: MailQueue;
  passwords: PasswordHasher;
  googleClientId: string | undefined;
  googleJwksUrl: string;
  /**
   * Ends the user's open live connections (realtime) once their token version was raised — or only those of
   * session `sessionId` when it signed out — on every server process, so a stolen or signed-out token stops
   * reading at once rather than at its next refresh.
   */
  endLiveSessions: (userId: number, sessionId?: string) => Promise<void>;
  /** Mails a new account the link that verifies its address (services/workspaces/invitations.ts). */
  sendVerification: (userId: number, origin: string) => Promise<unknown>;
}

export const tokenNotValid = (message: string) =>
  new RawBodyError(
    401,
    { detail: message, code: 'token_not_valid' },
    { 'www-authenticate': 'Bearer realm="api"' },
  );

function checkNewPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw AppError.validation({ password: [formMessages.minLength(PASSWORD_MIN_LENGTH)] });
  }
  if (password.length > 256)
    throw AppError.validation({ password: ['Field must have at most 256 characters'] });
}

export function createAccountsService(deps: AccountsDependencies) {
  const { users, tokens, sessions, mailer, passwords } = deps;
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
  /** Sign-up's input checked and its password hashed (the same work for a taken address as for a new one). */
  async function newAccountInput(body: Record<string, unknown>) {
    const { email, password, full_name: fullName } = parseInput(signUpInputSchema, body);
    const normalizedEmail = email.trim();
    if (!isEmail(normalizedEmail)) throw AppError.validation({ email: [formMessages.email] });
    checkNewPassword(password);
    return { email: normalizedEmail, fullName: fullName ?? '', passwordHash: await passwords.hash(password) };
  }
  const google = deps.googleJwksUrl ? createRemoteJWKSet(new URL(deps.googleJwksUrl)) : undefined;

  /** Tokens for a new sign-in, or the next pair of the session `sid` (a refresh). */
  async function startSession(user: UserRow, sid?: string): Promise<TokenResponse> {
    const issued = await sessions.issue({ id: user.id, email: user.email }, sid);
    await tokens.recordRefresh(issued.refreshJti, user.id, issued.refreshExpiresAt);
    await users.touchLogin(user.id);
    return { access: issued.access, refresh: issued.refresh, expires_in: issued.expires_in };
  }

  return {
    async signIn(body: Record<string, unknown>): Promise<TokenResponse> {
      const { username, password } = parseInput(signInInputSchema, body);
      const user = await users.findByEmail(username.trim());
      // Always one scrypt run (a dummy hash for unknown e-mails), so timing does not reveal accounts.
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

    async refresh(body: Record<string, unknown>): Promise<TokenResponse> {
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

    endEverySession,

    /**
     * Creates an account and its first session (the CLI's create-user, tests): a taken address is
     * `email_taken`. Not a public route: its answer tells whether an address has an account.
     */
    async createAccount(body: Record<string, unknown>): Promise<SignedUp> {
      const { email, fullName, passwordHash } = await newAccountInput(body);
      const user = await users.create({ email, fullName, passwordHash });
      if (!user)
        throw AppError.domain(400, 'email_taken', { fields: { email: [domainErrorText('email_taken')] } });
      return { id: user.id, email: user.email, ...(await startSession(user)) };
    },

    /**
     * POST /api/accounts/: the same answer whether or not the address has an account, so sign-up reveals
     * no accounts. A new address gets its account and the verification link; the owner of a taken one
     * gets a mail saying someone tried to sign up with it. Both mails are queued (sent after the answer),
     * and the password is hashed either way, so the answer's time tells nothing either (docs/security.md).
     */
    async signUp(body: Record<string, unknown>, origin: string): Promise<SignUpAnswer> {
      const { email, fullName, passwordHash } = await newAccountInput(body);
      const user = await users.create({ email, fullName, passwordHash });
      if (user) {
        deps.mailQueue.enqueue(`verification for user ${user.id}`, async () => {
          await deps.sendVerification(user.id, origin);
        });
      } else {
        deps.mailQueue.enqueue('sign-up attempt on a taken address', async () => {
          const owner = await users.findByEmail(email);
          if (!owner) return;
          await mailer.send({
            to: owner.email,
            subject: 'Someone tried to sign up to Eluent with your address',
            text: `Someone (perhaps you) tried to create an Eluent account with this e-mail address, which already has one. No new account was created.\n\nTo use your account, sign in:\n${origin}/auth/login/\n\nIf you forgot your password, recover it here:\n${origin}/auth/recover-password/\n\nIf it was not you, ignore this message: your account is unchanged.\n`,
          });
        });
      }
      return signUpAnswer(email);
    },

    /** GET /api/accounts/me/: the server's record of the signed-in person. */
    async me(userId: number): Promise<Account> {
      const user = await users.findById(userId);
      if (!user) throw tokenNotValid('User not found');
      return { id: user.id, email: user.email, full_name: user.full_name };
    },

    /** PATCH /api/accounts/me/: the person's full name, audited (later signatures print the new one). */
    async updateMe(userId: number, body: Record<string, unknown>): Promise<Account> {
      const { full_name: fullName } = parseInput(accountUpdateInputSchema, body);
      if (fullName === '') throw AppError.validation({ full_name: [formMessages.required] });
      const user = await users.findById(userId);
      if (!user) throw tokenNotValid('User not found');
      if (user.full_name !== fullName) {
        await users.db.transaction().execute(async (trx) => {
          await users.setFullName(trx, userId, fullName);
          await writeAudit(trx, {
            userId,
            workspaceId: user.current_workspace_id,
            entity: 'users',
            entityId: userId,
            label: user.email,
            action: 'update',
            oldValues: { full_name: user.full_name },
            newValues: { full_name: fullName },
          });
        });
      }
      return { id: user.id, email: user.email, full_name: fullName };
    },

    /**
     * The same answer, after the same work, whether or not the address is registered: the request only
     * checks the input and queues a job; the lookup, the code and the mail happen after the answer.
     */
    async recoverPassword(body: Record<string, unknown>, origin: string): Promise<DetailAnswer> {
      const { email } = parseInput(recoverPasswordInputSchema, body);
      const address = email.trim();
      if (!isEmail(address)) throw AppError.validation({ email: [formMessages.email] });
      deps.mailQueue.enqueue('password recovery', async () => {
        const user = await users.findByEmail(address);
        if (!user?.is_active) return;
        const code = await tokens.resets.issue(user.id, RESET_CODE_LIFETIME_MS);
        const link = `${origin}/auth/reset-password/?code=${encodeURIComponent(code)}`;
        await mailer.send({
          to: user.email,
          subject: 'Reset your Eluent password',
          text: `Someone asked to reset the password of your Eluent account.\n\nOpen this link within one hour to choose a new password:\n${link}\n\nIf it was not you, ignore this message.\n`,
        });
      });
      return { detail: 'If the address belongs to an account, a link to reset the password has been sent.' };
    },

    async checkResetCode(code: unknown): Promise<ResetCodeCheck> {
      if (typeof code !== 'string' || code.length === 0 || code.length > 200)
        throw AppError.domain(400, 'reset_code_invalid');
      const reset = await tokens.resets.findLive(code);
      const user = reset ? await users.findById(reset.user_id) : undefined;
      if (!user) throw AppError.domain(400, 'reset_code_invalid');
      return { detail: 'The code is valid.', email: user.email };
    },

    async resetPassword(body: Record<string, unknown>): Promise<DetailAnswer> {
      const { code, password } = parseInput(resetPasswordInputSchema, body);
      checkNewPassword(password);
      const passwordHash = await passwords.hash(password);
      const userId = await tokens.resets.consume(code);
      if (userId === undefined) throw AppError.domain(400, 'reset_code_invalid');
      await users.setPassword(userId, passwordHash);
      await endEverySession(userId);
      return { detail: 'Your password has been changed. Sign in with the new password.' };
    },

    googleClientId(): GoogleClientId {
      return { client_id: deps.googleClientId ?? null };
    },

    async googleSignIn(body: Record<string, unknown>): Promise<SignedUp> {
      const { id_token: idToken } = parseInput(googleSignInInputSchema, body);
      if (!deps.googleClientId || !google) throw AppError.domain(400, 'google_signin_disabled');
      let payload;
      try {
        ({ payload } = await jwtVerify(idToken, google, {
          audience: deps.googleClientId,
          issuer: GOOGLE_ISSUERS,
        }));
      } catch {
        throw AppError.domain(401, 'google_token_invalid');
      }
      const subject = payload.sub;
      const email = typeof payload.email === 'string' ? payload.email : undefined;
      if (!subject || !email || payload.email_verified !== true)
        throw AppError.domain(401, 'google_token_invalid');
      let user = await users.findByGoogleSubject(subject);
      if (!user) {
        const byEmail = await users.findByEmail(email);
        if (byEmail) {
          await users.linkGoogle(byEmail.id, subject);
          user = byEmail;
        } else {
          // Google vouches for the address (email_verified above).
          user = await users.create({
            email,
            passwordHash: null,
            googleSubject: subject,
            emailVerified: true,
          });
        }
      }
      if (!user?.is_active) throw AppError.domain(401, 'google_token_invalid');
      return { id: user.id, email: user.email, ...(await startSession(user)) };
    },

    /** The id of the account with this address; null when there is none (the CLI's import). */
    async userIdOf(email: string): Promise<number | null> {
      return (await users.findByEmail(email))?.id ?? null;
    },

    /** Creates a user, or returns the existing one (the demo account, the CLI's create-user). */
    async ensureUser(email: string, password: string): Promise<UserRow> {
      const existing = await users.findByEmail(email);
      if (existing) return existing;
      const created = await users.create({ email, passwordHash: await passwords.hash(password) });
      return created ?? (await users.findByEmail(email))!;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
