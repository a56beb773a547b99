// Authorization is enforced in SQL: a second user and a visitor try every table and operation, and
// nothing leaks and nothing changes. Visitor tokens end with revocation.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { graphql, graphqlData } from '../../../test/graphql-client.ts';
import { tables } from '../../repositories/graphql/tables.ts';
import { workspaceOf } from '../../../test/workspaces.ts';

const everything = `query Everything {\n${tables
  .map(
    (table) =>
      `  ${table.name}(order_by: {id: asc}) { ${table.columns.map((column) => column.name).join(' ')} }`,
  )
  .join('\n')}\n}`;

describe.each(await backends('both'))('GraphQL permissions on $name', (backend) => {
  let server: TestServer;
  let owner: string;
  let stranger: string;
  let visitor: string;
  const ids: Record<string, number> = {};
  let templateUuid: string;
  let shareToken: string;

  const asOwner = (query: string, variables?: Record<string, unknown>) =>
    graphqlData(server.baseUrl, owner, query, variables);

  beforeAll(async () => {
    server = await startTestServer({ backend });
    const ownerAccount = await signUp(server.baseUrl);
    owner = ownerAccount.access;
    stranger = (await signUp(server.baseUrl)).access;
    const db = server.context.database.db;
    const device = await db
      .insertInto('devices')
      .values({
        owner_id: ownerAccount.id,
        workspace_id: await workspaceOf(db, ownerAccount.id),
        serial_number: `SN-${randomUUID()}`,
        name: 'HPLC 1',
        pairing_code_hash: 'x',
        hardware_configuration: '[]',
        installed_column: JSON.stringify({ name: 'C18' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.device = device.id;
    ids.method = (
      await asOwner(`mutation { insert_methods_one(object: {name: "Owner method"}) { id } }`)
    ).insert_methods_one.id;
    templateUuid = randomUUID();
    ids.template = (
      await asOwner(
        `mutation ($u: uuid!) { insert_postprocessingTemplates_one(object: {uuid: $u, name: "Owner template"}) { id } }`,
        { u: templateUuid },
      )
    ).insert_postprocessingTemplates_one.id;
    // Samples, standards, sequences, drafts and share tokens are written through REST only.
    const owned = async (method: string, path: string, body: Record<string, unknown>) => {
      const response = await request(server.baseUrl, method, path, { token: owner, body });
      expect(response.status, path).toBe(201);
      return response.body;
    };
    ids.sample = (
      await owned('POST', '/api/samples/', {
        name: 'Caffeine',
        device_id: ids.device,
        method_id: ids.method,
        column_name: 'C18',
      })
    ).id;
    ids.otherSample = (
      await owned('POST', '/api/samples/', {
        name: 'Not shared',
        device_id: ids.device,
        method_id: ids.method,
        column_name: 'C18',
      })
    ).id;
    ids.standard = (
      await db
        .insertInto('standards')
        .values({
          owner_id: ownerAccount.id,
          workspace_id: await workspaceOf(db, ownerAccount.id),
          sample_id: ids.sample!,
          analyte: 'caffeine',
          amount: 10,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    ids.sequence = (
      await owned('POST', '/api/sequences/', {
        name: 'Run 1',
        device_id: ids.device,
        template_uuid: templateUuid,
      })
    ).id;
    ids.draft = (
      await owned('POST', `/api/sequences/${ids.sequence}/drafts/`, {
        sample_id: ids.sample,
        method_id: ids.method,
        vial: 1,
      })
    ).id;
    const injection = await db
      .insertInto('injections')
      .values({
        owner_id: ownerAccount.id,
        workspace_id: await workspaceOf(db, ownerAccount.id),
        sequence_id: ids.sequence,
        draft_id: ids.draft,
        sample_id: ids.sample,
        device_id: ids.device,
        state: 'finished',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.injection = injection.id;
    const measurement = await db
      .insertInto('measurements')
      .values({
        owner_id: ownerAccount.id,
        workspace_id: await workspaceOf(db, ownerAccount.id),
        injection_id: ids.injection,
        sample_id: ids.sample,
        device_id: ids.device,
        name: 'Caffeine #1',
        state: 'complete',
        metadata: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.measurement = measurement.id;
    for (const version of [1, 2]) {
      const result = await db
        .insertInto('processing_results')
        .values({
          owner_id: ownerAccount.id,
          workspace_id: await workspaceOf(db, ownerAccount.id),
          measurement_id: ids.measurement,
          version,
          template_snapshot: '{}',
          algorithm_versions: '{}',
          figures: '{}',
          errors: '[]',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[`result${version}`] = result.id;
      const peak = await db
        .insertInto('peaks')
        .values({
          owner_id: ownerAccount.id,
          workspace_id: await workspaceOf(db, ownerAccount.id),
          result_id: result.id,
          measurement_id: ids.measurement,
          number: 1,
          retention_time_sec: 100 + version,
          start_sec: 90,
          end_sec: 110,
          area: 1000 * version,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[`peak${version}`] = peak.id;
    }
    const share = await owned('POST', '/api/share-tokens/', { object_type: 'sample', object_id: ids.sample });
    ids.share = share.id;
    shareToken = share.token;
    const expiresInDays = (Date.parse(share.expires_at) - Date.now()) / 86_400_000;
    expect(Math.round(expiresInDays)).toBe(30);
    const exchanged = await request(server.baseUrl, 'POST', '/api/hasura/auth/share-token', {
      body: { share_token: shareToken, id: ids.sample },
    });
    expect(exchanged.status).toBe(200);
    visitor = exchanged.body.token;
  });
  afterAll(async () => server?.dispose());

  it('gives the owner its rows through every relationship in one request', async () => {
    const data = await asOwner(
      `query ($q: Int!, $m: Int!) {
      sequences_by_pk(id: $q) { name device { name } drafts { vial sample { name standards { analyte } } method { name } } }
      measurements_by_pk(id: $m) { peaks { retention_time_sec area } processing_results { version peaks { area } } injection { state } }
      samples(where: {injections: {state: {_eq: "finished"}}}) { name injections { measurements { name } } }
    }`,
      { q: ids.sequence, m: ids.measurement },
    );
    expect(data.sequences_by_pk).toEqual({
      name: 'Run 1',
      device: { name: 'HPLC 1' },
      drafts: [
        {
          vial: 1,
          sample: { name: 'Caffeine', standards: [{ analyte: 'caffeine' }] },
          method: { name: 'Owner method' },
        },
      ],
    });
    expect(data.measurements_by_pk.peaks).toEqual([{ retention_time_sec: 102, area: 2000 }]);
    expect(data.measurements_by_pk.processing_results.map((r: { version: number }) => r.version)).toEqual([
      1, 2,
    ]);
    expect(data.samples).toEqual([
      { name: 'Caffeine', injections: [{ measurements: [{ name: 'Caffeine #1' }] }] },
    ]);
  });

  it('shows a second user nothing of the owner, in any table, and lets it change nothing', async () => {
    const before = await asOwner(everything);
    const seen = await graphqlData(server.baseUrl, stranger, everything);
    for (const table of tables) {
      const rows = seen[table.name] as Array<{ is_example?: boolean }>;
      expect(
        rows.filter((row) => !row.is_example),
        table.name,
      ).toEqual([]);
    }
    const byKey: Record<string, number> = {
      devices: ids.device!,
      methods: ids.method!,
      postprocessingTemplates: ids.template!,
      samples: ids.sample!,
      standards: ids.standard!,
      sequences: ids.sequence!,
      drafts: ids.draft!,
      injections: ids.injection!,
      measurements: ids.measurement!,
      processing_results: ids.result1!,
      peaks: ids.peak1!,
      shareTokens: ids.share!,
      auditEvents: 1,
    };
    for (const table of tables) {
      const id = byKey[table.name];
      const read = await graphqlData(
        server.baseUrl,
        stranger,
        `query ($id: ${table.name === 'auditEvents' ? 'bigint' : 'Int'}!) { ${table.name}_by_pk(id: $id) { id } ${table.name}_aggregate { aggregate { count } } }`,
        { id },
      );
      expect(read[`${table.name}_by_pk`], table.name).toBeNull();
      if (table.name !== 'methods')
        expect(read[`${table.name}_aggregate`].aggregate.count, table.name).toBe(0);
      if (table.updatable) {
        const column = table.updatable.includes('name') ? 'name' : table.updatable[0]!;
        const type = table.columns.find((c) => c.name === column)!.type;
        const value =
          type === 'String'
            ? 'taken'
            : type === 'Int'
              ? 7
              : type === 'Boolean'
                ? true
                : type === 'timestamptz'
                  ? new Date().toISOString()
                  : type === 'uuid'
                    ? randomUUID()
                    : {};
        const updated = await graphqlData(
          server.baseUrl,
          stranger,
          `mutation ($id: Int!, $v: ${type}) { update_${table.name}_by_pk(pk_columns: {id: $id}, _set: {${column}: $v}) { id } update_${table.name}(where: {}, _set: {${column}: $v}) { affected_rows } }`,
          { id, v: value },
        );
        expect(updated[`update_${table.name}_by_pk`], table.name).toBeNull();
        expect(updated[`update_${table.name}`].affected_rows, table.name).toBe(0);
      } else {
        const refused = await graphql(
          server.baseUrl,
          stranger,
          `mutation { update_${table.name}(where: {}, _set: {}) { affected_rows } }`,
        );
        expect(refused.errors?.[0]?.extensions.code, table.name).toBe('validation-failed');
      }
      if (table.deletable) {
        const deleted = await graphqlData(
          server.baseUrl,
          stranger,
          `mutation ($id: Int!) { delete_${table.name}_by_pk(id: $id) { id } delete_${table.name}(where: {}) { affected_rows } }`,
          { id },
        );
        expect(deleted[`delete_${table.name}_by_pk`], table.name).toBeNull();
        expect(deleted[`delete_${table.name}`].affected_rows, table.name).toBe(0);
      }
    }
    const intrusions: Array<[string, Record<string, unknown>]> = [
      [
        `mutation ($u: uuid!) { insert_postprocessingTemplates_one(object: {uuid: $u, name: "stolen"}, on_conflict: {constraint: postprocessingTemplates_uuid_key, update_columns: [name]}) { id name } }`,
        { u: templateUuid },
      ],
    ];
    for (const [mutation, variables] of intrusions) {
      const response = await graphql(server.baseUrl, stranger, mutation, variables);
      expect(response.errors?.[0]?.extensions.code, mutation).toBe('permission-error');
    }
    const shareOfOther = await request(server.baseUrl, 'POST', '/api/hasura/auth/share-token', {
      body: { share_token: shareToken, id: ids.otherSample },
    });
    expect(shareOfOther.status).toBe(404);
    expect(await asOwner(everything)).toEqual(before);
  });

  it('shows a visitor only the shared sample and what hangs under it, read-only', async () => {
    const before = await asOwner(everything);
    const seen = await graphqlData(server.baseUrl, visitor, everything);
    const idsOf = (name: string) => (seen[name] as Array<{ id: number }>).map((row) => row.id);
    expect(idsOf('samples')).toEqual([ids.sample]);
    expect(idsOf('standards')).toEqual([ids.standard]);
    expect(idsOf('injections')).toEqual([ids.injection]);
    expect(idsOf('measurements')).toEqual([ids.measurement]);
    expect(idsOf('processing_results')).toEqual([ids.result1, ids.result2]);
    expect(idsOf('peaks')).toEqual([ids.peak1, ids.peak2]);
    for (const name of [
      'devices',
      'methods',
      'postprocessingTemplates',
      'sequences',
      'drafts',
      'shareTokens',
      'auditEvents',
    ]) {
      expect(idsOf(name), name).toEqual([]);
    }
    const nested = await graphqlData(
      server.baseUrl,
      visitor,
      `query ($s: Int!) { samples_by_pk(id: $s) { name injections { measurements { peaks { area } } } } }`,
      { s: ids.sample },
    );
    expect(nested.samples_by_pk).toEqual({
      name: 'Caffeine',
      injections: [{ measurements: [{ peaks: [{ area: 2000 }] }] }],
    });
    for (const mutation of [
      `mutation ($s: Int!) { update_samples_by_pk(pk_columns: {id: $s}, _set: {name: "x"}) { id } }`,
      `mutation ($s: Int!) { delete_samples_by_pk(id: $s) { id } }`,
      `mutation { insert_methods_one(object: {name: "x"}) { id } }`,
    ]) {
      const response = await graphql(server.baseUrl, visitor, mutation, { s: ids.sample });
      expect(response.errors?.[0]?.extensions.code).toBe('validation-failed');
    }
    expect(await asOwner(everything)).toEqual(before);
  });

  it('ends a visitor token when its share token is revoked', async () => {
    const query = `query ($s: Int!) { samples_by_pk(id: $s) { id } }`;
    expect((await graphqlData(server.baseUrl, visitor, query, { s: ids.sample })).samples_by_pk).toEqual({
      id: ids.sample,
    });
    const revoked = await request(server.baseUrl, 'DELETE', `/api/share-tokens/${ids.share}/`, {
      token: owner,
    });
    expect(revoked.status).toBe(204);
    expect((await graphqlData(server.baseUrl, visitor, query, { s: ids.sample })).samples_by_pk).toBeNull();
    const again = await request(server.baseUrl, 'POST', '/api/hasura/auth/share-token', {
      body: { share_token: shareToken, id: ids.sample },
    });
    expect(again.status).toBe(404);
  });

  it('audits sequence and draft changes and keeps the trail read-only and per user', async () => {
    // The first row has run (its injection is locked), so a second row is added and changed.
    const api = (method: string, path: string, body: unknown) =>
      request(server.baseUrl, method, path, { token: owner, body });
    const added = await api('POST', `/api/sequences/${ids.sequence}/drafts/`, {
      sample_id: ids.sample,
      vial: 1,
    });
    expect(added.status).toBe(201);
    const changed = await api('PATCH', `/api/sequences/${ids.sequence}/drafts/${added.body.id}/`, {
      vial: 5,
    });
    expect(changed.status).toBe(200);
    const trail = await asOwner(
      `query { auditEvents(where: {entity: {_in: ["sequences", "drafts"]}}, order_by: {id: asc}) { entity action old_values new_values } }`,
    );
    expect(trail.auditEvents).toContainEqual(
      expect.objectContaining({
        entity: 'drafts',
        action: 'update',
        old_values: expect.objectContaining({ vial: 1 }),
        new_values: expect.objectContaining({ vial: 5 }),
      }),
    );
    expect(
      trail.auditEvents
        .filter((e: { action: string }) => e.action === 'create')
        .map((e: { entity: string }) => e.entity),
    ).toEqual(['sequences', 'drafts', 'drafts']);
    // Who, old → new, reason and the chain link: the same stored fields REST answers for the same event.
    const readable = await asOwner(
      `query { auditEvents(where: {entity: {_eq: "drafts"}, action: {_eq: "update"}}, order_by: {id: desc}, limit: 1) { id chain_seq user_id user_email entity_label action_label label parent_entity parent_id entity_id reason old_values new_values prev_hash hash } }`,
    );
    const event = readable.auditEvents[0];
    expect(event).toMatchObject({
      user_email: expect.stringContaining('@'),
      parent_entity: 'sequences',
      parent_id: String(ids.sequence),
      entity_id: String(added.body.id),
      old_values: expect.objectContaining({ vial: 1 }),
      new_values: expect.objectContaining({ vial: 5 }),
    });
    expect(event.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(event.prev_hash).toMatch(/^[0-9a-f]{64}$/);
    const rest = await request(server.baseUrl, 'GET', `/api/audit/sequences/${ids.sequence}/`, {
      token: owner,
    });
    const same = rest.body.entries.find((entry: { id: number }) => entry.id === event.id);
    expect(same).toMatchObject({
      chain_seq: event.chain_seq,
      user: { id: event.user_id, email: event.user_email },
      label: event.label,
      entity_id: event.entity_id,
      reason: event.reason,
      hash: event.hash,
      entity_label: 'Sequence row',
      action_label: 'Changed',
    });
    expect(event).toMatchObject({ entity_label: same.entity_label, action_label: same.action_label });
    // Every event of the trail says its kind and action in the words REST uses.
    const words = await asOwner(
      `query { auditEvents(order_by: {id: asc}) { id entity_label action_label } }`,
    );
    const all = await request(server.baseUrl, 'GET', '/api/audit/?limit=500', { token: owner });
    const restWords = new Map(
      all.body.entries.map((entry: { id: number; entity_label: string; action_label: string }) => [
        entry.id,
        [entry.entity_label, entry.action_label],
      ]),
    );
    expect(words.auditEvents.length).toBeGreaterThan(3);
    for (const row of words.auditEvents as Array<{ id: number; entity_label: string; action_label: string }>)
      expect([row.entity_label, row.action_label], `event ${row.id}`).toEqual(restWords.get(row.id));
    const strangerTrail = await graphqlData(server.baseUrl, stranger, `query { auditEvents { id } }`);
    expect(strangerTrail.auditEvents).toEqual([]);
    const write = await graphql(
      server.baseUrl,
      owner,
      `
        mutation {
          delete_auditEvents(where: {}) {
            affected_rows
          }
        }
      `,
    );
    expect(write.errors?.[0]?.extensions.code).toBe('validation-failed');
  });
});
