// One rule set for both write paths (docs/graphql.md "Which path writes which table"): each row is one rule
// of spec §4/§5/§8, tried through REST and through GraphQL. Both must refuse — REST with the rule's
// catalogued `{code, detail}`, GraphQL with the same catalogue message or, for a table GraphQL does not
// write, with Hasura's missing-permission answer — and the database must be unchanged after each try.
// A new rule adds a row to the file of its area in test/write-rules/.
import { randomUUID } from 'node:crypto';
import { domainErrors } from '@eluent/contracts';
import { simulatedHardware } from '@eluent/simulator';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../test/graphql-client.ts';
import { backends, request, signUp, startTestServer, type TestServer } from '../test/harness.ts';
import { storeMethod } from '../test/sequences-fixtures.ts';
import type { Caller, Fixtures } from '../test/write-rules/rows.ts';
import { sampleRows } from '../test/write-rules/sample-rows.ts';
import { sequenceRows } from '../test/write-rules/sequence-rows.ts';
import { shareAndMethodRows } from '../test/write-rules/share-and-method-rows.ts';
import { workspaceOf } from '../test/workspaces.ts';

const column = {
  name: 'C18 4.6 × 150 mm, 5 µm',
  length_mm: 150,
  inner_diameter_mm: 4.6,
  particle_size_um: 5,
};

/** The rows every write of these rules could touch; compared before and after each refused write. */
const watched = [
  'methods',
  'postprocessingTemplates',
  'samples',
  'standards',
  'sequences',
  'drafts',
  'shareTokens',
  'injections',
  'auditEvents',
];

const rows = [...sequenceRows, ...sampleRows, ...shareAndMethodRows];

