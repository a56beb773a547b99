// The audit trail as users read it: an object's trail and the trail of everything the viewer may read, with
// readable entries (field labels, old → new), who (the e-mail address at the time), filters, pages, CSV,
// the chain's verification, and nothing of another user's.
import {
  auditChainStatusSchema,
  auditFiltersSchema,
  auditPageSchema,
  auditTrailSchema,
  domainErrors,
} from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData } from '../../../test/graphql-client.ts';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { sampleChromatogram, upload } from '../../../test/results-fixtures.ts';
import { linkInstrument, storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';

describe.each(await backends())('audit trail views on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let sequenceId: number;
  let draftId: number;
  let methodId: number;
  let measurementId: number;
  let instrument: LinkedInstrument;
  const api = (method: string, path: string, body?: unknown, token = owner.access) =>
    request(base, method, path, { token, body });

  beforeAll(async () => {
    server = await startTestServer({ backend });
    base = server.baseUrl;
    owner = await signUp(base);
    stranger = await signUp(base);
    instrument = await linkInstrument(server, owner.id);
    const device = { id: instrument.deviceId };
    methodId = await storeMethod(server, owner.id);
    const sample = await api('POST', '/api/samples/', {
      name: 'Green tea',
      device_id: device.id,
      method_id: methodId,
      column_name: 'C18 4.6 × 150 mm',
    });
    const sequence = await api('POST', '/api/sequences/', {
      name: 'Tea batch 7',
      device_id: device.id,
      method_id: methodId,
    });
    expect(sample.status, JSON.stringify(sample.body)).toBe(201);
    expect(sequence.status, JSON.stringify(sequence.body)).toBe(201);
    sequenceId = sequence.body.id;
    const draft = await api('POST', `/api/sequences/${sequenceId}/drafts/`, {
      sample_id: sample.body.id,
      vial: 3,
    });
    draftId = draft.body.id;
    const file = sampleChromatogram();
    measurementId = (await upload(base, owner.access, file.name, file.bytes)).body.measurement_id;
  });
  afterAll(async () => {
    await instrument?.client.stop();
    await server?.dispose();
  });

  it("reads a sequence row's change in words: who, the row, each field's label and old → new", async () => {
    const changed = await api('PATCH', `/api/sequences/${sequenceId}/drafts/${draftId}/`, {
      vial: 4,
      injections_count: 3,
    });
    expect(changed.status).toBe(200);
    const trail = await api('GET', `/api/audit/sequences/${sequenceId}/`);
    expect(trail.status).toBe(200);
    expect(auditTrailSchema.strict().safeParse(trail.body).error).toBeUndefined();
    const entry = trail.body.entries.find((e: any) => e.entity === 'drafts' && e.action === 'update');
    expect(entry).toMatchObject({
      user: { id: owner.id, email: owner.email },
      entity_label: 'Sequence row',
      entity_id: String(draftId),
      label: 'vial 4',
      action_label: 'Changed',
      summary: `Changed Sequence row ${draftId} (vial 4): Vial 3 → 4; Injections 1 → 3`,
    });
    expect(entry.changes).toEqual([
      { field: 'vial', label: 'Vial', old: '3', new: '4' },
      { field: 'injections_count', label: 'Injections', old: '1', new: '3' },
    ]);
    expect(new Date(entry.at).toISOString()).toBe(entry.at);
    // The sequence's own creation and the row's creation are in the same trail, oldest first.
    expect(trail.body.entries.map((e: any) => `${e.entity} ${e.action}`).slice(0, 3)).toEqual([
      'sequences create',
      'drafts create',
      'drafts update',
    ]);
  });

  it("prints the sequence's trail, readable, in the sequence report", async () => {
    const report = await api('GET', `/api/reports/sequence/${sequenceId}/`);
    expect(report.status).toBe(200);
    const change = report.body.audit.find((e: any) => e.entity === 'drafts' && e.action === 'update');
    expect(change).toMatchObject({
      user: { email: owner.email },
      changes: [
        { label: 'Vial', old: '3', new: '4' },
        { label: 'Injections', old: '1', new: '3' },
      ],
    });
  });

  it('names users without their address in a report read through a share link', async () => {
    const link = await api('POST', '/api/share-tokens/', {
      object_type: 'sequence',
      object_id: sequenceId,
      expires_in_days: 1,
    });
    expect(link.status).toBe(201);
    const exchanged = await request(base, 'POST', '/api/hasura/auth/share-token', {
      body: { share_token: link.body.token, id: sequenceId },
    });
    const report = await api('GET', `/api/reports/sequence/${sequenceId}/`, undefined, exchanged.body.token);
    expect(report.status).toBe(200);
    expect(report.body.audit.length).toBeGreaterThan(0);
    expect(report.text).not.toContain(owner.email);
    expect(report.body.audit[0].user).toEqual({ id: owner.id, email: null, name: null });
  });

  it("reads a method's rename made through GraphQL and a measurement's import and processing", async () => {
    await graphqlData(
      base,
      owner.access,
      `mutation { update_methods_by_pk(pk_columns: {id: ${methodId}}, _set: {name: "Caffeine assay v2"}) { id } }`,
    );
    const method = await api('GET', `/api/audit/methods/${methodId}/`);
    // The rename is the method's version 2 (migration 0029): the change and the new version, both audited.
    const rename = { field: 'name', label: 'Name', old: 'Caffeine assay', new: 'Caffeine assay v2' };
    const version = { field: 'version', label: 'Version', old: '1', new: '2' };
    const entry = (action: string) =>
      method.body.entries.find((event: { action: string }) => event.action === action);
    expect(entry('update')).toMatchObject({
      entity_label: 'Method',
      label: 'Caffeine assay v2',
      changes: [rename],
    });
    expect(entry('new_version')).toMatchObject({
      entity_label: 'Method',
      label: 'Caffeine assay v2',
      changes: [rename, version],
    });
    const measurement = await api('GET', `/api/audit/measurements/${measurementId}/`);
    expect(measurement.body.entries.map((e: any) => e.action_label)).toEqual(['Imported', 'Processed']);
    // Processing at import is the importer's work: the event names them.
    expect(measurement.body.entries[1]).toMatchObject({
      entity_label: 'Result',
      user: { id: owner.id, email: owner.email },
    });
  });

  it('filters the trail by kind, action, user, text and dates, in pages, newest first', async () => {
    const all = await api('GET', '/api/audit/?limit=2');
    expect(all.status).toBe(200);
    expect(auditPageSchema.strict().safeParse(all.body).error).toBeUndefined();
    expect(all.body.entries).toHaveLength(2);
    expect(all.body.total).toBeGreaterThanOrEqual(6);
    expect(all.body.entries[0].chain_seq).toBeGreaterThan(all.body.entries[1].chain_seq);
    const next = await api('GET', '/api/audit/?limit=2&offset=2');
    expect(next.body.entries[0].chain_seq).toBeLessThan(all.body.entries[1].chain_seq);

    const rows = await api('GET', '/api/audit/?entity=drafts&action=update');
    expect(rows.body.entries.map((e: any) => e.entity_id)).toEqual([String(draftId)]);
    const byText = await api('GET', `/api/audit/?text=${encodeURIComponent('Tea batch')}`);
    expect(byText.body.entries.map((e: any) => e.entity)).toEqual(['sequences']);
    const byUser = await api('GET', `/api/audit/?user_id=${owner.id}&entity=samples`);
    expect(byUser.body.entries).toHaveLength(1);
    // Values that point to other objects read as their names today (renamed above) with their ids.
    expect(byUser.body.entries[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'device_id', label: 'Instrument', old: null, new: `Test HPLC (#${instrument.deviceId})` },
        { field: 'method_id', label: 'Method', old: null, new: `Caffeine assay v2 (#${methodId})` },
      ]),
    );
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const none = await api('GET', `/api/audit/?from=${encodeURIComponent(future)}`);
    expect(none.body).toMatchObject({ total: 0, entries: [] });
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const window = await api(
      'GET',
      `/api/audit/?from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}`,
    );
    expect(window.body.total).toBe(all.body.total);

    const filters = await api('GET', '/api/audit/filters/');
    expect(auditFiltersSchema.strict().safeParse(filters.body).error).toBeUndefined();
    expect(filters.body.entities).toContainEqual({ entity: 'drafts', label: 'Sequence row' });
  });

  it('exports the filtered trail as CSV, one line per changed field', async () => {
    const csv = await api('GET', '/api/audit/?format=csv&entity=drafts');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Time (UTC),User,Object,Object id,Name,Action,Field,Old value,New value,Reason,Entry,Chain position,Hash',
    );
    expect(
      lines.some((line) => line.includes(`,Sequence row,${draftId},vial 4,Changed,Injections,1,3,`)),
    ).toBe(true);
  });

  it("shows nothing of another user's and refuses bad queries with catalogue messages", async () => {
    const foreign = await api('GET', `/api/audit/sequences/${sequenceId}/`, undefined, stranger.access);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({
      code: 'audit_object_not_found',
      detail: domainErrors.audit_object_not_found,
    });
    const theirs = await api('GET', '/api/audit/', undefined, stranger.access);
    expect(theirs.body).toMatchObject({ total: 0, entries: [] });
    const kind = await api('GET', `/api/audit/rockets/1/`);
    expect(kind.body.code).toBe('audit_object_kind_unknown');
    const range = await api('GET', `/api/audit/?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z`);
    expect(range.status).toBe(400);
    expect(range.body.code).toBe('audit_range_invalid');
    for (const query of ['limit=0', 'limit=100000', 'offset=-1', 'from=yesterday', 'format=xml']) {
      const refused = await api('GET', `/api/audit/?${query}`);
      expect(refused.status, query).toBe(400);
    }
    expect((await request(base, 'GET', '/api/audit/')).status).toBe(401);
  });

  it("gives every member of the workspace its whole trail, with each event's workspace", async () => {
    const db = server.context.database.db;
    const { current_workspace_id: workspaceId } = await db
      .selectFrom('users')
      .select('current_workspace_id')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    // Events written by services and by the runner carry the workspace of their object.
    const unplaced = await db
      .selectFrom('auditEvents')
      .select(['entity', 'action'])
      .where('owner_id', '=', owner.id)
      .where((eb) => eb.or([eb('workspace_id', 'is', null), eb('workspace_id', '!=', workspaceId)]))
      .execute();
    expect(unplaced).toEqual([]);

    const auditor = await signUp(base);
    await db
      .insertInto('workspace_members')
      .values({ workspace_id: workspaceId!, user_id: auditor.id, role: 'auditor' })
      .execute();
    await db
      .updateTable('users')
      .set({ current_workspace_id: workspaceId })
      .where('id', '=', auditor.id)
      .execute();
    const rows = await api('GET', '/api/audit/?entity=drafts', undefined, auditor.access);
    expect(rows.body.entries.map((e: any) => e.entity_id)).toContain(String(draftId));
    const trail = await api('GET', `/api/audit/sequences/${sequenceId}/`, undefined, auditor.access);
    expect(trail.status).toBe(200);
    expect(trail.body.entries.length).toBeGreaterThan(2);
  });

  it('reports the verification of the chain', async () => {
    const status = await api('GET', '/api/audit/verification/');
    expect(status.status).toBe(200);
    expect(auditChainStatusSchema.strict().safeParse(status.body).error).toBeUndefined();
    expect(status.body).toMatchObject({ valid: true, first_broken: null });
    expect(status.body.checked).toBeGreaterThan(5);
  });
});
