// Google sign-in: an ID token verified against Google's keys for this server's client id; the account is
// found by its Google subject, linked by its verified address, or created.
import {
  googleSignInInputSchema,
  type GoogleClientId,
  type SignedUp,
  type TokenPair,
} from '@eluent/contracts';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { AppError } from '../errors.ts';
import { parseInput } from '../lib/input.ts';
import type { UserRow, UsersRepository } from '../repositories/users.ts';

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export function createGoogleSignIn(deps: {
  users: UsersRepository;
  googleClientId: string | undefined;
  googleJwksUrl: string;
  startSession: (user: UserRow) => Promise<TokenPair>;
}) {
  const { users } = deps;
  const google = deps.googleJwksUrl ? createRemoteJWKSet(new URL(deps.googleJwksUrl)) : undefined;

  /** The account of a verified Google identity: by its subject, else linked by address, else new. */
  async function accountOf(subject: string, email: string): Promise<UserRow | undefined> {
    const user = await users.findByGoogleSubject(subject);
    if (user) return user;
    const byEmail = await users.findByEmail(email);
    if (byEmail) {
      await users.linkGoogle(byEmail.id, subject);
      return byEmail;
    }
    // Google vouches for the address (email_verified, checked by the caller).
    return users.create({
      email,
      passwordHash: null,
      googleSubject: subject,
      emailVerified: true,
    });
  }

  return {
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
      const user = await accountOf(subject, email);
      if (!user?.is_active) throw AppError.domain(401, 'google_token_invalid');
      return { id: user.id, email: user.email, ...(await deps.startSession(user)) };
    },
  };
}
