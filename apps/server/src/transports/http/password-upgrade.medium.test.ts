// A password stored with scrypt (before Argon2id) still signs in, through the API as through the page, and
// is stored again as Argon2id by that sign-in; the next sign-in verifies the new hash.
import { scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';

function scryptHash(password: string): string {
  const salt = Buffer.from('fedcba9876543210');
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** 14, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

describe.each(await backends())('a password stored with scrypt on $name', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(async () => server?.dispose());

  it('signs in and is stored again as Argon2id; a wrong password still fails', async () => {
    const user = await signUp(server.baseUrl);
    const { db } = server.context.database;
    const storedHash = async () =>
      (
        await db
          .selectFrom('users')
          .select('password_hash')
          .where('email', '=', user.email)
          .executeTakeFirstOrThrow()
      ).password_hash;
    await db
      .updateTable('users')
      .set({ password_hash: scryptHash(user.password) })
      .where('email', '=', user.email)
      .execute();

    const wrong = await request(server.baseUrl, 'POST', '/api/token/', {
      body: { username: user.email, password: `${user.password}x` },
    });
    expect(wrong.status).toBe(401);
    expect(await storedHash()).toMatch(/^scrypt\$/);

    const first = await request(server.baseUrl, 'POST', '/api/token/', {
      body: { username: user.email, password: user.password },
    });
    expect(first.status).toBe(200);
    expect(await storedHash()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const second = await request(server.baseUrl, 'POST', '/api/token/', {
      body: { username: user.email, password: user.password },
    });
    expect(second.status).toBe(200);
  });
});
