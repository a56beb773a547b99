// Sequence errors about parts that are missing through the public REST API: a method the user cannot use,
// and an injection that never got its measurement (the instrument refused it before recording).
import { domainErrors, type DomainErrorCode } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, type TestServer } from '../../../test/harness.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';
import { workspaceOf } from '../../../test/workspaces.ts';

function expectError(response: { status: number; body: any }, status: number, code: DomainErrorCode) {
  expect(response.body).toEqual({ code, detail: domainErrors[code] });
  expect(response.status).toBe(status);
}

describe.each(await backends())('sequence parts that are missing on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let userId: number;
  let instrument: LinkedInstrument;
  const api = (method: string, path: string, body?: unknown) =>
    request(server.baseUrl, method, path, { token, body });

  beforeAll(async () => {
    ({ server, token, userId, instrument } = await startServerWithInstrument(backend));
  });
  afterAll(() => stopServerWithInstrument(server, instrument));

  it('refuses a sequence whose method is not configured for the user', async () => {
    const create = (methodId: number) =>
      api('POST', '/api/sequences/', { name: 'Run', device_id: instrument.deviceId, method_id: methodId });
    expectError(await create(999_999), 400, 'sequence_method_not_configured');

    const stranger = await signUp(server.baseUrl);
    const foreignMethod = await storeMethod(server, stranger.id);
    expectError(await create(foreignMethod), 400, 'sequence_method_not_configured');

    const ownMethod = await storeMethod(server, userId);
    expect((await create(ownMethod)).status).toBe(201);
  });

  it('answers that an injection has no measurement when its report is asked for', async () => {
    const methodId = await storeMethod(server, userId);
    const refused = await server.context.database.db
      .insertInto('injections')
      .values({
        owner_id: userId,
        workspace_id: await workspaceOf(server.context.database.db, userId),
        device_id: instrument.deviceId,
        method_id: methodId,
        vial: 3,
        state: 'failed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expectError(
      await api('GET', `/api/reports/injection/${refused.id}/`),
      404,
      'sequence_injection_without_measurement',
    );

    // Once the injection has its measurement the same report answers.
    await server.context.database.db
      .insertInto('measurements')
      .values({
        owner_id: userId,
        workspace_id: await workspaceOf(server.context.database.db, userId),
        injection_id: refused.id,
        device_id: instrument.deviceId,
        state: 'failed',
      })
      .execute();
    const report = await api('GET', `/api/reports/injection/${refused.id}/`);
    expect(report.status).toBe(200);
    expect(report.body.injection.id).toBe(refused.id);
  });
});
