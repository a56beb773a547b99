// Open realtime connections learn a raised token version at once: a password reset or a refresh token
// presented twice ends the user's open connections with 3500 "invalid token" (terminal, as Centrifugo ends a
// revoked token's connection), on this process and, through Redis, on every other; other users stay.
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
});
