// Sign-in takes the same path for unknown e-mails and wrong passwords: one `verify` of the same hasher, so
// its time does not tell registered addresses apart (the hasher checks a dummy of the same cost).
import { describe, expect, it } from 'vitest';
import { createPasswordHasher, type PasswordHasher } from '../lib/passwords.ts';
import type { TokensRepository } from '../repositories/tokens.ts';
import type { UserRow, UsersRepository } from '../repositories/users.ts';
import { createAccountsService } from './accounts.ts';
import { createMailQueue, type Mailer } from './mail.ts';
import type { SessionTokenService } from './tokens.ts';

const hasher = createPasswordHasher();

async function signInAttempt(user: Partial<UserRow> | undefined, password: string) {
  const verified: Array<string | null | undefined> = [];
  const recording: PasswordHasher = {
    ...hasher,
    verify: async (candidate, stored) => {
      verified.push(stored);
      return hasher.verify(candidate, stored);
    },
  };
  const users = { findByEmail: async () => user as UserRow | undefined } as unknown as UsersRepository;
  const accounts = createAccountsService({
    users,
    tokens: {} as TokensRepository,
    sessions: {} as SessionTokenService,
    mailer: {} as Mailer,
    mailQueue: createMailQueue({ log: () => undefined }),
    passwords: recording,
    googleClientId: undefined,
    googleJwksUrl: '',
    sendVerification: async () => undefined,
    endLiveSessions: async () => undefined,
  });
  const answer = await accounts.signIn({ username: 'someone@example.org', password }).then(
    () => 'signed in',
    (error: { statusCode?: number }) => error.statusCode,
  );
  return { answer, verified };
}

describe('sign-in timing', () => {
  it('verifies an unknown e-mail once, through the same hasher call as a known one', async () => {
    const stored = await hasher.hash('the right password');
    const known = await signInAttempt({ id: 1, password_hash: stored, is_active: true }, 'a wrong password');
    const unknown = await signInAttempt(undefined, 'a wrong password');
    const googleOnly = await signInAttempt(
      { id: 2, password_hash: null, is_active: true },
      'a wrong password',
    );
    expect(known).toEqual({ answer: 401, verified: [stored] });
    expect(unknown).toEqual({ answer: 401, verified: [undefined] });
    expect(googleOnly).toEqual({ answer: 401, verified: [null] });
  });
});
