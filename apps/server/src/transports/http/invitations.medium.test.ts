// Invitations and e-mail verification over REST on a real server and database: the mailed codes from the
// outbox, single use, the invited address only, roles taking effect at once, the last admin staying.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  detailAnswerSchema,
  emailVerifiedSchema,
  invitationAcceptedSchema,
  workspaceInvitationSchema,
  workspaceMemberSchema,
  workspacesSchema,
} from '@eluent/contracts';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';

/** The contracts schema the web reads each successful answer with (workspacesApi.ts), by method and path. */
const answerSchemas: Array<[RegExp, z.ZodType]> = [
  [/^(GET|PUT|POST|PATCH) \/api\/workspaces\/(current\/|\d+\/)?$/, workspacesSchema],
  [/^(GET|PATCH) \/api\/workspaces\/\d+\/members\/(\d+\/)?$/, z.array(workspaceMemberSchema)],
  [/^GET \/api\/workspaces\/\d+\/invitations\/$/, z.array(workspaceInvitationSchema)],
  [/^POST \/api\/workspaces\/\d+\/invitations\/$/, workspaceInvitationSchema],
  [/^GET \/api\/invitations\/\?code=/, workspaceInvitationSchema],
  [/^GET \/api\/invitations\/mine\/$/, z.array(workspaceInvitationSchema)],
  [/^POST \/api\/invitations\/(\d+\/)?accept\/$/, invitationAcceptedSchema],
  [/^POST \/api\/accounts\/me\/verification\/$/, detailAnswerSchema],
  [/^POST \/api\/accounts\/verify-email\/$/, emailVerifiedSchema],
];

