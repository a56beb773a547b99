// Accounts and sessions through the public REST API, on PGlite and on PostgreSQL.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import {
  accountSchema,
  detailAnswerSchema,
  formMessages,
  googleClientIdSchema,
  signUpAnswer,
  signUpAnswerSchema,
  tokenPairSchema,
} from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { eventually } from '../../../test/eventually.ts';
import { mailsTo } from '../../../test/outbox.ts';

/** The reset code from a quoted-printable .eml in the outbox. */
function resetCodeFrom(mail: string): string {
  const decoded = mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return decodeURIComponent(/code=([\w%-]+)/.exec(decoded)![1]!);
}

describe.each(await backends('both'))('accounts and sessions on $name', (backend) => {
  let server: TestServer;
  let base: string;

  beforeAll(async () => {
    // The configuration's default lifetime, the spec's 5 minutes (config.test.ts), which these tests read back.
    server = await startTestServer({ backend, env: { ELUENT_ACCESS_TOKEN_LIFETIME_SEC: '300' } });
    base = server.baseUrl;
  });
  afterAll(async () => server?.dispose());

  it('signs up, signs in and returns a JWT the browser can decode', async () => {
    const user = await signUp(base, 'Ada@Example.com', 'analytical-1');
    expect(user.expires_in).toBe(300);
    const signIn = await request(base, 'POST', '/api/token/', {
      body: { username: 'ada@example.com', password: 'analytical-1' },
    });
    expect(signIn.status).toBe(200);
    expect(Object.keys(signIn.body).sort()).toEqual(['access', 'expires_in', 'refresh']);
    const claims = decodeJwt(signIn.body.access);
    expect(claims.user_id).toBe(String(user.id));
    expect(claims.email).toBe('Ada@Example.com');
    expect(claims.token_type).toBe('access');
    expect(typeof claims.exp).toBe('number');
    expect((claims['https://hasura.io/jwt/claims'] as Record<string, unknown>)['x-hasura-user-id']).toBe(
      String(user.id),
    );
    const me = await request(base, 'GET', '/api/accounts/me/', { token: signIn.body.access });
    expect(me.body).toEqual({ id: user.id, email: 'Ada@Example.com', full_name: '' });
  });

  it('refuses wrong credentials with simplejwt wording', async () => {
    const wrong = await request(base, 'POST', '/api/token/', {
      body: { username: 'nobody@example.com', password: 'x' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: 'No active account found with the given credentials' });
    const missing = await request(base, 'POST', '/api/token/', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ username: ['Field is required'], password: ['Field is required'] });
  });

  it('rotates refresh tokens and refuses a refresh token used twice', async () => {
    const user = await signUp(base);
    const first = await request(base, 'POST', '/api/token/refresh/', { body: { refresh: user.refresh } });
    expect(first.status).toBe(200);
    expect(first.body.refresh).not.toBe(user.refresh);
    expect(first.body.expires_in).toBe(300);
    const again = await request(base, 'POST', '/api/token/refresh/', { body: { refresh: user.refresh } });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('token_not_valid');
    // Reuse ends the whole family: the rotated token no longer works either.
    const rotated = await request(base, 'POST', '/api/token/refresh/', {
      body: { refresh: first.body.refresh },
    });
    expect(rotated.status).toBe(401);
    expect(rotated.body.code).toBe('token_not_valid');
  });

  it('refuses tampered, wrong-type, expired and unknown tokens', async () => {
    const user = await signUp(base);
    const [header, payload, signature] = user.refresh.split('.');
    // Another first character always changes the signature (the last one carries padding bits, so another
    // last character may decode to the same bytes).
    const tampered = `${header}.${payload}.${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
    for (const refresh of [tampered, user.access, 'not-a-jwt']) {
      const response = await request(base, 'POST', '/api/token/refresh/', { body: { refresh } });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('token_not_valid');
    }
    const expired = await server.context.signer.sign(
      { token_type: 'refresh', jti: 'a'.repeat(32), user_id: String(user.id) },
      -10,
    );
    const expiredResponse = await request(base, 'POST', '/api/token/refresh/', {
      body: { refresh: expired },
    });
    expect(expiredResponse.body).toEqual({ detail: 'Token is expired', code: 'token_not_valid' });
    const unknown = await server.context.signer.sign(
      { token_type: 'refresh', jti: 'b'.repeat(32), user_id: String(user.id) },
      60,
    );
    expect((await request(base, 'POST', '/api/token/refresh/', { body: { refresh: unknown } })).status).toBe(
      401,
    );
    const badAccess = await request(base, 'GET', '/api/accounts/me/', { token: tampered });
    expect(badAccess.status).toBe(401);
    expect(badAccess.body.code).toBe('token_not_valid');
    const none = await request(base, 'GET', '/api/accounts/me/');
    expect(none.body).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('answers in the shapes of contracts (rest/accounts.ts) and names each missing field', async () => {
    const strictly = (
      schema: { strict(): { safeParse(value: unknown): { error?: unknown } } },
      body: unknown,
    ) => expect(schema.strict().safeParse(body).error).toBeUndefined();
    const created = await request(base, 'POST', '/api/accounts/', {
      body: { email: 'shapes@example.com', password: 'long enough' },
    });
    strictly(signUpAnswerSchema, created.body);
    const signIn = await request(base, 'POST', '/api/token/', {
      body: { username: 'shapes@example.com', password: 'long enough' },
    });
    strictly(tokenPairSchema, signIn.body);
    const refreshed = await request(base, 'POST', '/api/token/refresh/', {
      body: { refresh: signIn.body.refresh },
    });
    strictly(tokenPairSchema, refreshed.body);
    strictly(
      accountSchema,
      (await request(base, 'GET', '/api/accounts/me/', { token: signIn.body.access })).body,
    );
    const recovery = await request(base, 'POST', '/api/accounts/:recover-password/', {
      body: { email: 'shapes@example.com' },
    });
    strictly(detailAnswerSchema, recovery.body);
    strictly(googleClientIdSchema, (await request(base, 'GET', '/api/google_signin/client_id/')).body);
    const missing = await request(base, 'POST', '/api/token/', { body: { username: '', password: 5 } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({
      username: [formMessages.required],
      password: [formMessages.required],
    });
  });

  it('validates sign-up, and answers a taken address exactly as a new one, mailing its owner', async () => {
    const bad = await request(base, 'POST', '/api/accounts/', {
      body: { email: 'not-an-email', password: 'short' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.email).toEqual(['Email is not valid']);
    const short = await request(base, 'POST', '/api/accounts/', {
      body: { email: 'short@example.com', password: 'short' },
    });
    expect(short.body.fields.password).toEqual(['Field must have at least 8 characters']);

    const owner = await signUp(base, 'taken@example.com', 'the owner password');
    const taken = await request(base, 'POST', '/api/accounts/', {
      body: { email: 'taken@example.com', password: 'an intruder password' },
    });
    const fresh = await request(base, 'POST', '/api/accounts/', {
      body: { email: 'fresh@example.com', password: 'an intruder password' },
    });
    // Same status, same keys, same words apart from the address each names.
    expect(taken.status).toBe(201);
    expect(fresh.status).toBe(taken.status);
    expect(taken.body).toEqual(signUpAnswer('taken@example.com'));
    expect(fresh.body).toEqual(signUpAnswer('fresh@example.com'));
    expect(JSON.stringify(taken.body).replaceAll('taken@', 'X@')).toBe(
      JSON.stringify(fresh.body).replaceAll('fresh@', 'X@'),
    );

    // The owner is told, and their account is unchanged: the intruder's password does not sign in.
    await server.context.mailQueue.idle();
    const toOwner = mailsTo(server.dataDir, 'taken@example.com').filter((text) =>
      text.includes('tried to create an Eluent account'),
    );
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]).toContain('/auth/login/');
    expect(toOwner[0]).toContain('/auth/recover-password/');
    const intruder = await request(base, 'POST', '/api/token/', {
      body: { username: 'taken@example.com', password: 'an intruder password' },
    });
    expect(intruder.status).toBe(401);
    const ownerAgain = await request(base, 'POST', '/api/token/', {
      body: { username: owner.email, password: 'the owner password' },
    });
    expect(ownerAgain.status).toBe(200);
    // The new address got its account and its verification link instead, and no "someone tried" mail.
    const toFresh = mailsTo(server.dataDir, 'fresh@example.com');
    expect(toFresh.some((text) => text.includes('/auth/verify-email/?code='))).toBe(true);
    expect(toFresh.some((text) => text.includes('tried to create'))).toBe(false);
    expect(
      (
        await request(base, 'POST', '/api/token/', {
          body: { username: 'fresh@example.com', password: 'an intruder password' },
        })
      ).status,
    ).toBe(200);
  });

  it('recovers a password through the e-mailed single-use code', async () => {
    const user = await signUp(base, 'forgetful@example.com', 'old password 1');
    const asked = await request(base, 'POST', '/api/accounts/:recover-password/', {
      body: { email: user.email },
    });
    expect(asked.status).toBe(200);
    const unknown = await request(base, 'POST', '/api/accounts/:recover-password/', {
      body: { email: 'ghost@example.com' },
    });
    expect(unknown.status).toBe(asked.status);
    expect(unknown.body).toEqual(asked.body);
    await server.context.mailQueue.idle();
    const outbox = join(server.dataDir, 'outbox');
    // Sign-up mailed a verification link first; the reset mail is the one naming reset-password.
    const mail = readdirSync(outbox)
      .filter((file) => file.includes('forgetful'))
      .map((file) => readFileSync(join(outbox, file), 'utf8'))
      .find((text) => text.includes('reset-password'))!;
    const code = resetCodeFrom(mail);
    const check = await request(
      base,
      'GET',
      `/api/accounts/:check-reset-password/?code=${encodeURIComponent(code)}`,
    );
    expect(check.status).toBe(200);
    expect(check.body.email).toBe(user.email);
    const reset = await request(base, 'POST', '/api/accounts/:reset-password/', {
      body: { code, password: 'new password 2' },
    });
    expect(reset.status).toBe(200);
    const again = await request(base, 'POST', '/api/accounts/:reset-password/', {
      body: { code, password: 'new password 3' },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('reset_code_invalid');
    expect(
      (await request(base, 'GET', `/api/accounts/:check-reset-password/?code=${encodeURIComponent(code)}`))
        .status,
    ).toBe(400);
    const oldLogin = await request(base, 'POST', '/api/token/', {
      body: { username: user.email, password: 'old password 1' },
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await request(base, 'POST', '/api/token/', {
      body: { username: user.email, password: 'new password 2' },
    });
    expect(newLogin.status).toBe(200);
    // Sessions from before the reset are ended.
    expect(
      (await request(base, 'POST', '/api/token/refresh/', { body: { refresh: user.refresh } })).status,
    ).toBe(401);
  });

  it('refuses an expired reset code', async () => {
    const user = await signUp(base);
    await request(base, 'POST', '/api/accounts/:recover-password/', { body: { email: user.email } });
    await server.context.mailQueue.idle();
    const outbox = join(server.dataDir, 'outbox');
    const code = resetCodeFrom(
      readdirSync(outbox)
        .filter((name) => name.includes(user.email))
        .map((name) => readFileSync(join(outbox, name), 'utf8'))
        .find((text) => text.includes('reset-password'))!,
    );
    await server.context.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const reset = await request(base, 'POST', '/api/accounts/:reset-password/', {
      body: { code, password: 'whatever 123' },
    });
    expect(reset.status).toBe(400);
    expect(reset.body.code).toBe('reset_code_invalid');
  });

  it('answers bad input with clear 4xx and the version header everywhere', async () => {
    const malformed = await request(base, 'POST', '/api/token/', { raw: '{"username": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('invalid');
    const array = await request(base, 'POST', '/api/token/', { body: [1, 2] });
    expect(array.status).toBe(400);
    const wrongType = await request(base, 'POST', '/api/token/', { body: { username: 5, password: true } });
    expect(wrongType.status).toBe(400);
    const huge = await request(base, 'POST', '/api/accounts/', {
      raw: JSON.stringify({ email: 'x'.repeat(2_000_000) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('payload_too_large');
    const text = await request(base, 'POST', '/api/token/', {
      raw: 'username=a',
      headers: { 'content-type': 'text/xml' },
    });
    expect(text.status).toBe(415);
    const unknown = await request(base, 'GET', '/api/does-not-exist/');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'not_found', detail: 'Not found.' });
    const wrongMethod = await request(base, 'DELETE', '/api/token/');
    expect(wrongMethod.status).toBe(405);
    for (const response of [malformed, huge, unknown, wrongMethod])
      expect(response.headers.get('version')).toBe('1.21.0');
    const health = await request(base, 'GET', '/api/health/');
    expect(health.body).toEqual({ status: 'ok', database: 'up' });
    expect(health.headers.get('version')).toBe('1.21.0');
    expect(health.headers.get('x-request-id')).toBeTruthy();
  });

  it('requires the CSRF header when the csrftoken cookie is sent without a bearer', async () => {
    const first = await request(base, 'GET', '/api/health/');
    const cookie = /csrftoken=([a-f0-9]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
    const body = { username: 'nobody@example.com', password: 'x' };
    const refused = await request(base, 'POST', '/api/token/', {
      body,
      headers: { cookie: `csrftoken=${cookie}` },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('csrf_failed');
    const accepted = await request(base, 'POST', '/api/token/', {
      body,
      headers: { cookie: `csrftoken=${cookie}`, 'x-csrftoken': cookie },
    });
    expect(accepted.status).toBe(401);
  });
});

describe.each(await backends('both'))('restart and limits on $name', (backend) => {
  it('a user created before a restart signs in after it', async () => {
    const first = await startTestServer({ backend });
    const user = await signUp(first.baseUrl, 'persistent@example.com', 'kept across restarts');
    await first.stop();
    const second = await startTestServer({
      backend,
      reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl },
    });
    try {
      const login = await request(second.baseUrl, 'POST', '/api/token/', {
        body: { username: user.email, password: user.password },
      });
      expect(login.status).toBe(200);
      // The old refresh token stays valid across the restart: the secret is kept in the data folder.
      expect(
        (await request(second.baseUrl, 'POST', '/api/token/refresh/', { body: { refresh: user.refresh } }))
          .status,
      ).toBe(200);
    } finally {
      await second.dispose();
    }
  });

  it('rate-limits sign-in with a clear 429', async () => {
    const server = await startTestServer({ backend, env: { ELUENT_RATE_LIMIT: '3' } });
    try {
      const statuses: number[] = [];
      let last;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        last = await request(server.baseUrl, 'POST', '/api/token/', {
          body: { username: 'x@example.com', password: 'y' },
        });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      expect(last?.body).toEqual({
        code: 'throttled',
        detail: 'Too many requests. Please wait a minute and try again.',
      });
    } finally {
      await server.dispose();
    }
  });
});

describe('Google sign-in against a local key set', () => {
  let jwksServer: HttpServer;
  let server: TestServer;
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  const clientId = 'eluent-test.apps.googleusercontent.com';

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
    jwksServer = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const address = jwksServer.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    server = await startTestServer({
      backend: { name: 'pglite' },
      env: { GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` },
    });
  });
  afterAll(async () => {
    await server?.dispose();
    jwksServer?.close();
  });

  const idToken = (
    claims: Record<string, unknown>,
    options: { audience?: string; issuer?: string; expiresIn?: number; key?: typeof privateKey } = {},
  ) =>
    new SignJWT({ email: 'lab@example.com', email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setSubject('google-subject-1')
      .setAudience(options.audience ?? clientId)
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + (options.expiresIn ?? 300))
      .sign(options.key ?? privateKey);

  it('publishes the client id', async () => {
    const response = await request(server.baseUrl, 'GET', '/api/google_signin/client_id/');
    expect(response.body).toEqual({ client_id: clientId });
  });

  it('signs in with a valid ID token and refuses audience, issuer, expiry and signature faults', async () => {
    const ok = await request(server.baseUrl, 'POST', '/api/accounts/:google_signin/', {
      body: { id_token: await idToken({}) },
    });
    expect(ok.status).toBe(200);
    expect(decodeJwt(ok.body.access).email).toBe('lab@example.com');
    const otherKey = (await generateKeyPair('RS256')).privateKey;
    const bad = [
      await idToken({}, { audience: 'someone-else' }),
      await idToken({}, { issuer: 'https://evil.example.com' }),
      await idToken({}, { expiresIn: -60 }),
      await idToken({}, { key: otherKey }),
      await idToken({ email_verified: false }),
    ];
    for (const token of bad) {
      const response = await request(server.baseUrl, 'POST', '/api/accounts/:google_signin/', {
        body: { id_token: token },
      });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('google_token_invalid');
    }
  });
});

