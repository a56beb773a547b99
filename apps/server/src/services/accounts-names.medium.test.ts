// Full names on accounts: given at sign-up (optional for the original contract's clients), read and changed
// through /api/accounts/me/ with an audit entry, printed as the signer's name of a signature made after it
// (21 CFR 11.50) and beside the address on audit rows.
import { scaled } from '../../test/eventually.ts';
import { accountSchema, reviewSchema } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, startTestServer, type TestServer } from '../../test/harness.ts';
import { syntheticCsv, upload } from '../../test/results-fixtures.ts';

describe.each(await backends())('full names on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let userId: number;
  const email = `ada-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const api = (method: string, path: string, body?: unknown) =>
    request(server.baseUrl, method, path, { token, body });

  beforeAll(async () => {
    server = await startTestServer({ backend });
    const created = await request(server.baseUrl, 'POST', '/api/accounts/', {
      body: { email, password, full_name: '  Ada Lovelace ' },
    });
    expect(created.status).toBe(201);
    const session = await request(server.baseUrl, 'POST', '/api/token/', {
      body: { username: email, password },
    });
    token = session.body.access as string;
    userId = (await api('GET', '/api/accounts/me/')).body.id as number;
  }, scaled(180_000));
  afterAll(async () => server?.dispose());

  it('keeps the name given at sign-up, trimmed; a sign-up without one still works', async () => {
    const me = await api('GET', '/api/accounts/me/');
    expect(me.status).toBe(200);
    expect(accountSchema.strict().safeParse(me.body).error).toBeUndefined();
    expect(me.body).toEqual({ id: userId, email, full_name: 'Ada Lovelace' });

    const plainEmail = `plain-${Date.now()}@example.com`;
    const plain = await request(server.baseUrl, 'POST', '/api/accounts/', {
      body: { email: plainEmail, password },
    });
    expect(plain.status).toBe(201);
    const plainSession = await request(server.baseUrl, 'POST', '/api/token/', {
      body: { username: plainEmail, password },
    });
    const plainMe = await request(server.baseUrl, 'GET', '/api/accounts/me/', {
      token: plainSession.body.access,
    });
    expect(plainMe.body.full_name).toBe('');
  });

  it('changes the name on the account, refuses an empty one, and audits the change', async () => {
    const empty = await api('PATCH', '/api/accounts/me/', { full_name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ full_name: ['Field is required'] });

    const renamed = await api('PATCH', '/api/accounts/me/', { full_name: 'Augusta Ada King' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id: userId, email, full_name: 'Augusta Ada King' });

    const trail = await api('GET', '/api/audit/?entity=users');
    expect(trail.status).toBe(200);
    const entry = (trail.body.entries as Array<Record<string, any>>).find((e) => e.action === 'update');
    expect(entry).toMatchObject({
      user: { id: userId, email, name: 'Augusta Ada King' },
      entity_label: 'Account',
      changes: [{ label: 'Full name', old: 'Ada Lovelace', new: 'Augusta Ada King' }],
    });
  });

  it('prints the full name as the signer of a signature', async () => {
    const imported = await upload(server.baseUrl, token, 'three-peaks.csv', syntheticCsv());
    expect(imported.status).toBe(201);
    const measurementId = imported.body.measurement_id as number;
    const signed = await api('POST', `/api/measurements/${measurementId}/signatures/`, {
      meaning: 'authored',
      password,
    });
    expect(signed.status).toBe(201);
    expect(reviewSchema.strict().safeParse(signed.body).error).toBeUndefined();
    expect(signed.body.signatures[0].signer).toEqual({ id: userId, name: 'Augusta Ada King', email });
  });
});
