// The permission matrix of docs/roles.md, driven through every layer: one user of each role in one
// workspace calls REST, GraphQL and realtime, and each answer is allowed or refused exactly as the privilege
// table (@eluent/contracts roles.ts, which roles-doc.test.ts holds equal to the document) says; a user of
// another workspace reads nothing and writes nothing.
import { allows, workspaceRoles, type Privilege, type WorkspaceRole } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../test/graphql-client.ts';
import { backends, request, signUp, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTemplate, sampleChromatogram, upload } from '../../test/results-fixtures.ts';
import { linkInstrument, storeMethod, type LinkedInstrument } from '../../test/sequences-fixtures.ts';
import { scaled } from '../../test/eventually.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(await backends('both'))('permission matrix on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let instrument: LinkedInstrument;
  let admin: Account;
  let outsider: Account;
  let workspaceId: number;
  const users = {} as Record<WorkspaceRole, Account>;
  const ids = {
    method: 0,
    sample: 0,
    sequence: 0,
    measurement: 0,
    result: 0,
    peak: 0,
    template: '',
    overlay: 0,
  };

  const api = (who: Account, method: string, path: string, body?: unknown) =>
    request(base, method, path, { token: who.access, body });
  const sampleBody = () => ({
    name: `Matrix ${Math.random()}`,
    device_id: instrument.deviceId,
    method_id: ids.method,
    column_name: 'C18',
  });

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { ELUENT_SIM_SPEED: '100' } });
    base = server.baseUrl;
    admin = await signUp(base);
    users.admin = admin;
    const db = server.context.database.db;
    workspaceId = (await api(admin, 'GET', '/api/workspaces/')).body.current.id;
    // Members arranged in the database (invitations have their own tests).
    for (const role of ['analyst', 'reviewer', 'auditor'] as const) {
      users[role] = await signUp(base);
      await db
        .insertInto('workspace_members')
        .values({ workspace_id: workspaceId, user_id: users[role].id, role })
        .execute();
      await db
        .updateTable('users')
        .set({ current_workspace_id: workspaceId })
        .where('id', '=', users[role].id)
        .execute();
    }
    outsider = await signUp(base);
    instrument = await linkInstrument(server, admin.id, 100);
    ids.method = await storeMethod(server, admin.id);
    ids.template = await createTemplate(base, admin.access, 'Matrix template', {});
    ids.sample = (await api(admin, 'POST', '/api/samples/', sampleBody())).body.id;
    ids.sequence = (
      await api(admin, 'POST', '/api/sequences/', { name: 'Matrix run', device_id: instrument.deviceId })
    ).body.id;
    const file = sampleChromatogram();
    ids.measurement = (await upload(base, admin.access, file.name, file.bytes)).body.measurement_id;
    const versions = await api(admin, 'GET', `/api/measurements/${ids.measurement}/results/`);
    ids.result = versions.body.results[0].id;
    ids.peak = versions.body.results[0].peaks[0].id;
    ids.overlay = (await api(admin, 'POST', '/api/overlays/', overlayBody())).body.id;
  }, scaled(120_000));
  afterAll(async () => {
    await instrument?.client.stop();
    await server?.dispose();
  });

  const overlayBody = () => ({ name: `Overlay ${Math.random()}`, measurement_ids: [ids.measurement] });

  /** Each case: what it needs, and one call whose refusal is a 403 (REST) or a permission refusal. */
  const restCases: Array<{ privilege: Privilege; call: (who: Account) => Promise<{ status: number }> }> = [
    { privilege: 'instruments.read', call: (who) => api(who, 'GET', `/api/devices/${instrument.deviceId}/`) },
    {
      privilege: 'instruments.update',
      call: (who) => api(who, 'PUT', '/api/devices/order/', { ids: [instrument.deviceId] }),
    },
    {
      privilege: 'instruments.claim',
      call: (who) =>
        api(who, 'POST', '/api/devices/claim/', { serial_number: 'SIM-NONE', pairing_code: 'x' }),
    },
    {
      privilege: 'instruments.command',
      call: (who) => api(who, 'POST', `/api/devices/${instrument.deviceId}/wifi/scan/`),
    },
    { privilege: 'samples.read', call: (who) => api(who, 'GET', `/api/samples/${ids.sample}/`) },
    { privilege: 'samples.create', call: (who) => api(who, 'POST', '/api/samples/', sampleBody()) },
    {
      privilege: 'samples.update',
      call: (who) => api(who, 'PATCH', `/api/samples/${ids.sample}/`, { description: who.email }),
    },
    {
      privilege: 'samples.delete',
      call: async (who) => {
        const spare = (await api(admin, 'POST', '/api/samples/', sampleBody())).body.id;
        return api(who, 'DELETE', `/api/samples/${spare}/`);
      },
    },
    { privilege: 'sequences.read', call: (who) => api(who, 'GET', `/api/sequences/${ids.sequence}/`) },
    {
      privilege: 'sequences.create',
      call: (who) => api(who, 'POST', '/api/sequences/', { name: 'By role', device_id: instrument.deviceId }),
    },
    {
      privilege: 'sequences.update',
      call: (who) => api(who, 'PATCH', `/api/sequences/${ids.sequence}/`, { name: `Renamed ${who.id}` }),
    },
    {
      privilege: 'sequences.delete',
      call: async (who) => {
        const spare = (
          await api(admin, 'POST', '/api/sequences/', { name: 'Spare', device_id: instrument.deviceId })
        ).body.id;
        return api(who, 'DELETE', `/api/sequences/${spare}/`);
      },
    },
    // No rows in the table: an allowed start is refused for that (409/400), never for the role.
    { privilege: 'sequences.run', call: (who) => api(who, 'POST', `/api/sequences/${ids.sequence}/start/`) },
    {
      privilege: 'measurements.read',
      call: (who) => api(who, 'GET', `/api/measurements/${ids.measurement}/data/`),
    },
    {
      privilege: 'measurements.import',
      call: async (who) => {
        const file = sampleChromatogram();
        return upload(base, who.access, file.name, file.bytes);
      },
    },
    {
      privilege: 'results.read',
      call: (who) => api(who, 'GET', `/api/measurements/${ids.measurement}/results/`),
    },
    {
      privilege: 'results.process',
      call: (who) => api(who, 'POST', '/api/processing-jobs/', { measurement_id: ids.measurement }),
    },
    {
      privilege: 'reports.issue',
      call: (who) => api(who, 'POST', `/api/reports/sequence/${ids.sequence}/`),
    },
    { privilege: 'overlays.read', call: (who) => api(who, 'GET', '/api/overlays/') },
    { privilege: 'overlays.create', call: (who) => api(who, 'POST', '/api/overlays/', overlayBody()) },
    {
      privilege: 'overlays.update',
      call: (who) => api(who, 'PATCH', `/api/overlays/${ids.overlay}/`, { name: `Renamed ${who.id}` }),
    },
    {
      privilege: 'overlays.delete',
      call: async (who) => {
        const spare = (await api(admin, 'POST', '/api/overlays/', overlayBody())).body.id;
        return api(who, 'DELETE', `/api/overlays/${spare}/`);
      },
    },
    { privilege: 'shareLinks.read', call: (who) => api(who, 'GET', '/api/share-tokens/') },
    {
      privilege: 'shareLinks.create',
      call: (who) =>
        api(who, 'POST', '/api/share-tokens/', { object_type: 'sequence', object_id: ids.sequence }),
    },
    {
      privilege: 'shareLinks.revoke',
      call: async (who) => {
        const link = await api(admin, 'POST', '/api/share-tokens/', {
          object_type: 'sample',
          object_id: ids.sample,
        });
        return api(who, 'DELETE', `/api/share-tokens/${link.body.id}/`);
      },
    },
    { privilege: 'members.read', call: (who) => api(who, 'GET', `/api/workspaces/${workspaceId}/members/`) },
    {
      privilege: 'members.manage',
      call: (who) => api(who, 'GET', `/api/workspaces/${workspaceId}/invitations/`),
    },
  ];

  it.each([...workspaceRoles])('REST answers the %s exactly what the matrix allows', async (role) => {
    const who = users[role];
    const outcomes: Record<string, boolean> = {};
    const expected: Record<string, boolean> = {};
    for (const { privilege, call } of restCases) {
      const { status } = await call(who);
      expect(status, `${role} ${privilege}`).toBeLessThan(500);
      outcomes[privilege] = status !== 403;
      expected[privilege] = allows(role, privilege);
    }
    expect(outcomes).toEqual(expected);
  });

  /** GraphQL: a read of every table, and the writes the schema has, per privilege. */
  const graphqlCases: Array<{ privilege: Privilege; run: (who: Account) => Promise<boolean> }> = [
    {
      privilege: 'methods.read',
      run: async (who) =>
        (await graphql(base, who.access, `{ methods(where: {id: {_eq: ${ids.method}}}) { id } }`)).data
          .methods.length === 1,
    },
    {
      privilege: 'methods.create',
      run: async (who) => {
        const answer = await graphql(
          base,
          who.access,
          'mutation { insert_methods_one(object: {name: "By role", hardware_configuration: []}) { id } }',
        );
        return Boolean(answer.data?.insert_methods_one?.id);
      },
    },
    {
      privilege: 'methods.update',
      run: async (who) =>
        Boolean(
          (
            await graphql(
              base,
              who.access,
              `mutation { update_methods_by_pk(pk_columns: {id: ${ids.method}}, _set: {name: "Checked"}) { id } }`,
            )
          ).data?.update_methods_by_pk,
        ),
    },
    {
      privilege: 'templates.update',
      run: async (who) =>
        Boolean(
          (
            await graphql(
              base,
              who.access,
              `mutation { update_postprocessingTemplates(where: {uuid: {_eq: "${ids.template}"}}, _set: {is_favorite: true}) { affected_rows } }`,
            )
          ).data?.update_postprocessingTemplates?.affected_rows,
        ),
    },
    {
      privilege: 'instruments.update',
      run: async (who) =>
        Boolean(
          (
            await graphql(
              base,
              who.access,
              `mutation { update_devices_by_pk(pk_columns: {id: ${instrument.deviceId}}, _set: {name: "Bench"}) { id } }`,
            )
          ).data?.update_devices_by_pk,
        ),
    },
    {
      privilege: 'measurements.update',
      run: async (who) =>
        Boolean(
          (
            await graphql(
              base,
              who.access,
              `mutation { update_measurements_by_pk(pk_columns: {id: ${ids.measurement}}, _set: {name: "Run"}) { id } }`,
            )
          ).data?.update_measurements_by_pk,
        ),
    },
    {
      privilege: 'results.process',
      run: async (who) =>
        Boolean(
          (
            await graphql(
              base,
              who.access,
              `mutation { update_peaks_by_pk(pk_columns: {id: ${ids.peak}}, _set: {name: "caffeine"}) { id } }`,
            )
          ).data?.update_peaks_by_pk,
        ),
    },
    {
      privilege: 'audit.read',
      run: async (who) =>
        (await graphql(base, who.access, '{ auditEvents(limit: 1) { id } }')).data.auditEvents.length === 1,
    },
  ];

  const readQuery = `{
    devices { id } methods(where: {is_example: {_eq: false}}) { id } postprocessingTemplates { uuid }
    samples { id } sequences { id } measurements { id } processing_results { id } peaks(limit: 1) { id }
  }`;

  it.each([...workspaceRoles])('GraphQL answers the %s exactly what the matrix allows', async (role) => {
    const who = users[role];
    const read = (await graphql(base, who.access, readQuery)).data;
    for (const [table, rows] of Object.entries(read)) expect(rows, `${role} reads ${table}`).not.toEqual([]);
    const outcomes: Record<string, boolean> = {};
    const expected: Record<string, boolean> = {};
    for (const { privilege, run } of graphqlCases) {
      outcomes[privilege] = await run(who);
      expected[privilege] = allows(role, privilege);
    }
    expect(outcomes).toEqual(expected);
  });

  it('review and approval signatures follow results.review and results.approve', async () => {
    // The analyst's own measurement: privileges decide who may sign, separation of duties the rest.
    const file = sampleChromatogram();
    const measurement = (await upload(base, users.analyst.access, file.name, file.bytes)).body.measurement_id;
    const sign = (who: Account, meaning: string) =>
      api(who, 'POST', `/api/measurements/${measurement}/signatures/`, { meaning, password: who.password });
    for (const role of workspaceRoles.filter((role) => !allows(role, 'results.review')))
      expect((await sign(users[role], 'reviewed')).body.code, role).toBe('signature_not_permitted');
    expect((await sign(users.reviewer, 'reviewed')).status).toBe(201);
    for (const role of workspaceRoles.filter((role) => !allows(role, 'results.approve')))
      expect((await sign(users[role], 'approved')).body.code, role).toBe('signature_not_permitted');
    expect((await sign(users.reviewer, 'approved')).body.code).toBe('signature_reviewer_approves');
    expect((await sign(outsider, 'approved')).status).toBe(404);
    expect((await sign(users.admin, 'approved')).status).toBe(201);
  });

  const channels = () => [
    `devices:${instrument.deviceId}`,
    `sequences:${ids.sequence}`,
    `measurements:${ids.measurement}`,
  ];
  const subscribe = (who: Account, channel: string) =>
    request(base, 'POST', `/api/centrifuge/subscribe?token=${encodeURIComponent(who.access)}`, {
      body: { channels: [channel] },
    });

  it.each([...workspaceRoles])('realtime opens the workspace channels to the %s', async (role) => {
    for (const channel of channels()) {
      const answer = await subscribe(users[role], channel);
      expect(answer.status, `${role} ${channel}`).toBe(allows(role, 'sequences.read') ? 200 : 403);
    }
  });

  // The versions of a method and a template are read as the record is (methods.read, templates.read).
  const versionPaths = () => [
    `/api/methods/${ids.method}/versions/`,
    `/api/methods/${ids.method}/versions/1/`,
    `/api/templates/${ids.template}/versions/`,
    `/api/templates/${ids.template}/versions/1/`,
  ];

  it.each(workspaceRoles)('the versions of a method and a template read as the record: %s', async (role) => {
    for (const path of versionPaths()) {
      const privilege: Privilege = path.startsWith('/api/methods/') ? 'methods.read' : 'templates.read';
      const { status } = await api(users[role], 'GET', path);
      expect({ path, status }).toEqual({ path, status: allows(role, privilege) ? 200 : 403 });
    }
  });

  it('shows a user of another workspace nothing, and lets it change nothing', async () => {
    for (const channel of channels()) expect((await subscribe(outsider, channel)).status).toBe(403);
    const read = (await graphql(base, outsider.access, readQuery)).data;
    for (const [table, rows] of Object.entries(read)) expect(rows, `outsider reads ${table}`).toEqual([]);
    // (A creation by the outsider lands in its own workspace: not a write to this one.)
    for (const { privilege, run } of graphqlCases.filter((c) => !c.privilege.endsWith('.create')))
      expect(await run(outsider), privilege).toBe(false);
    expect((await api(outsider, 'GET', '/api/samples/')).body).toEqual([]);
    expect((await api(outsider, 'GET', '/api/sequences/')).body).toEqual([]);
    expect((await api(outsider, 'GET', '/api/overlays/')).body).toEqual([]);
    expect((await api(outsider, 'DELETE', `/api/overlays/${ids.overlay}/`)).status).toBe(404);
    for (const path of [
      `/api/devices/${instrument.deviceId}/`,
      `/api/samples/${ids.sample}/`,
      `/api/sequences/${ids.sequence}/`,
      `/api/measurements/${ids.measurement}/data/`,
      `/api/measurements/${ids.measurement}/results/`,
      `/api/measurements/${ids.measurement}/asm/`,
      `/api/measurements/${ids.measurement}/channels/`,
      `/api/measurements/${ids.measurement}/vendor-comparison/`,
      `/api/reports/sequence/${ids.sequence}/`,
      `/api/overlays/${ids.overlay}/`,
      ...versionPaths(),
    ]) {
      expect((await api(outsider, 'GET', path)).status, path).toBe(404);
    }
    expect((await api(outsider, 'PATCH', `/api/sequences/${ids.sequence}/`, { name: 'Taken' })).status).toBe(
      404,
    );
    expect((await api(outsider, 'GET', `/api/workspaces/${workspaceId}/members/`)).status).toBe(404);
  });
});