describe('mail after the answer', () => {
  // An SMTP server that accepts connections and never greets: a mail transport that blocks.
  const sockets: Socket[] = [];
  const smtp = createNetServer((socket) => sockets.push(socket));
  let server: TestServer;

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.address() as AddressInfo;
    server = await startTestServer({
      backend: { name: 'pglite' },
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    });
  });
  afterAll(async () => {
    // The blocked mails fail (logged) once their connections drop, so the server stops at once.
    smtp.close();
    for (const socket of sockets) socket.destroy();
    await server?.dispose();
  });

  it('answers sign-up and recovery while the mail transport blocks, then sends the mail', async () => {
    const email = 'blocked@example.com';
    const signedUp = await request(server.baseUrl, 'POST', '/api/accounts/', {
      body: { email, password: 'long enough password' },
    });
    expect(signedUp.status).toBe(201);
    expect(signedUp.body).toEqual(signUpAnswer(email));
    // The verification mail is on its way after the answer: its connection is open, unanswered.
    await eventually(() => sockets.length === 1, { what: 'the verification mail connects to SMTP' });

    const known = await request(server.baseUrl, 'POST', '/api/accounts/:recover-password/', {
      body: { email },
    });
    const unknown = await request(server.baseUrl, 'POST', '/api/accounts/:recover-password/', {
      body: { email: 'nobody-here@example.com' },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    // Both recoveries answered while the first mail still blocks the queue: nothing more has connected.
    expect(sockets).toHaveLength(1);
    sockets[0]!.destroy();
    // The recovery's reset mail follows once the blocked one gives up; the unknown address sends none.
    await eventually(() => sockets.length === 2, { what: 'the reset mail connects to SMTP' });
    sockets[1]!.destroy();
    await server.context.mailQueue.idle();
    expect(sockets).toHaveLength(2);
  });
});
