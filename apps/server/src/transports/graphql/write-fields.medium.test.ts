// Every GraphQL mutation root field (insert, update and delete of each writable table), driven on a real
// database, answers within a few seconds and leaves the server healthy (docs/architecture.md
// "Transactions"). The fields come from the schema itself, so a new writable table without rows here fails;
// each write must leave an audit event of its user and table (docs/audit.md), so an unaudited table fails too.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../../test/graphql-client.ts';
import { backends, request, type TestServer } from '../../../test/harness.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { sampleChromatogram, upload } from '../../../test/results-fixtures.ts';
import { type LinkedInstrument } from '../../../test/sequences-fixtures.ts';
import { within } from '../../../test/within.ts';
import { chainHead } from '../../repositories/audit.ts';

const LIMIT_MS = 10_000;
const FIELD = /^(insert|update|delete)_(.+?)(_one|_by_pk)?$/;

interface TableRows {
  /** An object insert_* accepts (a fresh one per call). */
  insert?: () => Record<string, unknown>;
  /** Columns update_* sets. */
  set: Record<string, unknown>;
  /** Existing rows for update and delete when the table takes no inserts. */
  existing?: () => Promise<number[]>;
}

/** A GraphQL literal of a plain JSON value (object keys unquoted). */
function literal(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, part]) => `${key}: ${literal(part)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}

describe.each(await backends('both'))('every GraphQL write on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let instrument: LinkedInstrument;
  let measurementId: number;
  let userId: number;

  const tables: Record<string, TableRows> = {
    methods: {
      insert: () => ({ name: `Walk method ${randomUUID()}` }),
      set: { name: 'Walk method, renamed' },
    },
    postprocessingTemplates: {
      insert: () => ({ uuid: randomUUID(), name: 'Walk template' }),
      set: { name: 'Walk template, renamed' },
    },
    devices: { set: { name: 'Bench HPLC' }, existing: async () => [instrument.deviceId] },
    measurements: { set: { name: 'Walk measurement' }, existing: async () => [measurementId] },
    peaks: {
      set: { name: 'Caffeine' },
      existing: async () =>
        (
          await server.context.database.db
            .selectFrom('peaks')
            .select('id')
            .where('measurement_id', '=', measurementId)
            .orderBy('id')
            .execute()
        ).map((row) => row.id),
    },
  };

  async function send(document: string) {
    const answer = await within(LIMIT_MS, graphql(server.baseUrl, token, document), document);
    const health = await within(LIMIT_MS, request(server.baseUrl, 'GET', '/api/health/'), 'health');
    expect(health.status, `health after ${document}`).toBe(200);
    return answer;
  }

  beforeAll(async () => {
    ({ server, token, userId, instrument } = await startServerWithInstrument(backend));
    const file = sampleChromatogram();
    measurementId = (await upload(server.baseUrl, token, file.name, file.bytes)).body.measurement_id;
  });
  afterAll(() => stopServerWithInstrument(server, instrument));

  it('inserts, updates and deletes through every mutation root field', async () => {
    const schema = await graphql(
      server.baseUrl,
      token,
      '{ __schema { mutationType { fields { name args { name } } } } }',
    );
    const fields = (schema.data.__schema.mutationType?.fields ?? []) as Array<{
      name: string;
      args: Array<{ name: string }>;
    }>;
    expect(fields.length).toBeGreaterThan(0);
    const order = { insert: 0, update: 1, delete: 2 } as const;
    const parsed = fields.map((field) => {
      const match = FIELD.exec(field.name);
      if (!match) throw new Error(`unknown mutation root field ${field.name}`);
      const [, kind, table, suffix] = match as unknown as [string, keyof typeof order, string, string?];
      return { ...field, kind, table, single: suffix !== undefined };
    });
    parsed.sort((a, b) => order[a.kind] - order[b.kind]);
    const inserted = new Map<string, number[]>();
    const driven: string[] = [];

    for (const field of parsed) {
      const rows = tables[field.table];
      if (!rows) throw new Error(`no rows for the writable table ${field.table}: add them to this test`);
      const ids = inserted.get(field.table) ?? (await rows.existing?.()) ?? [];
      let document: string;
      if (field.kind === 'insert') {
        if (!rows.insert) throw new Error(`${field.name} exists but the test has no object to insert`);
        document = field.single
          ? `mutation { w: ${field.name}(object: ${literal(rows.insert())}) { id } }`
          : `mutation { w: ${field.name}(objects: [${literal(rows.insert())}]) { returning { id } } }`;
      } else {
        const id = field.kind === 'delete' && !field.single ? ids.at(-1) : ids[0];
        expect(id, `a row for ${field.name}`).toBeDefined();
        const pkArgument = field.args.find((arg) => arg.name !== '_set')?.name;
        if (field.kind === 'update')
          document = field.single
            ? `mutation { w: ${field.name}(pk_columns: {id: ${id}}, _set: ${literal(rows.set)}) { id } }`
            : `mutation { w: ${field.name}(where: {id: {_eq: ${id}}}, _set: ${literal(rows.set)}) { affected_rows } }`;
        else
          document = field.single
            ? `mutation { w: ${field.name}(${pkArgument}: ${id}) { id } }`
            : `mutation { w: ${field.name}(where: {id: {_eq: ${id}}}) { affected_rows } }`;
      }
      const before = await chainHead(server.context.database.db);
      const answer = await send(document);
      expect(answer.errors, `${document}: ${JSON.stringify(answer.errors)}`).toBeUndefined();
      expect(answer.data.w, document).not.toBeNull();
      const events = await server.context.database.db
        .selectFrom('auditEvents')
        .select(['entity', 'user_id'])
        .where('chain_seq', '>', before.lastSeq)
        .execute();
      expect(events, `${document} left no audit event`).toContainEqual({
        entity: field.table,
        user_id: userId,
      });
      if (field.kind === 'insert') {
        const id = field.single ? answer.data.w.id : answer.data.w.returning[0].id;
        inserted.set(field.table, [...(inserted.get(field.table) ?? []), id as number]);
      }
      driven.push(field.name);
    }
    expect(driven).toEqual(parsed.map((field) => field.name));
    expect(driven).toEqual(
      expect.arrayContaining(['insert_methods_one', 'update_methods_by_pk', 'delete_methods']),
    );
  });
});
