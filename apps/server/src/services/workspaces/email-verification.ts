// Verification of a user's address (docs/roles.md "E-mail verification"): a link mailed at sign-up and on
// request, whose code (random, stored as SHA-256, expiring, used once) proves the address without a sign-in.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { onlyFields } from '../../lib/input.ts';
import { writeAudit } from '../../repositories/audit.ts';
import type { InvitationsRepository } from '../../repositories/invitations.ts';
import type { UsersRepository } from '../../repositories/users.ts';
import type { Mailer } from '../mail.ts';

const VERIFICATION_LIFETIME_MS = 48 * 60 * 60 * 1000;

/** The code of a mailed link as sent; anything else is the link's refusal. */
export function codeOf(value: unknown, invalid: 'invitation_invalid' | 'email_verification_invalid'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 200)
    throw AppError.domain(400, invalid);
  return value;
}

export function createEmailVerification(deps: {
  db: Kysely<Database>;
  invitations: InvitationsRepository;
  users: UsersRepository;
  mailer: Mailer;
}) {
  const { db, invitations, users, mailer } = deps;
  return {
    /** Mails a verification link to the user's address (at sign-up, and on request). */
    async sendVerification(userId: number, origin: string): Promise<{ detail: string }> {
      const user = await users.findById(userId);
      if (!user) throw AppError.domain(404, 'not_found');
      if (user.email_verified_at) return { detail: 'Your e-mail address is verified.' };
      const code = await invitations.verifications.issue(user.id, VERIFICATION_LIFETIME_MS);
      const link = `${origin}/auth/verify-email/?code=${encodeURIComponent(code)}`;
      await mailer.send({
        to: user.email,
        subject: 'Verify your e-mail address for Eluent',
        text: `Welcome to Eluent.\n\nOpen this link within 48 hours to verify your e-mail address:\n${link}\n\nIf you did not create an account, ignore this message.\n`,
      });
      return { detail: `We sent a verification link to ${user.email}.` };
    },

    /** Uses a verification code (no sign-in needed: the code is the proof). */
    async verify(body: Record<string, unknown>): Promise<{ detail: string; email: string }> {
      onlyFields(body, ['code']);
      const userId = await invitations.verifications.consume(codeOf(body.code, 'email_verification_invalid'));
      const user = userId === undefined ? undefined : await users.findById(userId);
      if (!user) throw AppError.domain(400, 'email_verification_invalid');
      await db.transaction().execute(async (trx) => {
        await users.markEmailVerified(user.id, trx);
        await writeAudit(trx, {
          userId: user.id,
          entity: 'users',
          entityId: user.id,
          label: user.email,
          action: 'verify_email',
        });
      });
      return { detail: 'Your e-mail address is verified.', email: user.email };
    },
  };
}
