// One rule set for both write paths (docs/graphql.md "Which path writes which table"): each row is one rule
// of spec §4/§5/§8, tried through REST and through GraphQL. Both must refuse — REST with the rule's
// catalogued `{code, detail}`, GraphQL with the same catalogue message or, for a table GraphQL does not
// write, with Hasura's missing-permission answer — and the database must be unchanged after each try.
// A new rule adds a row here.
import { domainErrors } from '@eluent/contracts';
import { simulatedHardware } from '@eluent/simulator';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../test/graphql-client.ts';
import { backends, request, signUp, startTestServer, type TestServer } from '../test/harness.ts';
import { storeMethod } from '../test/sequences-fixtures.ts';

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

interface Fixtures {
  device: number;
  method: number;
  otherMethod: number;
  sample: number;
  incompleteStandard: number;
  sequence: number;
  running: number;
  otherDraft: number;
  share: number;
  revokedShare: number;
}

type Caller = 'owner' | 'stranger';

interface RestRefusal {
  method: string;
  path: (f: Fixtures) => string;
  body?: (f: Fixtures) => unknown;
  status: number;
  /** A catalogue code of spec §8; `invalid` is a form error naming `field`. */
  code: keyof typeof domainErrors;
  field?: string;
}

interface GraphqlRefusal {
  /** The root field the document writes through. */
  field: string;
  query: string;
  variables?: (f: Fixtures) => Record<string, unknown>;
  /** `absent`: GraphQL does not write the table; else the catalogue code whose message it answers. */
  refusal: 'absent' | keyof typeof domainErrors;
}

interface RuleRow {
  rule: string;
  as?: Caller;
  rest: RestRefusal;
  graphql: GraphqlRefusal;
}

/** No REST call writes the table (methods are written through GraphQL only): the path does not exist. */
const noRestWrite = (method: string, path: (f: Fixtures) => string): RestRefusal => ({
  method,
  path,
  body: () => ({ flow_rate_ml_per_min: 2 }),
  status: 404,
  code: 'not_found',
});

