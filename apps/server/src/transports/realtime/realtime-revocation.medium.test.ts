// Open realtime connections learn a raised token version at once: a password reset or a refresh token
// presented twice ends the user's open connections with 3500 "invalid token" (terminal, as Centrifugo ends a
// revoked token's connection), on this process and, through Redis, on every other; other users stay. A
// sign-out ends the connections of that session only (the user's other sign-ins stay).
import { State, type Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresReachable,
  request,
  signUp,
  startTestServer,
  type TestServer,
} from '../../../test/harness.ts';
import { resetCode } from '../../../test/outbox.ts';
import { redisReachable, twoProcessesThroughRedis } from '../../../test/redis.ts';
import { newClient } from './test-clients.ts';
import { eventually } from '../../../test/eventually.ts';

/** A connected client and the code it was disconnected with, once it is. */
async function connected(baseUrl: string, token: string) {
  const client = newClient(baseUrl, { token });
  const seen: { code?: number } = {};
  client.on('disconnected', (context) => (seen.code = context.code));
  client.connect();
  await client.ready(10_000);
  return { client, disconnectCode: () => seen.code };
}

async function refreshTwice(baseUrl: string, refresh: string): Promise<void> {
  const first = await request(baseUrl, 'POST', '/api/token/refresh/', { body: { refresh } });
  expect(first.status).toBe(200);
  const replay = await request(baseUrl, 'POST', '/api/token/refresh/', { body: { refresh } });
  expect(replay.status).toBe(401);
}

const clients: Centrifuge[] = [];
afterAll(() => clients.forEach((client) => client.disconnect()));

/** A second sign-in of the user: another session, with its own tokens. */
async function signInAgain(baseUrl: string, user: { email: string; password: string }) {
  const answer = await request(baseUrl, 'POST', '/api/token/', {
    body: { username: user.email, password: user.password },
  });
  expect(answer.status).toBe(200);
  return answer.body as { access: string; refresh: string };
}

async function signOut(baseUrl: string, refresh: string): Promise<void> {
  const answer = await request(baseUrl, 'POST', '/api/token/logout/', { body: { refresh } });
  expect(answer.status).toBe(204);
}

async function expectEnded(connection: Awaited<ReturnType<typeof connected>>) {
  await eventually(() => connection.disconnectCode() !== undefined, { what: 'the disconnect' });
  expect(connection.disconnectCode()).toBe(3500);
  expect(connection.client.state).toBe(State.Disconnected);
}

describe('revocation on one process', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend: { name: 'pglite' } });
  });
  afterAll(async () => server?.dispose());

  it('ends the open connections of a user whose refresh token was presented twice, and no one else', async () => {
    const victim = await signUp(server.baseUrl);
    const bystander = await signUp(server.baseUrl);
    const open = await connected(server.baseUrl, victim.access);
    const other = await connected(server.baseUrl, bystander.access);
    clients.push(open.client, other.client);
    await refreshTwice(server.baseUrl, victim.refresh);
    await expectEnded(open);
    expect(other.client.state).toBe(State.Connected);
  });

  it('ends the open connections of a user whose password was reset', async () => {
    const user = await signUp(server.baseUrl);
    const open = await connected(server.baseUrl, user.access);
    clients.push(open.client);
    await request(server.baseUrl, 'POST', '/api/accounts/:recover-password/', {
      body: { email: user.email },
    });
    await server.context.mailQueue.idle();
    expect(open.client.state).toBe(State.Connected);
    const reset = await request(server.baseUrl, 'POST', '/api/accounts/:reset-password/', {
      body: { code: resetCode(server.dataDir, user.email), password: 'a brand new password' },
    });
    expect(reset.status).toBe(200);
    await expectEnded(open);
  });

  it('ends the open connections of a session signed out, and not those of the same user’s other sign-in', async () => {
    const user = await signUp(server.baseUrl);
    const other = await signInAgain(server.baseUrl, user);
    const signedOut = await connected(server.baseUrl, user.access);
    const staying = await connected(server.baseUrl, other.access);
    clients.push(signedOut.client, staying.client);
    await signOut(server.baseUrl, user.refresh);
    await expectEnded(signedOut);
    expect(staying.client.state).toBe(State.Connected);
  });
});

const acrossProcesses = (await postgresReachable()) && (await redisReachable());

describe.runIf(acrossProcesses)('revocation across processes through Redis', () => {
  let first: TestServer;
  let second: TestServer;
  let pair: Awaited<ReturnType<typeof twoProcessesThroughRedis>>;

  beforeAll(async () => {
    pair = await twoProcessesThroughRedis();
    ({ first, second } = pair);
  });
  afterAll(async () => {
    await pair?.close();
  });

  it('ends a connection held by another process when the refresh token is reused on this one', async () => {
    const user = await signUp(first.baseUrl);
    const elsewhere = await connected(second.baseUrl, user.access);
    clients.push(elsewhere.client);
    await refreshTwice(first.baseUrl, user.refresh);
    await expectEnded(elsewhere);
  });

  it('ends a connection held by another process when its session signs out on this one', async () => {
    const user = await signUp(first.baseUrl);
    const other = await signInAgain(first.baseUrl, user);
    const elsewhere = await connected(second.baseUrl, user.access);
    const staying = await connected(second.baseUrl, other.access);
    clients.push(elsewhere.client, staying.client);
    await signOut(first.baseUrl, user.refresh);
    await expectEnded(elsewhere);
    expect(staying.client.state).toBe(State.Connected);
  });
});
