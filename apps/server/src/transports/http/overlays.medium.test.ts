// Saved overlays through the public API on both databases: save, list, open, rename and delete in the
// current workspace, each audited; measurements of another workspace cannot be named; a share link opens
// the overlay and its measurements to a visitor — nothing else — until it is revoked; the overlay's own
// trail lists its saving and its links.
import { auditPageSchema, auditTrailSchema, domainErrors, savedOverlaySchema } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData } from '../../../test/graphql-client.ts';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { syntheticCsv, upload } from '../../../test/results-fixtures.ts';
import { scaled } from '../../../test/eventually.ts';

describe.each(await backends('both'))('saved overlays on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  const measurements: number[] = [];
  let theirs = 0;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    base = server.baseUrl;
    owner = await signUp(base);
    stranger = await signUp(base);
    for (let i = 0; i < 3; i++) {
      measurements.push((await upload(base, owner.access, `o${i}.csv`, syntheticCsv())).body.measurement_id);
    }
    theirs = (await upload(base, stranger.access, 'theirs.csv', syntheticCsv())).body.measurement_id;
  }, scaled(120_000));
  afterAll(async () => server?.dispose());

  const api = (token: string, method: string, path: string, body?: unknown) =>
    request(base, method, path, { token, body });
  const overlayBody = () => ({
    name: 'Lot 12 vs reference',
    measurement_ids: [measurements[1], measurements[0]],
    layout: 'stacked',
    normalisation: 'peak',
    peak_time_min: 2.5,
    hidden_ids: [measurements[0]],
  });

  it('saves, lists, opens, renames and deletes, each change in the audit trail', async () => {
    const created = await api(owner.access, 'POST', '/api/overlays/', {
      ...overlayBody(),
      measurement_ids: [measurements[1], measurements[0]],
      hidden_ids: [measurements[0]],
    });
    expect(created.status).toBe(201);
    expect(savedOverlaySchema.strict().safeParse(created.body).error).toBeUndefined();
    expect(created.body).toMatchObject({
      name: 'Lot 12 vs reference',
      measurement_ids: [measurements[1], measurements[0]],
      layout: 'stacked',
      normalisation: 'peak',
      peak_time_min: 2.5,
      hidden_ids: [measurements[0]],
      owner_id: owner.id,
    });
    // The legend's names come with it, in the overlay's order.
    expect(created.body.traces.map((trace: { measurement_id: number }) => trace.measurement_id)).toEqual([
      measurements[1],
      measurements[0],
    ]);
    for (const trace of created.body.traces) expect(trace.name).toEqual(expect.any(String));
    const id = created.body.id as number;
    const list = await api(owner.access, 'GET', '/api/overlays/');
    expect(list.body.map((o: { id: number }) => o.id)).toEqual([id]);
    expect(savedOverlaySchema.strict().array().safeParse(list.body).error).toBeUndefined();
    expect((await api(owner.access, 'GET', `/api/overlays/${id}/`)).body).toEqual(created.body);

    const renamed = await api(owner.access, 'PATCH', `/api/overlays/${id}/`, { name: '  Lot 12  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Lot 12');
    expect((await api(owner.access, 'PATCH', `/api/overlays/${id}/`, { name: ' ' })).status).toBe(400);

    // Another workspace sees nothing and changes nothing.
    expect(await api(stranger.access, 'GET', '/api/overlays/')).toMatchObject({ body: [] });
    for (const [method, body] of [['GET'], ['PATCH', { name: 'Taken' }], ['DELETE']] as const) {
      const answer = await api(stranger.access, method, `/api/overlays/${id}/`, body);
      expect(answer.body, method).toEqual({
        code: 'overlay_not_found',
        detail: domainErrors.overlay_not_found,
      });
    }

    expect((await api(owner.access, 'DELETE', `/api/overlays/${id}/`)).status).toBe(204);
    expect((await api(owner.access, 'GET', `/api/overlays/${id}/`)).status).toBe(404);

    const trail = await api(owner.access, 'GET', '/api/audit/?entity=overlays');
    expect(auditPageSchema.safeParse(trail.body).error).toBeUndefined();
    const events = (trail.body.entries as Array<{ entity_id: string; action: string }>)
      .filter((entry) => entry.entity_id === String(id))
      .map((entry) => entry.action)
      .sort();
    expect(events).toEqual(['delete', 'insert', 'update']);
  });

  it('refuses measurements of another workspace and an inconsistent body', async () => {
    const foreign = await api(owner.access, 'POST', '/api/overlays/', {
      ...overlayBody(),
      measurement_ids: [measurements[0], theirs],
      hidden_ids: [],
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('overlay_measurement_not_found');
    const hiddenElsewhere = await api(owner.access, 'POST', '/api/overlays/', {
      ...overlayBody(),
      hidden_ids: [measurements[2]],
    });
    expect(hiddenElsewhere.status).toBe(400);
    expect(hiddenElsewhere.body.fields.hidden_ids).toBeDefined();
    const twice = await api(owner.access, 'POST', '/api/overlays/', {
      ...overlayBody(),
      measurement_ids: [measurements[0], measurements[0]],
      hidden_ids: [],
    });
    expect(twice.body.fields.measurement_ids).toBeDefined();
    expect(
      (await api(owner.access, 'POST', '/api/overlays/', { name: 'Empty', measurement_ids: [] })).status,
    ).toBe(400);
  });

  it('a share link opens the overlay and its measurements read-only, until it is revoked', async () => {
    const overlay = (await api(owner.access, 'POST', '/api/overlays/', overlayBody())).body;
    const other = (
      await api(owner.access, 'POST', '/api/overlays/', { ...overlayBody(), name: 'Other', hidden_ids: [] })
    ).body;
    const link = await api(owner.access, 'POST', '/api/share-tokens/', {
      object_type: 'overlay',
      object_id: overlay.id,
      expires_in_days: 3,
    });
    expect(link.status).toBe(201);
    expect(link.body.url).toBe(`${base}/share/?token=${link.body.token}&id=${overlay.id}#/overlays/`);
    const days = (Date.parse(link.body.expires_at) - Date.parse(link.body.created_at)) / 86_400_000;
    expect(Math.round(days)).toBe(3);
    // Only a member of the overlay's workspace shares it.
    const foreign = await api(stranger.access, 'POST', '/api/share-tokens/', {
      object_type: 'overlay',
      object_id: overlay.id,
    });
    expect(foreign.body.code).toBe('share_object_not_found');

    const exchanged = await request(base, 'POST', '/api/hasura/auth/share-token', {
      body: { share_token: link.body.token, id: overlay.id },
    });
    expect(exchanged.status).toBe(200);
    const visitor = exchanged.body.token as string;
    const status = async (method: string, path: string, body?: unknown) =>
      (await api(visitor, method, path, body)).status;
    const seen = await api(visitor, 'GET', `/api/overlays/${overlay.id}/`);
    expect(seen.body).toEqual(overlay);
    expect(await status('GET', `/api/measurements/${measurements[0]}/data/`)).toBe(200);
    expect(await status('GET', `/api/measurements/${measurements[1]}/data/`)).toBe(200);
    expect(await status('GET', `/api/measurements/${measurements[2]}/data/`)).toBe(404);
    expect(await status('GET', `/api/overlays/${other.id}/`)).toBe(404);
    const data = await graphqlData(
      base,
      visitor,
      '{ measurements(order_by: {id: asc}) { id } samples { id } }',
    );
    expect(data).toEqual({
      measurements: [measurements[0], measurements[1]].map((id) => ({ id })),
      samples: [],
    });
    // Read-only: the visitor token opens no list and no write.
    expect(await status('GET', '/api/overlays/')).toBe(401);
    expect(await status('PATCH', `/api/overlays/${overlay.id}/`, { name: 'Visitor' })).toBe(401);
    expect(await status('DELETE', `/api/overlays/${overlay.id}/`)).toBe(401);

    expect((await api(owner.access, 'DELETE', `/api/share-tokens/${link.body.id}/`)).status).toBe(204);
    const after = await api(visitor, 'GET', `/api/overlays/${overlay.id}/`);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('share_token_not_valid');
    expect(await status('GET', `/api/measurements/${measurements[0]}/data/`)).toBe(401);

    // The overlay's own trail (its Audit trail panel): its saving, and its link's creation and revocation.
    const trail = await api(owner.access, 'GET', `/api/audit/overlays/${overlay.id}/`);
    expect(auditTrailSchema.strict().safeParse(trail.body).error).toBeUndefined();
    expect(
      (trail.body.entries as Array<{ entity: string; action: string }>).map(
        (entry) => `${entry.entity} ${entry.action}`,
      ),
    ).toEqual(['overlays insert', 'shareTokens insert', 'shareTokens revoke']);
    expect(trail.body.entries[0]).toMatchObject({ entity_label: 'Saved overlay', label: overlay.name });
    const foreignTrail = await api(stranger.access, 'GET', `/api/audit/overlays/${overlay.id}/`);
    expect(foreignTrail.body.code).toBe('audit_object_not_found');
  });
});