describe.each(await backends())('one rule set for REST and GraphQL writes on $name', (backend) => {
  let server: TestServer;
  const tokens: Record<Caller, string> = { owner: '', stranger: '' };
  const f = {} as Fixtures;

  const rest = (method: string, path: string, body?: unknown, as: Caller = 'owner') =>
    request(server.baseUrl, method, path, { token: tokens[as], body });
  const created = async (path: string, body: unknown): Promise<number> => {
    const response = await rest('POST', path, body);
    expect(response.status, `${path} ${response.text}`).toBe(201);
    return response.body.id;
  };

  async function snapshot(): Promise<Record<string, unknown[]>> {
    const db = server.context.database.db;
    const tables: Record<string, unknown[]> = {};
    for (const table of watched) {
      tables[table] = (await sql`select * from ${sql.table(table)} order by id`.execute(db)).rows;
    }
    return tables;
  }

  beforeAll(async () => {
    server = await startTestServer({ backend });
    const owner = await signUp(server.baseUrl);
    tokens.owner = owner.access;
    tokens.stranger = (await signUp(server.baseUrl)).access;
    const db = server.context.database.db;
    f.device = (
      await db
        .insertInto('devices')
        .values({
          owner_id: owner.id,
          workspace_id: await workspaceOf(db, owner.id),
          serial_number: 'SIM-RULES-1',
          name: 'HPLC 1',
          pairing_code_hash: 'x',
          hardware_configuration: JSON.stringify(simulatedHardware),
          installed_column: JSON.stringify(column),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    f.method = await storeMethod(server, owner.id);
    f.otherMethod = await storeMethod(server, owner.id, {
      name: 'Other instrument',
      hardware_configuration: JSON.stringify([{ kind: 'pump', model: 'X', limits: {} }]),
    });
    const instrument = { device_id: f.device, method_id: f.method, column_name: column.name };
    f.sample = await created('/api/samples/', { name: 'Coffee', ...instrument });
    f.incompleteStandard = await created('/api/standards/', {
      name: 'Caffeine, no amount',
      ...instrument,
      analytes: [{ analyte: 'caffeine', retention_time_sec: 200 }],
    });
    f.sequence = await created('/api/sequences/', { name: 'New run', device_id: f.device });
    await created(`/api/sequences/${f.sequence}/drafts/`, { sample_id: f.sample, vial: 1 });
    f.template = randomUUID();
    const template = await graphql(
      server.baseUrl,
      tokens.owner,
      `
        mutation ($u: uuid!) {
          insert_postprocessingTemplates_one(object: { uuid: $u, name: "Assay" }) {
            id
          }
        }
      `,
      { u: f.template },
    );
    expect(template.errors).toBeUndefined();
    f.running = await created('/api/sequences/', {
      name: 'Running run',
      device_id: f.device,
      method_id: f.method,
      template_uuid: f.template,
    });
    f.runningDraft = await created(`/api/sequences/${f.running}/drafts/`, { sample_id: f.sample, vial: 1 });
    await db
      .updateTable('sequences')
      .set({ state: 'RUNNING', current_draft_id: f.runningDraft })
      .where('id', '=', f.running)
      .execute();
    const other = await created('/api/sequences/', { name: 'Other run', device_id: f.device });
    f.otherDraft = await created(`/api/sequences/${other}/drafts/`, { sample_id: f.sample, vial: 4 });
    f.share = await created('/api/share-tokens/', { object_type: 'sample', object_id: f.sample });
    f.revokedShare = await created('/api/share-tokens/', { object_type: 'sample', object_id: f.sample });
    expect((await rest('DELETE', `/api/share-tokens/${f.revokedShare}/`)).status).toBe(204);
  });
  afterAll(async () => server?.dispose());

  it.each(rows.map((row) => [row.rule, row] as const))('%s', async (_rule, row) => {
    const before = await snapshot();

    const answer = await rest(row.rest.method, row.rest.path(f), row.rest.body?.(f), row.as);
    expect(answer.body?.code, `REST ${answer.text}`).toBe(row.rest.code);
    if (row.rest.code !== 'invalid') expect(answer.body.detail).toBe(domainErrors[row.rest.code]);
    if (row.rest.field) expect(Object.keys(answer.body.fields ?? {})).toContain(row.rest.field);
    expect(answer.status).toBe(row.rest.status);
    expect(await snapshot(), 'REST changed the database').toEqual(before);

    const response = await graphql(
      server.baseUrl,
      tokens[row.as ?? 'owner'],
      row.graphql.query,
      row.graphql.variables?.(f),
    );
    expect(response.data).toBeUndefined();
    const expected =
      row.graphql.refusal === 'absent'
        ? {
            message: `field '${row.graphql.field}' not found in type: 'mutation_root'`,
            extensions: { code: 'validation-failed', path: `$.selectionSet.${row.graphql.field}` },
          }
        : {
            message: domainErrors[row.graphql.refusal],
            extensions: { code: 'validation-failed', path: '$' },
          };
    expect(response.errors).toEqual([expect.objectContaining(expected)]);
    expect(await snapshot(), 'GraphQL changed the database').toEqual(before);
  });

  it('still writes what the rules allow, through the path that writes each table', async () => {
    const sequence = await rest('POST', '/api/sequences/', {
      name: 'Allowed',
      device_id: f.device,
      method_id: f.method,
    });
    expect(sequence.status).toBe(201);
    const renamed = await graphql(
      server.baseUrl,
      tokens.owner,
      `
        mutation ($m: Int!) {
          update_methods_by_pk(pk_columns: { id: $m }, _set: { name: "Renamed", favorite: true }) {
            id
            name
          }
        }
      `,
      { m: f.method },
    );
    expect(renamed.data).toEqual({ update_methods_by_pk: { id: f.method, name: 'Renamed' } });
    const removed = await rest('DELETE', `/api/sequences/${sequence.body.id}/`);
    expect(removed.status).toBe(204);
    const unused = await graphql(
      server.baseUrl,
      tokens.owner,
      `
        mutation {
          insert_methods_one(object: { name: "Unused" }) {
            id
          }
        }
      `,
    );
    const deleted = await graphql(
      server.baseUrl,
      tokens.owner,
      `
        mutation ($m: Int!) {
          delete_methods_by_pk(id: $m) {
            id
          }
        }
      `,
      { m: unused.data.insert_methods_one.id },
    );
    expect(deleted.data).toEqual({ delete_methods_by_pk: { id: unused.data.insert_methods_one.id } });
  });
});
