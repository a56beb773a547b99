// Share links through the public API: a share token opens exactly its object (and what hangs under it) for
// a visitor over REST report data, measurement data and GraphQL, and nothing else; a revoked one opens
// nothing; only the owner shares and revokes.
import {
  domainErrors,
  injectionReportSchema,
  sequenceReportSchema,
  shareLinkSchema,
} from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData } from '../../../test/graphql-client.ts';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { fileUnderSequence, syntheticCsv, upload } from '../../../test/results-fixtures.ts';

describe.each(await backends())('sharing on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let shared: Awaited<ReturnType<typeof fileUnderSequence>>;
  let other: Awaited<ReturnType<typeof fileUnderSequence>>;
  let measurements: number[];

  beforeAll(async () => {
    server = await startTestServer({ backend });
    base = server.baseUrl;
    owner = await signUp(base);
    measurements = [];
    for (let i = 0; i < 3; i++) {
      measurements.push((await upload(base, owner.access, `m${i}.csv`, syntheticCsv())).body.measurement_id);
    }
    shared = await fileUnderSequence(server, owner.id, measurements.slice(0, 2), 'Shared run');
    other = await fileUnderSequence(server, owner.id, measurements.slice(2), 'Private run');
  });
  afterAll(async () => server?.dispose());

  async function share(objectType: string, objectId: number, token = owner.access) {
    return request(base, 'POST', '/api/share-tokens/', {
      token,
      body: { object_type: objectType, object_id: objectId, expires_in_days: 7 },
    });
  }

  async function visitorFor(shareToken: string, id: number): Promise<string> {
    const exchanged = await request(base, 'POST', '/api/hasura/auth/share-token', {
      body: { share_token: shareToken, id },
    });
    expect(exchanged.status).toBe(200);
    return exchanged.body.token as string;
  }

  const get = async (path: string, token: string) => (await request(base, 'GET', path, { token })).status;

  it('creates, lists and revokes; only the owner may share', async () => {
    const created = await share('sequence', shared.sequenceId);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object_type: 'sequence', object_id: shared.sequenceId });
    expect(created.body.url).toBe(
      `${base}/share/?token=${created.body.token}&id=${shared.sequenceId}#/reports/sequence/`,
    );
    expect(Date.parse(created.body.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const list = await request(base, 'GET', '/api/share-tokens/', { token: owner.access });
    // The answers are what contracts say they are (rest/sharing.ts).
    expect(shareLinkSchema.strict().safeParse(created.body).error).toBeUndefined();
    expect(shareLinkSchema.strict().array().safeParse(list.body).error).toBeUndefined();
    // The owner's reports are what contracts say they are (rest/reports.ts).
    const reportOf = async (path: string) => (await request(base, 'GET', path, { token: owner.access })).body;
    const sequenceReport = await reportOf(`/api/reports/sequence/${shared.sequenceId}/`);
    expect(sequenceReportSchema.strict().safeParse(sequenceReport).error).toBeUndefined();
    const injectionReport = await reportOf(`/api/reports/injection/${shared.injectionIds[0]}/`);
    expect(injectionReportSchema.strict().safeParse(injectionReport).error).toBeUndefined();
    expect(list.body.map((t: any) => t.id)).toContain(created.body.id);

    const stranger = await signUp(base);
    const theirs = await share('sequence', shared.sequenceId, stranger.access);
    expect(theirs.body).toEqual({
      code: 'share_object_not_found',
      detail: domainErrors.share_object_not_found,
    });
    expect((await share('injection', 999_999)).status).toBe(404);
    const bad = await share('measurement', shared.sequenceId);
    expect(bad.status).toBe(400);
    expect(bad.body.fields.object_type).toBeDefined();
    const revokeTheirs = await request(base, 'DELETE', `/api/share-tokens/${created.body.id}/`, {
      token: stranger.access,
    });
    expect(revokeTheirs.body.code).toBe('share_token_not_found');
  });

  it('a sequence share opens that sequence, its injections and measurements, and nothing else', async () => {
    const created = (await share('sequence', shared.sequenceId)).body;
    const visitor = await visitorFor(created.token, shared.sequenceId);
    expect(await get(`/api/reports/sequence/${shared.sequenceId}/`, visitor)).toBe(200);
    expect(await get(`/api/sequences/${shared.sequenceId}/results/`, visitor)).toBe(200);
    expect(await get(`/api/reports/injection/${shared.injectionIds[0]}/`, visitor)).toBe(200);
    expect(await get(`/api/measurements/${measurements[0]}/data/`, visitor)).toBe(200);
    expect(await get(`/api/measurements/${measurements[1]}/data/?format=csv`, visitor)).toBe(200);

    expect(await get(`/api/reports/sequence/${other.sequenceId}/`, visitor)).toBe(404);
    expect(await get(`/api/sequences/${other.sequenceId}/results/`, visitor)).toBe(404);
    expect(await get(`/api/reports/injection/${other.injectionIds[0]}/`, visitor)).toBe(404);
    expect(await get(`/api/measurements/${measurements[2]}/data/`, visitor)).toBe(404);
    // Routes for signed-in users do not take a visitor token.
    expect(await get('/api/sequences/', visitor)).toBe(401);
    expect(await get(`/api/measurements/${measurements[0]}/results/`, visitor)).toBe(401);

    const data = await graphqlData(
      base,
      visitor,
      '{ sequences { id } measurements(order_by: {id: asc}) { id } }',
    );
    expect(data.sequences).toEqual([{ id: shared.sequenceId }]);
    expect(data.measurements).toEqual(measurements.slice(0, 2).map((id) => ({ id })));

    const revoked = await request(base, 'DELETE', `/api/share-tokens/${created.id}/`, {
      token: owner.access,
    });
    expect(revoked.status).toBe(204);
    const after = await request(base, 'GET', `/api/reports/sequence/${shared.sequenceId}/`, {
      token: visitor,
    });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('share_token_not_valid');
    expect(await get(`/api/measurements/${measurements[0]}/data/`, visitor)).toBe(401);
    const nothing = await graphqlData(base, visitor, '{ sequences { id } measurements { id } }');
    expect(nothing).toEqual({ sequences: [], measurements: [] });
    const again = await request(base, 'POST', '/api/hasura/auth/share-token', {
      body: { share_token: created.token, id: shared.sequenceId },
    });
    expect(again.status).toBe(404);
  });

  it('an injection share opens that injection and its measurement only', async () => {
    const created = (await share('injection', shared.injectionIds[0]!)).body;
    expect(created.url).toContain('#/reports/injection/');
    const visitor = await visitorFor(created.token, shared.injectionIds[0]!);
    expect(await get(`/api/reports/injection/${shared.injectionIds[0]}/`, visitor)).toBe(200);
    expect(await get(`/api/measurements/${measurements[0]}/data/`, visitor)).toBe(200);
    expect(await get(`/api/reports/injection/${shared.injectionIds[1]}/`, visitor)).toBe(404);
    expect(await get(`/api/measurements/${measurements[1]}/data/`, visitor)).toBe(404);
    expect(await get(`/api/reports/sequence/${shared.sequenceId}/`, visitor)).toBe(404);
  });

  it('a sample share opens the sample’s injections and measurements only', async () => {
    const created = (await share('sample', shared.sampleId)).body;
    expect(created.url).toBe(`${base}/share/?token=${created.token}#/samples/${shared.sampleId}/`);
    const visitor = await visitorFor(created.token, shared.sampleId);
    expect(await get(`/api/reports/injection/${shared.injectionIds[1]}/`, visitor)).toBe(200);
    expect(await get(`/api/measurements/${measurements[1]}/data/`, visitor)).toBe(200);
    expect(await get(`/api/measurements/${measurements[2]}/data/`, visitor)).toBe(404);
    expect(await get(`/api/reports/sequence/${shared.sequenceId}/`, visitor)).toBe(404);
    const data = await graphqlData(base, visitor, '{ samples { id } }');
    expect(data.samples).toEqual([{ id: shared.sampleId }]);
  });
});
