// Ending sessions at once: a password reset and a refresh token presented twice raise the user's token
// version, and REST, GraphQL and realtime all refuse the older access tokens from then on; every verifier
// requires the same claims (a token without jti is refused everywhere); reset e-mails are private files.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../../test/graphql-client.ts';
import { request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { fetchSubscriptionToken, newClient } from '../realtime/test-clients.ts';

function resetCodeFrom(mail: string): string {
  const decoded = mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return decodeURIComponent(/code=([\w%-]+)/.exec(decoded)![1]!);
}

/** How a realtime connection with this token ends up: connected, or the disconnect code. */
async function realtimeOutcome(server: TestServer, token: string): Promise<'connected' | number> {
  const client = newClient(server.baseUrl, { token });
  const outcome = new Promise<'connected' | number>((resolve) => {
    client.on('connected', () => resolve('connected'));
    client.on('disconnected', (context) => resolve(context.code));
  });
  client.connect();
  try {
    return await outcome;
  } finally {
    client.disconnect();
  }
}

const QUERY = 'query { auditEvents(limit: 1) { id } }';

describe('session revocation', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend: { name: 'pglite' } });
  });
  afterAll(async () => server?.dispose());

  /** Every way an access token is used: REST, GraphQL, a subscription token, a realtime connection. */
  async function accepted(token: string, userId: number) {
    const rest = await request(server.baseUrl, 'GET', '/api/accounts/me/', { token });
    const query = await graphql(server.baseUrl, token, QUERY);
    const subscription = await fetchSubscriptionToken(server.baseUrl, `users:${userId}`, { token });
    return {
      rest: rest.status === 200,
      graphql: query.errors === undefined,
      subscription: subscription.status === 200,
      realtime: (await realtimeOutcome(server, token)) === 'connected',
    };
  }
  const everywhere = { rest: true, graphql: true, subscription: true, realtime: true };
  const nowhere = { rest: false, graphql: false, subscription: false, realtime: false };

  it('refuses access tokens issued before a password reset, everywhere', async () => {
    const user = await signUp(server.baseUrl);
    expect(await accepted(user.access, user.id)).toEqual(everywhere);
    await request(server.baseUrl, 'POST', '/api/accounts/:recover-password/', {
      body: { email: user.email },
    });
    await server.context.mailQueue.idle();
    const outbox = join(server.dataDir, 'outbox');
    // Sign-up mailed a verification link first; the reset mail is the one naming reset-password.
    const file = readdirSync(outbox)
      .filter((name) => name.includes(user.email.split('@')[0]!))
      .find((name) => readFileSync(join(outbox, name), 'utf8').includes('reset-password'))!;
    // Reset links are secrets: readable by the server's user only.
    expect(statSync(join(outbox, file)).mode & 0o777).toBe(0o600);
    expect(statSync(outbox).mode & 0o777).toBe(0o700);
    const code = resetCodeFrom(readFileSync(join(outbox, file), 'utf8'));
    const reset = await request(server.baseUrl, 'POST', '/api/accounts/:reset-password/', {
      body: { code, password: 'a brand new password' },
    });
    expect(reset.status).toBe(200);
    expect(await accepted(user.access, user.id)).toEqual(nowhere);
    const rest = await request(server.baseUrl, 'GET', '/api/accounts/me/', { token: user.access });
    expect(rest.body.code).toBe('token_not_valid');
    const signIn = await request(server.baseUrl, 'POST', '/api/token/', {
      body: { username: user.email, password: 'a brand new password' },
    });
    expect(await accepted(signIn.body.access as string, user.id)).toEqual(everywhere);
  });

  it('refuses every access token of the user once a refresh token is presented twice', async () => {
    const user = await signUp(server.baseUrl);
    const rotated = await request(server.baseUrl, 'POST', '/api/token/refresh/', {
      body: { refresh: user.refresh },
    });
    expect(rotated.status).toBe(200);
    expect(await accepted(rotated.body.access as string, user.id)).toEqual(everywhere);
    const replay = await request(server.baseUrl, 'POST', '/api/token/refresh/', {
      body: { refresh: user.refresh },
    });
    expect(replay.status).toBe(401);
    expect(await accepted(user.access, user.id)).toEqual(nowhere);
    expect(await accepted(rotated.body.access as string, user.id)).toEqual(nowhere);
    const refresh = await request(server.baseUrl, 'POST', '/api/token/refresh/', {
      body: { refresh: rotated.body.refresh },
    });
    expect(refresh.status).toBe(401);
  });

  it('requires the same claims on every transport: no jti, no access', async () => {
    const user = await signUp(server.baseUrl);
    const withoutJti = await server.context.signer.sign(
      { token_type: 'access', user_id: String(user.id), ver: 0, email: user.email },
      300,
      String(user.id),
    );
    expect(await accepted(withoutJti, user.id)).toEqual(nowhere);
    const withoutVersion = await server.context.signer.sign(
      { token_type: 'access', jti: 'a'.repeat(32), user_id: String(user.id) },
      300,
      String(user.id),
    );
    expect(await accepted(withoutVersion, user.id)).toEqual(nowhere);
  });

  it('signs one session out: its refresh token family and access tokens stop on every transport', async () => {
    const user = await signUp(server.baseUrl);
    const other = await request(server.baseUrl, 'POST', '/api/token/', {
      body: { username: user.email, password: user.password },
    });
    expect(other.status).toBe(200);
    // The session continues through a refresh: the rotated pair belongs to the same session.
    const rotated = await request(server.baseUrl, 'POST', '/api/token/refresh/', {
      body: { refresh: user.refresh },
    });
    expect(rotated.status).toBe(200);
    // Tokens in use before the sign-out (a verifier may keep a verified token in memory) stop as well.
    expect(await accepted(rotated.body.access as string, user.id)).toEqual(everywhere);
    const logout = await request(server.baseUrl, 'POST', '/api/token/logout/', {
      body: { refresh: rotated.body.refresh },
    });
    expect(logout.status).toBe(204);
    expect(await accepted(user.access, user.id)).toEqual(nowhere);
    expect(await accepted(rotated.body.access as string, user.id)).toEqual(nowhere);
    const rest = await request(server.baseUrl, 'GET', '/api/accounts/me/', { token: rotated.body.access });
    expect(rest.status).toBe(401);
    expect(rest.body.code).toBe('token_not_valid');
    const refresh = await request(server.baseUrl, 'POST', '/api/token/refresh/', {
      body: { refresh: rotated.body.refresh },
    });
    expect(refresh.status).toBe(401);
    // The other sign-in is another session and keeps working.
    expect(await accepted(other.body.access as string, user.id)).toEqual(everywhere);
    const again = await request(server.baseUrl, 'POST', '/api/token/refresh/', {
      body: { refresh: other.body.refresh },
    });
    expect(again.status).toBe(200);
  });

  it('ends every session of a member an administrator removes', async () => {
    const admin = await signUp(server.baseUrl);
    const member = await signUp(server.baseUrl);
    const db = server.context.database.db;
    const { current_workspace_id: workspaceId } = await db
      .selectFrom('users')
      .select('current_workspace_id')
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('workspace_members')
      .values({ workspace_id: workspaceId!, user_id: member.id, role: 'analyst' })
      .execute();
    expect(await accepted(member.access, member.id)).toEqual(everywhere);
    const removed = await request(
      server.baseUrl,
      'DELETE',
      `/api/workspaces/${workspaceId}/members/${member.id}/`,
      { token: admin.access },
    );
    expect(removed.status).toBe(204);
    expect(await accepted(member.access, member.id)).toEqual(nowhere);
    const refresh = await request(server.baseUrl, 'POST', '/api/token/refresh/', {
      body: { refresh: member.refresh },
    });
    expect(refresh.status).toBe(401);
    expect(await accepted(admin.access, admin.id)).toEqual(everywhere);
  });
});
