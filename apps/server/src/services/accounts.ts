// Accounts and sessions: sign-in, refresh with rotation, sign-up, password recovery, Google sign-in. The
// sessions (account-sessions.ts), password recovery (password-recovery.ts) and Google sign-in
// (google-sign-in.ts) are use cases of their own; this service composes them.
import {
  accountUpdateInputSchema,
  formMessages,
  isEmail,
  signUpInputSchema,
  type Account,
  type SignedUp,
  type SignUpAnswer,
  domainErrorText,
  signUpAnswer,
  type TokenPair,
} from '@eluent/contracts';
import { AppError } from '../errors.ts';
import { parseInput } from '../lib/input.ts';
import type { PasswordHasher } from '../lib/passwords.ts';
import { writeAudit } from '../repositories/audit.ts';
import type { TokensRepository } from '../repositories/tokens.ts';
import type { UserRow, UsersRepository } from '../repositories/users.ts';
import { createAccountSessions, tokenNotValid } from './account-sessions.ts';
import { createGoogleSignIn } from './google-sign-in.ts';
import type { Mailer, MailQueue } from './mail.ts';
import { checkNewPassword, createPasswordRecovery } from './password-recovery.ts';
import type { SessionTokenService } from './tokens.ts';

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

export function createAccountsService(deps: AccountsDependencies) {
  const { users, mailer, passwords } = deps;
  const { startSession, endEverySession, ...sessionCases } = createAccountSessions(deps);

  /** Sign-up's input checked and its password hashed (the same work for a taken address as for a new one). */
  async function newAccountInput(body: Record<string, unknown>) {
    const { email, password, full_name: fullName } = parseInput(signUpInputSchema, body);
    const normalizedEmail = email.trim();
    if (!isEmail(normalizedEmail)) throw AppError.validation({ email: [formMessages.email] });
    checkNewPassword(password);
    return { email: normalizedEmail, fullName: fullName ?? '', passwordHash: await passwords.hash(password) };
  }

  return {
    ...sessionCases,
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

    ...createPasswordRecovery({ ...deps, endEverySession }),
    ...createGoogleSignIn({ ...deps, startSession }),

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
