// Records that stay as signed (docs/signatures.md "Locks"): every write path of every transport — REST
// routes, each GraphQL mutation root field, the device link, the CLI — tried against a signed sequence (its
// rows, measurement, result and peaks, its method and template) and against a running one, answers the same
// refusal code, and nothing changes: the signature still reads valid afterwards.
import { domainErrors, type DomainErrorCode } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../test/graphql-client.ts';
import { backends, request, type TestServer } from '../../test/harness.ts';
import { createTemplate, fileUnderSequence, syntheticCsv, upload } from '../../test/results-fixtures.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../test/server-with-instrument.ts';
import { eventually } from '../../test/eventually.ts';
import { storeMethod, type LinkedInstrument } from '../../test/sequences-fixtures.ts';
import { workspaceOf } from '../../test/workspaces.ts';
import { commands } from '../cli/commands.ts';

const PASSWORD = 'correct horse battery';
const FIELD = /^(insert|update|delete)_(.+?)(_one|_by_pk)?$/;

describe.each(await backends('both'))('locked records on every write path on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let userId: number;
  let instrument: LinkedInstrument;
  /** The signed sequence and what it holds. */
  const signed = { sequence: 0, draft: 0, sample: 0, measurement: 0, peak: 0, method: 0, template: '' };
  /** The running sequence's method and template. */
  const running = { sequence: 0, method: 0, template: '' };
  let spareMethod: number;
  let spareTemplate: string;

  const api = (method: string, path: string, body?: unknown) =>
    request(server.baseUrl, method, path, { token, body });

  function refusedRest(answer: { status: number; body: any }, code: DomainErrorCode, what: string) {
    expect({ what, status: answer.status, body: answer.body }).toEqual({
      what,
      status: 409,
      body: { code, detail: domainErrors[code] },
    });
  }

  async function refusedGraphql(document: string, code: DomainErrorCode) {
    const answer = await graphql(server.baseUrl, token, document);
    expect({ document, data: answer.data, errors: answer.errors?.map((error) => error.message) }).toEqual({
      document,
      data: undefined,
      errors: [domainErrors[code]],
    });
    expect(answer.errors?.[0]?.extensions.code).toBe('validation-failed');
  }

  beforeAll(async () => {
    ({ server, token, userId, instrument } = await startServerWithInstrument(backend));
    const db = server.context.database.db;
    signed.method = await storeMethod(server, userId, { name: 'Signed method' });
    running.method = await storeMethod(server, userId, { name: 'Running method' });
    spareMethod = await storeMethod(server, userId, { name: 'Spare method' });
    signed.template = await createTemplate(server.baseUrl, token, 'Signed template', {
      peak_detection_min_prominence: 5,
    });
    running.template = await createTemplate(server.baseUrl, token, 'Running template', {});
    spareTemplate = await createTemplate(server.baseUrl, token, 'Spare template', {});

    const imported = await upload(server.baseUrl, token, 'signed.csv', syntheticCsv(), signed.template);
    expect(imported.status).toBe(201);
    signed.measurement = imported.body.measurement_id;
    const filed = await fileUnderSequence(server, userId, [signed.measurement], 'Signed run');
    signed.sequence = filed.sequenceId;
    signed.sample = filed.sampleId;
    await db
      .updateTable('sequences')
      .set({ method_id: signed.method, template_uuid: signed.template, device_id: instrument.deviceId })
      .where('id', '=', signed.sequence)
      .execute();
    const draft = await db
      .selectFrom('drafts')
      .select('id')
      .where('sequence_id', '=', signed.sequence)
      .executeTakeFirstOrThrow();
    signed.draft = draft.id;
    await db.updateTable('drafts').set({ method_id: signed.method }).where('id', '=', draft.id).execute();
    // Recorded by the instrument, so the device link may try to add to it.
    await db
      .updateTable('measurements')
      .set({ device_id: instrument.deviceId, source: 'device' })
      .where('id', '=', signed.measurement)
      .execute();
    const peak = await db
      .selectFrom('peaks')
      .select('id')
      .where('measurement_id', '=', signed.measurement)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    signed.peak = peak.id;
    const signature = await api('POST', `/api/sequences/${signed.sequence}/signatures/`, {
      meaning: 'authored',
      password: PASSWORD,
      reason: 'Integrated as required',
    });
    expect(signature.status).toBe(201);

    const workspaceId = await workspaceOf(db, userId);
    const row = await db
      .insertInto('sequences')
      .values({
        owner_id: userId,
        workspace_id: workspaceId,
        name: 'Running run',
        state: 'RUNNING',
        device_id: instrument.deviceId,
        method_id: running.method,
        template_uuid: running.template,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    running.sequence = row.id;
  });
  afterAll(() => stopServerWithInstrument(server, instrument));

  it('REST: every write of a signed sequence, its rows, its template and its sample is refused alike', async () => {
    const steps: Array<[string, string, unknown?]> = [
      ['PATCH', `/api/sequences/${signed.sequence}/`, { name: 'Renamed' }],
      ['PATCH', `/api/sequences/${signed.sequence}/`, { method_id: spareMethod }],
      ['PATCH', `/api/sequences/${signed.sequence}/`, { template_uuid: spareTemplate }],
      ['DELETE', `/api/sequences/${signed.sequence}/`],
      ['POST', `/api/sequences/${signed.sequence}/drafts/`, { sample_id: signed.sample, vial: 2 }],
      ['PUT', `/api/sequences/${signed.sequence}/drafts/`, [{ id: signed.draft, vial: 3 }]],
      ['POST', `/api/sequences/${signed.sequence}/drafts/order/`, { draft_ids: [signed.draft] }],
      ['PATCH', `/api/sequences/${signed.sequence}/drafts/${signed.draft}/`, { vial: 3 }],
      ['DELETE', `/api/sequences/${signed.sequence}/drafts/${signed.draft}/`],
      ['POST', `/api/sequences/${signed.sequence}/start/`],
      ['POST', `/api/sequences/${signed.sequence}/continue/`],
      ['POST', `/api/sequences/${signed.sequence}/requeue/`],
      [
        'PUT',
        `/api/templates/${signed.template}/components/`,
        { components: [{ name: 'Caffeine', expected_retention_time_sec: 100, is_reference: true }] },
      ],
    ];
    for (const [method, path, body] of steps)
      refusedRest(await api(method, path, body), 'record_signed_locked', `${method} ${path}`);
    // An injected sample is part of the record by its own rule (docs/sequences.md); deleting it would also
    // null the signed rows' reference, which the database refuses.
    refusedRest(await api('DELETE', `/api/samples/${signed.sample}/`), 'sample_injected', 'DELETE sample');
  });

  it('REST: the settings and the template of a running sequence are refused with the run-lock codes', async () => {
    refusedRest(
      await api('PATCH', `/api/sequences/${running.sequence}/`, { method_id: spareMethod }),
      'sequence_running_method_locked',
      'PATCH method',
    );
    refusedRest(
      await api('PATCH', `/api/sequences/${running.sequence}/`, { template_uuid: spareTemplate }),
      'sequence_running_template_locked',
      'PATCH template',
    );
    refusedRest(
      await api('DELETE', `/api/sequences/${running.sequence}/`),
      'sequence_already_running',
      'DELETE',
    );
    refusedRest(
      await api('PUT', `/api/templates/${running.template}/components/`, {
        components: [{ name: 'Caffeine', expected_retention_time_sec: 100, is_reference: true }],
      }),
      'sequence_running_template_locked',
      'PUT components',
    );
  });

  it('GraphQL: every mutation root field, against the signed and the running records, is refused alike', async () => {
    const schema = await graphql(server.baseUrl, token, '{ __schema { mutationType { fields { name } } } }');
    const fields = (schema.data.__schema.mutationType.fields as Array<{ name: string }>).map(
      (field) => field.name,
    );
    // For each table: the documents that write a locked row, by target; tables whose rows are never
    // signed records say so.
    const upsert = (uuid: string, single: boolean) => {
      const object = `{uuid: "${uuid}", name: "Changed"}`;
      const conflict = `on_conflict: {constraint: postprocessingTemplates_uuid_key, update_columns: [name]}`;
      return single
        ? `mutation { w: insert_postprocessingTemplates_one(object: ${object}, ${conflict}) { id } }`
        : `mutation { w: insert_postprocessingTemplates(objects: [${object}], ${conflict}) { affected_rows } }`;
    };
    const byField = (
      field: string,
      table: string,
      kind: string,
      single: boolean,
    ): Array<[string, DomainErrorCode]> | 'not a record' => {
      const update = (id: number | string, key = 'id', set = '{name: "Changed"}') =>
        single
          ? `mutation { w: ${field}(pk_columns: {id: ${id}}, _set: ${set}) { id } }`
          : `mutation { w: ${field}(where: {${key}: {_eq: ${JSON.stringify(id)}}}, _set: ${set}) { affected_rows } }`;
      const remove = (id: number | string, key = 'id') =>
        single
          ? `mutation { w: ${field}(id: ${id}) { id } }`
          : `mutation { w: ${field}(where: {${key}: {_eq: ${JSON.stringify(id)}}}) { affected_rows } }`;
      const templateId = (uuid: string) => templateIds.get(uuid)!;
      switch (`${table}.${kind}`) {
        case 'methods.update':
          // A method's settings never change (spec §4); a running sequence's method may still be renamed.
          return [[update(signed.method), 'record_signed_locked']];
        case 'methods.delete':
          return [
            [remove(signed.method), 'record_signed_locked'],
            [remove(running.method), 'sequence_running_method_locked'],
          ];
        case 'methods.insert':
          return 'not a record'; // a new method; stored methods are never overwritten by an insert
        case 'postprocessingTemplates.update':
          return [
            [update(templateId(signed.template)), 'record_signed_locked'],
            [update(templateId(running.template)), 'sequence_running_template_locked'],
            [
              update(templateId(signed.template), 'id', '{params_pdet: {peak_detection_min_height: 9}}'),
              'record_signed_locked',
            ],
            // The columns beyond spec §3 (migration 0026) are locked alike.
            [
              update(
                templateId(signed.template),
                'id',
                '{integration_events: [{kind: "inhibit", start_sec: 0}]}',
              ),
              'record_signed_locked',
            ],
            [
              update(templateId(running.template), 'id', '{reporting_threshold_percent: 0.1}'),
              'sequence_running_template_locked',
            ],
          ];
        case 'postprocessingTemplates.delete':
          return [
            [remove(templateId(signed.template)), 'record_signed_locked'],
            [remove(templateId(running.template)), 'sequence_running_template_locked'],
          ];
        case 'postprocessingTemplates.insert':
          return [
            [upsert(signed.template, single), 'record_signed_locked'],
            [upsert(running.template, single), 'sequence_running_template_locked'],
          ];
        case 'measurements.update':
          return [[update(signed.measurement), 'record_signed_locked']];
        case 'peaks.update':
          return [[update(signed.peak), 'record_signed_locked']];
        case 'devices.update':
          return 'not a record'; // an instrument's name and place are not part of what was signed
      }
      throw new Error(`no step for the mutation root field ${field}: add it to this test`);
    };
    const templateIds = new Map(
      (
        await server.context.database.db
          .selectFrom('postprocessingTemplates')
          .select(['id', 'uuid'])
          .where('uuid', 'in', [signed.template, running.template])
          .execute()
      ).map((row) => [row.uuid, row.id]),
    );
    let driven = 0;
    for (const field of fields) {
      const match = FIELD.exec(field);
      if (!match) throw new Error(`unknown mutation root field ${field}`);
      const steps = byField(field, match[2]!, match[1]!, match[3] !== undefined);
      if (steps === 'not a record') continue;
      for (const [document, code] of steps) {
        await refusedGraphql(document, code);
        driven++;
      }
    }
    expect(driven).toBeGreaterThanOrEqual(20);
  });

  it('device link: a chunk for a signed measurement is refused with the same code, and not stored', async () => {
    const before = instrument.client.linkErrors.length;
    instrument.client.sendRaw(
      JSON.stringify({
        type: 'chunk',
        measurement_id: signed.measurement,
        chunk_index: 9_999,
        time_sec: [1],
        signal: [1],
      }),
    );
    await eventually(() => instrument.client.linkErrors.length > before, { what: 'the link error' });
    expect(instrument.client.linkErrors.slice(before)).toEqual([
      { code: 'record_signed_locked', detail: domainErrors.record_signed_locked },
    ]);
    const chunk = await server.context.database.db
      .selectFrom('measurement_chunks')
      .select('chunk_index')
      .where('measurement_id', '=', signed.measurement)
      .where('chunk_index', '=', 9_999)
      .executeTakeFirst();
    expect(chunk).toBeUndefined();
  });

  it('CLI: no command writes a stored record (import makes new measurements; process and export read files)', () => {
    // A new command that changes stored records must take its step in this suite.
    expect(Object.keys(commands).sort()).toEqual(['export', 'import', 'process']);
  });

  it('afterwards everything is as signed: the signature valid, the references kept', async () => {
    const review = await api('GET', `/api/sequences/${signed.sequence}/review/`);
    expect(review.status).toBe(200);
    expect(review.body.signatures).toHaveLength(1);
    expect(review.body.signatures[0]).toMatchObject({ meaning: 'authored', valid: true });
    const db = server.context.database.db;
    const sequence = await db
      .selectFrom('sequences')
      .select(['name', 'method_id', 'template_uuid'])
      .where('id', '=', signed.sequence)
      .executeTakeFirstOrThrow();
    expect(sequence).toEqual({
      name: 'Signed run',
      method_id: signed.method,
      template_uuid: signed.template,
    });
    const peak = await db
      .selectFrom('peaks')
      .select('name')
      .where('id', '=', signed.peak)
      .executeTakeFirstOrThrow();
    expect(peak.name).not.toBe('Changed');
    const drafts = await db
      .selectFrom('drafts')
      .select(['id', 'vial', 'sample_id'])
      .where('sequence_id', '=', signed.sequence)
      .execute();
    expect(drafts).toEqual([{ id: signed.draft, vial: 1, sample_id: signed.sample }]);
  });

  it('what is not locked still changes: an unused template and the favorite flag of a signed one', async () => {
    const spare = await graphql(
      server.baseUrl,
      token,
      `mutation { w: update_postprocessingTemplates(where: {uuid: {_eq: "${spareTemplate}"}}, _set: {name: "Spare, renamed"}) { affected_rows } }`,
    );
    expect(spare.data).toEqual({ w: { affected_rows: 1 } });
    const favorite = await graphql(
      server.baseUrl,
      token,
      `mutation { w: update_postprocessingTemplates(where: {uuid: {_eq: "${signed.template}"}}, _set: {is_favorite: true}) { affected_rows } }`,
    );
    expect(favorite.data).toEqual({ w: { affected_rows: 1 } });
    const method = await graphql(
      server.baseUrl,
      token,
      `mutation { w: update_methods_by_pk(pk_columns: {id: ${signed.method}}, _set: {favorite: true}) { id } }`,
    );
    expect(method.data).toEqual({ w: { id: signed.method } });
  });
});
