// The accounts service on the embedded database: sign-up rules, sign-in, refresh-token rotation and the
// end of every session when a refresh token is presented twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeEmbedded, signUp, type ComposedForTest } from '../../test/composed.ts';
import { AppError, RawBodyError } from '../errors.ts';

describe('accounts service', () => {
  let composition: ComposedForTest;
  beforeAll(async () => {
    composition = await composeEmbedded();
  });
  afterAll(async () => {
    await composition?.dispose();
  });

  it('signs up once per address and signs in with the right password only', async () => {
    const { accounts } = composition;
    const user = await signUp(composition);
    expect(user.access.split('.')).toHaveLength(3);
    const again = accounts.createAccount({ email: user.email, password: 'another long password' });
    await expect(again).rejects.toMatchObject({ code: 'email_taken' });
    await expect(
      accounts.signUp({ email: 'not an address', password: 'long enough here' }, 'https://eluent.test'),
    ).rejects.toBeInstanceOf(AppError);

    const session = await accounts.signIn({ username: user.email, password: user.password });
    const claims = await composition.sessions.verify(session.access, 'access');
    expect(Number(claims.user_id)).toBe(user.id);
    const wrong = accounts.signIn({ username: user.email, password: 'not the password' });
    await expect(wrong).rejects.toBeInstanceOf(RawBodyError);
    await expect(wrong).rejects.toMatchObject({
      statusCode: 401,
      body: { detail: 'No active account found with the given credentials' },
    });
  });

  it('rotates refresh tokens and ends every session when one is presented twice', async () => {
    const { accounts } = composition;
    const user = await signUp(composition);
    const other = await accounts.signIn({ username: user.email, password: user.password });
    const rotated = await accounts.refresh({ refresh: user.refresh });
    expect(rotated.refresh).not.toBe(user.refresh);

    await expect(accounts.refresh({ refresh: user.refresh })).rejects.toMatchObject({ statusCode: 401 });
    // The reuse ended the user's other sessions too.
    await expect(accounts.refresh({ refresh: other.refresh })).rejects.toMatchObject({ statusCode: 401 });
    await expect(accounts.refresh({ refresh: rotated.refresh })).rejects.toMatchObject({ statusCode: 401 });
  });
});
