// Password recovery: a link mailed after the answer (the same answer and work whether or not the address has
// an account), the code it carries checked, and a new password that ends every session.
import {
  formMessages,
  isEmail,
  PASSWORD_MIN_LENGTH,
  recoverPasswordInputSchema,
  resetPasswordInputSchema,
  type DetailAnswer,
  type ResetCodeCheck,
} from '@eluent/contracts';
import { AppError } from '../errors.ts';
import { parseInput } from '../lib/input.ts';
import type { PasswordHasher } from '../lib/passwords.ts';
import type { TokensRepository } from '../repositories/tokens.ts';
import type { UsersRepository } from '../repositories/users.ts';
import type { Mailer, MailQueue } from './mail.ts';

const RESET_CODE_LIFETIME_MS = 60 * 60 * 1000;

/** A new password's length rules (sign-up and reset). */
export function checkNewPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw AppError.validation({ password: [formMessages.minLength(PASSWORD_MIN_LENGTH)] });
  }
  if (password.length > 256)
    throw AppError.validation({ password: ['Field must have at most 256 characters'] });
}

export function createPasswordRecovery(deps: {
  users: UsersRepository;
  tokens: TokensRepository;
  mailer: Mailer;
  mailQueue: MailQueue;
  passwords: PasswordHasher;
  endEverySession: (userId: number) => Promise<void>;
}) {
  const { users, tokens, mailer, passwords } = deps;
  return {
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
      await deps.endEverySession(userId);
      return { detail: 'Your password has been changed. Sign in with the new password.' };
    },
  };
}
