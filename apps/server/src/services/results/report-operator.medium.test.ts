// The operator an injection report names: for a single injection started on the instrument page, the member
// who started it (not the instrument's or the workspace's owner), by full name and address; a share-link
// visitor gets the full name without the address.
import { injectionReportSchema } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { linkInstrument, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';
import { scaled } from '../../../test/eventually.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

const shortMethod = {
  name: 'Operator check',
  flow_rate_ml_per_min: 1,
  run_time_min: 1,
  temperature: 30,
  injection_ul: 10,
  gradient: [{ time_min: 0, percent_b: 20 }],
  data_rate_hz: 10,
};

describe.each(await backends())('the operator of an injection report on $name', (backend) => {
  let server: TestServer;
  let admin: Account;
  let analyst: Account;
  let instrument: LinkedInstrument;
  const api = (who: Account | string, method: string, path: string, body?: unknown) =>
    request(server.baseUrl, method, path, { token: typeof who === 'string' ? who : who.access, body });

  beforeAll(async () => {
    server = await startTestServer({ backend });
    admin = await signUp(server.baseUrl);
    analyst = await signUp(server.baseUrl);
    const db = server.context.database.db;
    const workspaceId = (await api(admin, 'GET', '/api/workspaces/')).body.current.id as number;
    // A member arranged in the database (invitations have their own tests).
    await db
      .insertInto('workspace_members')
      .values({ workspace_id: workspaceId, user_id: analyst.id, role: 'analyst' })
      .execute();
    await db
      .updateTable('users')
      .set({ current_workspace_id: workspaceId })
      .where('id', '=', analyst.id)
      .execute();
    const named = await api(analyst, 'PATCH', '/api/accounts/me/', { full_name: 'Rosalind Franklin' });
    expect(named.status).toBe(200);
    instrument = await linkInstrument(server, admin.id, 20);
    await instrument.client.waitFor(
      () => instrument.client.instrument.componentState('detector') === 'ready',
    );
  }, scaled(60_000));
  afterAll(async () => {
    await instrument?.client.stop();
    await server?.dispose();
  });

  it('names the member who started a single injection, and only their name to a visitor', async () => {
    const run = await api(analyst, 'POST', `/api/devices/${instrument.deviceId}/run/`, {
      method: shortMethod,
      vial: 2,
    });
    expect(run.body).toMatchObject({ injection_id: expect.any(Number) });
    expect(run.status).toBe(201);
    const injectionId = run.body.injection_id as number;
    try {
      const report = await api(admin, 'GET', `/api/reports/injection/${injectionId}/`);
      expect(report.status).toBe(200);
      expect(injectionReportSchema.strict().safeParse(report.body).error).toBeUndefined();
      expect(report.body.injection.sequence_id).toBeNull();
      const operator = { id: analyst.id, email: analyst.email, name: 'Rosalind Franklin' };
      expect(report.body.operator).toEqual(operator);

      // Issued (POST) the same way, with its record number.
      const issued = await api(analyst, 'POST', `/api/reports/injection/${injectionId}/`);
      expect(issued.status).toBe(201);
      expect(issued.body.operator).toEqual(operator);

      const shared = await api(admin, 'POST', '/api/share-tokens/', {
        object_type: 'injection',
        object_id: injectionId,
        expires_in_days: 1,
      });
      expect(shared.status).toBe(201);
      const exchanged = await request(server.baseUrl, 'POST', '/api/hasura/auth/share-token', {
        body: { share_token: shared.body.token, id: injectionId },
      });
      expect(exchanged.status).toBe(200);
      const visitorReport = await api(
        exchanged.body.token as string,
        'GET',
        `/api/reports/injection/${injectionId}/`,
      );
      expect(visitorReport.status).toBe(200);
      expect(visitorReport.body.operator).toEqual({ id: analyst.id, email: null, name: 'Rosalind Franklin' });
      expect(visitorReport.text).not.toContain(analyst.email);
    } finally {
      await api(analyst, 'POST', `/api/devices/${instrument.deviceId}/stop/`);
    }
  });

  it('answers a report of a measurement that does not exist with spec §8 "Measurement has no injection."', async () => {
    for (const [method, path] of [
      ['GET', '/api/reports/injection/999999/'],
      ['POST', '/api/reports/injection/999999/'],
    ] as const) {
      const answer = await api(analyst, method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toMatchObject({
        code: 'measurement_no_injection',
        detail: 'Measurement has no injection.',
      });
    }
  });
});
