// Members of the demo administrator's workspace for the role tests: REST calls with a bearer (or the web
// client's CSRF cookie) and an invitation accepted by a new account in the given role.
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO, readLatestMail, uniqueEmail } from './helpers.ts';

const MEMBER_PASSWORD = 'correct horse battery';

export interface Member {
  email: string;
  password: string;
  token: string;
}

/** A REST call with a bearer, or without one echoing the CSRF cookie as the web client does. */
export async function call<T>(
  request: APIRequestContext,
  token: string | null,
  method: string,
  path: string,
  data?: unknown,
) {
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'csrftoken');
  const headers: Record<string, string> = token
    ? { Authorization: `Bearer ${token}` }
    : csrf
      ? { 'X-CSRFToken': csrf.value }
      : {};
  const response = await request.fetch(path, { method, headers, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

function codeIn(mail: string, page: string): string {
  const match = new RegExp(`/${page}/\\?code=([\\w%-]+)`).exec(mail);
  if (!match) throw new Error(`no ${page} link in the mail`);
  return decodeURIComponent(match[1]!);
}

/** The demo administrator verifies its address (only verified accounts invite) and invites `role`. */
export async function invite(
  request: APIRequestContext,
  admin: string,
  role: 'analyst' | 'reviewer' | 'auditor',
): Promise<Member> {
  const workspaces = await call<{ current: { id: number }; email_verified: boolean }>(
    request,
    admin,
    'GET',
    '/api/workspaces/',
  );
  if (!workspaces.email_verified) {
    await call(request, admin, 'POST', '/api/accounts/me/verification/');
    const code = codeIn(await readLatestMail(DEMO.email, '/auth/verify-email/?code='), 'auth/verify-email');
    await call(request, null, 'POST', '/api/accounts/verify-email/', { code });
  }
  const email = uniqueEmail(role);
  await call(request, admin, 'POST', `/api/workspaces/${workspaces.current.id}/invitations/`, {
    email,
    role,
  });
  const code = codeIn(await readLatestMail(email, '/app/invitation/?code='), 'app/invitation');
  await call(request, null, 'POST', '/api/accounts/', { email, password: MEMBER_PASSWORD });
  const account = await call<{ access: string }>(request, null, 'POST', '/api/token/', {
    username: email,
    password: MEMBER_PASSWORD,
  });
  await call(request, account.access, 'POST', '/api/invitations/accept/', { code });
  return { email, password: MEMBER_PASSWORD, token: account.access };
}