const rows: RuleRow[] = [
  {
    rule: 'a sequence needs an instrument',
    rest: {
      method: 'POST',
      path: () => '/api/sequences/',
      body: () => ({ name: 'No instrument' }),
      status: 400,
      code: 'invalid',
      field: 'device_id',
    },
    graphql: {
      field: 'insert_sequences_one',
      query: `mutation { insert_sequences_one(object: {name: "No instrument"}) { id } }`,
      refusal: 'absent',
    },
  },
  {
    rule: "a sequence's method fits its instrument",
    rest: {
      method: 'POST',
      path: () => '/api/sequences/',
      body: (f) => ({ name: 'Wrong method', device_id: f.device, method_id: f.otherMethod }),
      status: 400,
      code: 'sequence_method_incompatible',
    },
    graphql: {
      field: 'update_sequences_by_pk',
      query: `mutation ($q: Int!, $m: Int!) { update_sequences_by_pk(pk_columns: {id: $q}, _set: {method_id: $m}) { id } }`,
      variables: (f) => ({ q: f.sequence, m: f.otherMethod }),
      refusal: 'absent',
    },
  },
  {
    rule: 'a RUNNING sequence cannot be deleted',
    rest: {
      method: 'DELETE',
      path: (f) => `/api/sequences/${f.running}/`,
      status: 409,
      code: 'sequence_already_running',
    },
    graphql: {
      field: 'delete_sequences_by_pk',
      query: `mutation ($q: Int!) { delete_sequences_by_pk(id: $q) { id } }`,
      variables: (f) => ({ q: f.running }),
      refusal: 'absent',
    },
  },
  {
    rule: 'RUNNING sequences cannot be deleted in bulk',
    rest: {
      method: 'DELETE',
      path: (f) => `/api/sequences/${f.running}/`,
      status: 409,
      code: 'sequence_already_running',
    },
    graphql: {
      field: 'delete_sequences',
      query: `mutation { delete_sequences(where: {state: {_eq: "RUNNING"}}) { affected_rows } }`,
      refusal: 'absent',
    },
  },
  {
    rule: 'a sequence pauses only while RUNNING',
    rest: {
      method: 'POST',
      path: (f) => `/api/sequences/${f.sequence}/pause/`,
      status: 409,
      code: 'sequence_cannot_pause',
    },
    graphql: {
      field: 'update_sequences_by_pk',
      query: `mutation ($q: Int!) { update_sequences_by_pk(pk_columns: {id: $q}, _set: {state: "PAUSED"}) { id } }`,
      variables: (f) => ({ q: f.sequence }),
      refusal: 'absent',
    },
  },
  {
    rule: 'a sequence stops only while running or paused',
    rest: {
      method: 'POST',
      path: (f) => `/api/sequences/${f.sequence}/stop/`,
      status: 409,
      code: 'sequence_not_running',
    },
    graphql: {
      field: 'update_sequences',
      query: `mutation { update_sequences(where: {}, _set: {state: "STOPPED"}) { affected_rows } }`,
      refusal: 'absent',
    },
  },
  {
    rule: "a standard's row is enabled only with amount and time for the standard",
    rest: {
      method: 'POST',
      path: (f) => `/api/sequences/${f.sequence}/drafts/`,
      body: (f) => ({ sample_id: f.incompleteStandard, vial: 2, enabled: true }),
      status: 400,
      code: 'draft_cannot_be_enabled',
    },
    graphql: {
      field: 'insert_drafts_one',
      query: `mutation ($q: Int!, $s: Int!) { insert_drafts_one(object: {sequence_id: $q, sample_id: $s, vial: 2, enabled: true}) { id } }`,
      variables: (f) => ({ q: f.sequence, s: f.incompleteStandard }),
      refusal: 'absent',
    },
  },
  {
    rule: "a row's vial is on the instrument's tray",
    rest: {
      method: 'POST',
      path: (f) => `/api/sequences/${f.sequence}/drafts/`,
      body: (f) => ({ sample_id: f.sample, vial: 97 }),
      status: 400,
      code: 'draft_invalid',
    },
    graphql: {
      field: 'update_drafts',
      query: `mutation { update_drafts(where: {}, _set: {vial: 97}) { affected_rows } }`,
      refusal: 'absent',
    },
  },
  {
    rule: 'a row is changed only through its own sequence',
    rest: {
      method: 'PATCH',
      path: (f) => `/api/sequences/${f.sequence}/drafts/${f.otherDraft}/`,
      body: () => ({ vial: 3 }),
      status: 400,
      code: 'draft_not_in_sequence',
    },
    graphql: {
      field: 'update_drafts_by_pk',
      query: `mutation ($d: Int!) { update_drafts_by_pk(pk_columns: {id: $d}, _set: {vial: 3}) { id } }`,
      variables: (f) => ({ d: f.otherDraft }),
      refusal: 'absent',
    },
  },
  {
    rule: 'a row is deleted only through its own sequence',
    rest: {
      method: 'DELETE',
      path: (f) => `/api/sequences/${f.sequence}/drafts/${f.otherDraft}/`,
      status: 400,
      code: 'draft_not_in_sequence',
    },
    graphql: {
      field: 'delete_drafts_by_pk',
      query: `mutation ($d: Int!) { delete_drafts_by_pk(id: $d) { id } }`,
      variables: (f) => ({ d: f.otherDraft }),
      refusal: 'absent',
    },
  },
  {
    rule: 'a sample names its column',
    rest: {
      method: 'POST',
      path: () => '/api/samples/',
      body: (f) => ({ name: 'No column', device_id: f.device, method_id: f.method, column_name: null }),
      status: 400,
      code: 'sample_column_required',
    },
    graphql: {
      field: 'insert_samples_one',
      query: `mutation ($d: Int!, $m: Int!) { insert_samples_one(object: {name: "No column", device_id: $d, method_id: $m}) { id } }`,
      variables: (f) => ({ d: f.device, m: f.method }),
      refusal: 'absent',
    },
  },
  {
    rule: 'a sample keeps its instrument',
    rest: {
      method: 'PATCH',
      path: (f) => `/api/samples/${f.sample}/`,
      body: () => ({ device_id: null }),
      status: 400,
      code: 'sample_device_required',
    },
    graphql: {
      field: 'update_samples_by_pk',
      query: `mutation ($s: Int!) { update_samples_by_pk(pk_columns: {id: $s}, _set: {device_id: null}) { id } }`,
      variables: (f) => ({ s: f.sample }),
      refusal: 'absent',
    },
  },
  {
    rule: "a sample's method fits its instrument",
    rest: {
      method: 'PATCH',
      path: (f) => `/api/samples/${f.sample}/`,
      body: (f) => ({ method_id: f.otherMethod }),
      status: 400,
      code: 'method_hardware_mismatch',
    },
    graphql: {
      field: 'update_samples',
      query: `mutation ($m: Int!) { update_samples(where: {}, _set: {method_id: $m}) { affected_rows } }`,
      variables: (f) => ({ m: f.otherMethod }),
      refusal: 'absent',
    },
  },
  {
    rule: 'a sample does not become a standard',
    rest: {
      method: 'PATCH',
      path: (f) => `/api/samples/${f.sample}/`,
      body: () => ({ type: 'standard' }),
      status: 400,
      code: 'sample_is_standard',
    },
    graphql: {
      field: 'update_samples_by_pk',
      query: `mutation ($s: Int!) { update_samples_by_pk(pk_columns: {id: $s}, _set: {type: "standard"}) { id } }`,
      variables: (f) => ({ s: f.sample }),
      refusal: 'absent',
    },
  },
  {
    rule: 'a sample is deleted only as a sample, a standard only as a standard',
    rest: {
      method: 'DELETE',
      path: (f) => `/api/standards/${f.sample}/`,
      status: 400,
      code: 'sequence_unexpected_sample_type',
    },
    graphql: {
      field: 'delete_samples_by_pk',
      query: `mutation ($s: Int!) { delete_samples_by_pk(id: $s) { id } }`,
      variables: (f) => ({ s: f.sample }),
      refusal: 'absent',
    },
  },
  {
    rule: "an analyte's amount is not negative",
    rest: {
      method: 'PATCH',
      path: (f) => `/api/standards/${f.incompleteStandard}/`,
      body: () => ({ analytes: [{ analyte: 'caffeine', amount: -1, retention_time_sec: 200 }] }),
      status: 400,
      code: 'invalid',
    },
    graphql: {
      field: 'update_standards',
      query: `mutation { update_standards(where: {}, _set: {amount: -1}) { affected_rows } }`,
      refusal: 'absent',
    },
  },
  {
    rule: "a standard's analytes are added through the standard",
    rest: {
      method: 'PATCH',
      path: (f) => `/api/standards/${f.sample}/`,
      body: () => ({ analytes: [{ analyte: 'caffeine', amount: 5, retention_time_sec: 200 }] }),
      status: 400,
      code: 'sequence_unexpected_sample_type',
    },
    graphql: {
      field: 'insert_standards_one',
      query: `mutation ($s: Int!) { insert_standards_one(object: {sample_id: $s, analyte: "caffeine", amount: 5}) { id } }`,
      variables: (f) => ({ s: f.sample }),
      refusal: 'absent',
    },
  },
  {
    rule: 'a share token expires within 365 days',
    rest: {
      method: 'POST',
      path: () => '/api/share-tokens/',
      body: (f) => ({ object_type: 'sample', object_id: f.sample, expires_in_days: 365_000 }),
      status: 400,
      code: 'invalid',
      field: 'expires_in_days',
    },
    graphql: {
      field: 'insert_shareTokens_one',
      query: `mutation ($s: Int!) { insert_shareTokens_one(object: {object_type: "sample", object_id: $s, expires_at: "2999-01-01T00:00:00Z"}) { id } }`,
      variables: (f) => ({ s: f.sample }),
      refusal: 'absent',
    },
  },
  {
    rule: "a share token's expiry is never extended",
    rest: {
      method: 'PATCH',
      path: (f) => `/api/share-tokens/${f.share}/`,
      body: () => ({ expires_at: '2999-01-01T00:00:00Z' }),
      status: 405,
      code: 'method_not_allowed',
    },
    graphql: {
      field: 'update_shareTokens_by_pk',
      query: `mutation ($t: Int!) { update_shareTokens_by_pk(pk_columns: {id: $t}, _set: {expires_at: "2999-01-01T00:00:00Z"}) { id } }`,
      variables: (f) => ({ t: f.share }),
      refusal: 'absent',
    },
  },
  {
    rule: 'revoking a share token is final',
    rest: {
      method: 'PATCH',
      path: (f) => `/api/share-tokens/${f.revokedShare}/`,
      body: () => ({ revoked_at: null }),
      status: 405,
      code: 'method_not_allowed',
    },
    graphql: {
      field: 'update_shareTokens_by_pk',
      query: `mutation ($t: Int!) { update_shareTokens_by_pk(pk_columns: {id: $t}, _set: {revoked_at: null}) { id } }`,
      variables: (f) => ({ t: f.revokedShare }),
      refusal: 'absent',
    },
  },
  {
    rule: "only the owner's objects are shared",
    as: 'stranger',
    rest: {
      method: 'POST',
      path: () => '/api/share-tokens/',
      body: (f) => ({ object_type: 'sample', object_id: f.sample }),
      status: 404,
      code: 'share_object_not_found',
    },
    graphql: {
      field: 'insert_shareTokens_one',
      query: `mutation ($s: Int!) { insert_shareTokens_one(object: {object_type: "sample", object_id: $s}) { id } }`,
      variables: (f) => ({ s: f.sample }),
      refusal: 'absent',
    },
  },
  {
    rule: 'a method changes only its name, archived and favorite',
    rest: noRestWrite('PATCH', (f) => `/api/methods/${f.method}/`),
    graphql: {
      field: 'update_methods_by_pk',
      query: `mutation ($m: Int!) { update_methods_by_pk(pk_columns: {id: $m}, _set: {name: "Faster", flow_rate_ml_per_min: 2}) { id } }`,
      variables: (f) => ({ m: f.method }),
      refusal: 'method_only_name_changeable',
    },
  },
  {
    rule: "an upsert does not change a method's settings",
    rest: noRestWrite('PUT', (f) => `/api/methods/${f.method}/`),
    graphql: {
      field: 'insert_methods_one',
      query: `mutation { insert_methods_one(object: {name: "Copy"}, on_conflict: {constraint: methods_pkey, update_columns: [name, gradient]}) { id } }`,
      refusal: 'method_only_name_changeable',
    },
  },
  {
    rule: 'a new method fits its hardware configuration',
    rest: noRestWrite('POST', () => '/api/methods/'),
    graphql: {
      field: 'insert_methods_one',
      query: `mutation { insert_methods_one(object: {name: "Too fast", flow_rate_ml_per_min: 50, hardware_configuration: [{kind: "pump", model: "QP-400", limits: {max_flow_ml_per_min: 10}}]}) { id } }`,
      refusal: 'method_configuration_incompatible',
    },
  },
];

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
    f.running = await created('/api/sequences/', { name: 'Running run', device_id: f.device });
    await created(`/api/sequences/${f.running}/drafts/`, { sample_id: f.sample, vial: 1 });
    await db.updateTable('sequences').set({ state: 'RUNNING' }).where('id', '=', f.running).execute();
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
    const stopped = await rest('DELETE', `/api/sequences/${sequence.body.id}/`);
    expect(stopped.status).toBe(204);
  });
});