describe.each(await backends())('invitations and e-mail verification on $name', (backend) => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    server = await startTestServer({ backend });
    base = server.baseUrl;
  });
  afterAll(async () => {
    await server?.dispose();
  });

  /** A call whose successful answer must read with the web's schema for that route. */
  async function api(token: string | undefined, method: string, path: string, body?: unknown) {
    const answer = await request(base, method, path, { token, body });
    const schema = answerSchemas.find(([route]) => route.test(`${method} ${path}`))?.[1];
    if (schema && answer.status < 300) schema.parse(answer.body);
    return answer;
  }

  /** The code of the newest mail to `email` whose link opens `page`. */
  async function mailedCode(email: string, page: 'auth/verify-email' | 'app/invitation'): Promise<string> {
    // Sign-up mails after its answer (docs/security.md): wait for the queued mail first.
    await server.context.mailQueue.idle();
    const outbox = join(server.dataDir, 'outbox');
    const mails = readdirSync(outbox)
      .filter((file) => file.endsWith(`-${email}.eml`))
      .sort()
      .map((file) =>
        readFileSync(join(outbox, file), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      )
      .filter((text) => text.includes(`/${page}/?code=`));
    const match = /code=([\w%-]+)/.exec(mails.at(-1) ?? '');
    if (!match) throw new Error(`no ${page} mail to ${email}`);
    return decodeURIComponent(match[1]!);
  }

  async function verifiedAdmin(prefix: string) {
    const user = await signUp(base, `${prefix}-${Date.now()}@example.com`);
    const code = await mailedCode(user.email, 'auth/verify-email');
    expect((await api(undefined, 'POST', '/api/accounts/verify-email/', { code })).status).toBe(200);
    return user;
  }

  it('verifies an address once with the mailed code, and says so', async () => {
    const user = await signUp(base, `verify-${Date.now()}@example.com`);
    expect((await api(user.access, 'GET', '/api/workspaces/')).body).toMatchObject({
      current: { personal: true, role: 'admin', current: true },
      email_verified: false,
    });
    const code = await mailedCode(user.email, 'auth/verify-email');
    const verified = await api(undefined, 'POST', '/api/accounts/verify-email/', { code });
    expect(verified.body).toEqual({ detail: 'Your e-mail address is verified.', email: user.email });
    expect((await api(user.access, 'GET', '/api/workspaces/')).body.email_verified).toBe(true);
    const again = await api(undefined, 'POST', '/api/accounts/verify-email/', { code });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('email_verification_invalid');
    expect(
      (await api(undefined, 'POST', '/api/accounts/verify-email/', { code: 'x'.repeat(300) })).status,
    ).toBe(400);
    await server.context.database.db
      .updateTable('email_verifications')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const late = await signUp(base, `late-${Date.now()}@example.com`);
    await api(late.access, 'POST', '/api/accounts/me/verification/');
    await server.context.database.db
      .updateTable('email_verifications')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const expired = await api(undefined, 'POST', '/api/accounts/verify-email/', {
      code: await mailedCode(late.email, 'auth/verify-email'),
    });
    expect(expired.body.code).toBe('email_verification_invalid');
  });

  it('refuses invitations from an unverified account', async () => {
    const user = await signUp(base, `unverified-${Date.now()}@example.com`);
    const workspace = (await api(user.access, 'GET', '/api/workspaces/')).body.current.id as number;
    const invite = await api(user.access, 'POST', `/api/workspaces/${workspace}/invitations/`, {
      email: 'someone@example.com',
      role: 'analyst',
    });
    expect(invite.status).toBe(403);
    expect(invite.body.code).toBe('email_not_verified');
  });

  it('lets the invited address join in its role, once, and the admin change and remove members', async () => {
    const admin = await verifiedAdmin('admin');
    const lab = await api(admin.access, 'POST', '/api/workspaces/', { name: 'Quality lab' });
    expect(lab.status).toBe(201);
    const labId = lab.body.current.id as number;
    expect(lab.body.current).toMatchObject({ name: 'Quality lab', role: 'admin', personal: false });

    const invitedEmail = `invitee-${Date.now()}@example.com`;
    const badRole = await api(admin.access, 'POST', `/api/workspaces/${labId}/invitations/`, {
      email: invitedEmail,
      role: 'owner',
    });
    expect(badRole.body.code).toBe('workspace_role_invalid');
    const invited = await api(admin.access, 'POST', `/api/workspaces/${labId}/invitations/`, {
      email: invitedEmail,
      role: 'reviewer',
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email: invitedEmail,
      role: 'reviewer',
      workspace_name: 'Quality lab',
    });
    const listed = await api(admin.access, 'GET', `/api/workspaces/${labId}/invitations/`);
    expect(listed.body.map((row: { id: number }) => row.id)).toEqual([invited.body.id]);
    const code = await mailedCode(invitedEmail, 'app/invitation');
    const shown = await api(undefined, 'GET', `/api/invitations/?code=${encodeURIComponent(code)}`);
    expect(shown.body).toMatchObject({
      workspace_name: 'Quality lab',
      role: 'reviewer',
      invited_by: admin.email,
    });

    const stranger = await signUp(base, `stranger-${Date.now()}@example.com`);
    const wrong = await api(stranger.access, 'POST', '/api/invitations/accept/', { code });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('invitation_email_mismatch');

    const invitee = await signUp(base, invitedEmail);
    const accepted = await api(invitee.access, 'POST', '/api/invitations/accept/', { code });
    expect(accepted.body).toEqual({ workspace_id: labId, role: 'reviewer' });
    const joined = await api(invitee.access, 'GET', '/api/workspaces/');
    expect(joined.body.current).toMatchObject({ id: labId, role: 'reviewer' });
    expect(joined.body.email_verified).toBe(true);
    expect(joined.body.workspaces).toHaveLength(2);
    const reused = await api(invitee.access, 'POST', '/api/invitations/accept/', { code });
    expect(reused.body.code).toBe('invitation_invalid');

    // The reviewer reads the lab and writes nothing there; the role changes at once.
    const refused = await api(invitee.access, 'POST', '/api/sequences/', { name: 'Not mine to make' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    const members = await api(admin.access, 'GET', `/api/workspaces/${labId}/members/`);
    expect(members.body.map((row: { email: string; role: string }) => [row.email, row.role])).toEqual([
      [admin.email, 'admin'],
      [invitedEmail, 'reviewer'],
    ]);
    const byReviewer = await api(invitee.access, 'PATCH', `/api/workspaces/${labId}/members/${admin.id}/`, {
      role: 'auditor',
    });
    expect(byReviewer.status).toBe(403);
    await api(admin.access, 'PATCH', `/api/workspaces/${labId}/members/${invitee.id}/`, { role: 'analyst' });
    expect((await api(invitee.access, 'GET', '/api/workspaces/')).body.current.role).toBe('analyst');

    const lastAdmin = await api(admin.access, 'PATCH', `/api/workspaces/${labId}/members/${admin.id}/`, {
      role: 'analyst',
    });
    expect(lastAdmin.status).toBe(409);
    expect(lastAdmin.body.code).toBe('workspace_last_admin');
    const leave = await api(admin.access, 'DELETE', `/api/workspaces/${labId}/members/${admin.id}/`);
    expect(leave.body.code).toBe('workspace_last_admin');

    expect(
      (await api(admin.access, 'DELETE', `/api/workspaces/${labId}/members/${invitee.id}/`)).status,
    ).toBe(204);
    // A removed member's sessions end (docs/security.md): the old token is refused, a new sign-in works.
    expect((await api(invitee.access, 'GET', '/api/workspaces/')).status).toBe(401);
    const signIn = await request(base, 'POST', '/api/token/', {
      body: { username: invitee.email, password: invitee.password },
    });
    expect(signIn.status).toBe(200);
    const access = signIn.body.access as string;
    const after = await api(access, 'GET', '/api/workspaces/');
    expect(after.body.current).toMatchObject({ personal: true, role: 'admin' });
    expect(after.body.workspaces).toHaveLength(1);
    const outside = await api(access, 'PUT', '/api/workspaces/current/', { workspace_id: labId });
    expect(outside.status).toBe(404);
  });

  it('revokes and expires invitations, and lets a verified address accept without the link', async () => {
    const admin = await verifiedAdmin('revoker');
    const labId = (await api(admin.access, 'POST', '/api/workspaces/', { name: 'Stability' })).body.current
      .id as number;
    const email = `later-${Date.now()}@example.com`;
    const first = await api(admin.access, 'POST', `/api/workspaces/${labId}/invitations/`, {
      email,
      role: 'analyst',
    });
    const firstCode = await mailedCode(email, 'app/invitation');
    expect(
      (await api(admin.access, 'DELETE', `/api/workspaces/${labId}/invitations/${first.body.id}/`)).status,
    ).toBe(204);
    expect(
      (await api(undefined, 'GET', `/api/invitations/?code=${encodeURIComponent(firstCode)}`)).status,
    ).toBe(400);

    await api(admin.access, 'POST', `/api/workspaces/${labId}/invitations/`, { email, role: 'auditor' });
    const expiredCode = await mailedCode(email, 'app/invitation');
    await server.context.database.db
      .updateTable('workspace_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('workspace_id', '=', labId)
      .execute();
    const user = await signUp(base, email);
    expect(
      (await api(user.access, 'POST', '/api/invitations/accept/', { code: expiredCode })).body.code,
    ).toBe('invitation_invalid');

    const third = await api(admin.access, 'POST', `/api/workspaces/${labId}/invitations/`, {
      email,
      role: 'auditor',
    });
    // Unverified: the waiting invitation is neither listed nor accepted without the link.
    expect((await api(user.access, 'GET', '/api/invitations/mine/')).body).toEqual([]);
    expect((await api(user.access, 'POST', `/api/invitations/${third.body.id}/accept/`)).body.code).toBe(
      'email_not_verified',
    );
    await api(undefined, 'POST', '/api/accounts/verify-email/', {
      code: await mailedCode(email, 'auth/verify-email'),
    });
    const mine = await api(user.access, 'GET', '/api/invitations/mine/');
    expect(mine.body.map((row: { id: number }) => row.id)).toEqual([third.body.id]);
    expect((await api(user.access, 'POST', `/api/invitations/${third.body.id}/accept/`)).body).toEqual({
      workspace_id: labId,
      role: 'auditor',
    });
    const member = await api(admin.access, 'POST', `/api/workspaces/${labId}/invitations/`, {
      email,
      role: 'analyst',
    });
    expect(member.body.code).toBe('invitation_already_member');
  });
});
