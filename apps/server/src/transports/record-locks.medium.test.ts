// Records that stay as signed (docs/signatures.md "Locks"): every write path of every transport — REST
// routes, each GraphQL mutation root field, the device link, the CLI — tried against a signed sequence (its
// rows, measurement, result and peaks, its method and template) and against a running one, either answers
// the same refusal code or, for the method and template, makes their next version while the signed and
// running sequences keep the one they pinned; the signature still reads valid afterwards.
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
import { methodAtVersion, templateAtVersion } from '../repositories/record-versions.ts';

const PASSWORD = 'correct horse battery';
const FIELD = /^(insert|update|delete)_(.+?)(_one|_by_pk)?$/;

/** The record a write versions, and the sequence that must keep the version it pinned. */
type Versioned = ({ method: number } | { template: string }) & { sequence: number };
/** A peak of a signed measurement's current version, renamed: the measurement's next result version. */
type Renamed = { renamedIn: number; peak: number };
/** A step's outcome: refused with this code, or the record's next version. */
type Expected = DomainErrorCode | Versioned | Renamed;

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
  /** Signed imported measurements whose peaks GraphQL renames (one per form of the update field). */
  const renamed: Renamed[] = [];
  /** Template row ids by uuid (GraphQL writes templates by id). */
  let templateIds = new Map<string, number>();

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

  /** What a sequence pinned (migration 0029). */
  async function pins(sequenceId: number) {
    return server.context.database.db
      .selectFrom('sequences')
      .select(['method_version', 'template_version'])
      .where('id', '=', sequenceId)
      .executeTakeFirstOrThrow();
  }

  async function currentVersion(target: Versioned): Promise<number> {
    const answer =
      'method' in target
        ? await api('GET', `/api/methods/${target.method}/versions/`)
        : await api('GET', `/api/templates/${target.template}/versions/`);
    expect(answer.status).toBe(200);
    return answer.body.current_version;
  }

  /** The write makes the record's next version; the sequence keeps the version it pinned, still readable. */
  async function versioned(target: Versioned, write: () => Promise<unknown>) {
    const before = await currentVersion(target);
    const pinned = await pins(target.sequence);
    await write();
    expect(await currentVersion(target)).toBe(before + 1);
    expect(await pins(target.sequence)).toEqual(pinned);
    const path = 'method' in target ? `/api/methods/${target.method}` : `/api/templates/${target.template}`;
    const version = 'method' in target ? pinned.method_version : pinned.template_version;
    const kept = await api('GET', `${path}/versions/${version}/`);
    expect(kept.status).toBe(200);
    expect(kept.body.snapshot.name).toMatch(/^(Signed|Running) (method|template)$/);
  }

  /** The rename makes the next result version; the signed version keeps its peak's name. */
  async function renamedInNewVersion(target: Renamed, document: string) {
    const db = server.context.database.db;
    const versions = () =>
      db
        .selectFrom('processing_results')
        .select('id')
        .where('measurement_id', '=', target.renamedIn)
        .execute();
    const nameOf = async () =>
      (await db.selectFrom('peaks').select('name').where('id', '=', target.peak).executeTakeFirstOrThrow())
        .name;
    const [before, name] = [(await versions()).length, await nameOf()];
    const answer = await graphql(server.baseUrl, token, document);
    expect({ document, errors: answer.errors }).toEqual({ document, errors: undefined });
    expect((await versions()).length).toBe(before + 1);
    expect(await nameOf()).toBe(name);
    const review = await api('GET', `/api/measurements/${target.renamedIn}/review/`);
    expect(review.body.signatures.map((s: { status: string }) => s.status)).toEqual(['superseded']);
  }

  /** An imported measurement signed as authored, and its first peak. */
  async function signedMeasurement(name: string): Promise<Renamed> {
    const imported = await upload(server.baseUrl, token, name, syntheticCsv(), spareTemplate);
    expect(imported.status).toBe(201);
    const measurementId: number = imported.body.measurement_id;
    const peak = await server.context.database.db
      .selectFrom('peaks')
      .select('id')
      .where('measurement_id', '=', measurementId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const signature = await api('POST', `/api/measurements/${measurementId}/signatures/`, {
      meaning: 'authored',
      password: PASSWORD,
      reason: 'Integrated as required',
    });
    expect(signature.status).toBe(201);
    return { renamedIn: measurementId, peak: peak.id };
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
    renamed.push(await signedMeasurement('renamed-one.csv'), await signedMeasurement('renamed-many.csv'));

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
  });

  it('REST: saving the components of a signed or running sequence’s template makes the next version', async () => {
    for (const [uuid, sequenceId] of [
      [signed.template, signed.sequence],
      [running.template, running.sequence],
    ] as const) {
      const before = await pins(sequenceId);
      await versioned({ template: uuid, sequence: sequenceId }, () =>
        api('PUT', `/api/templates/${uuid}/components/`, {
          components: [{ name: 'Caffeine', expected_retention_time_sec: 100, is_reference: true }],
        }).then((answer) => expect(answer.status).toBe(200)),
      );
      const kept = await api('GET', `/api/templates/${uuid}/versions/${before.template_version}/`);
      expect(kept.body.snapshot.components).toEqual([]);
    }
  });

  it('GraphQL: every mutation root field, against the signed and the running records, is refused alike or versions', async () => {
    const schema = await graphql(server.baseUrl, token, '{ __schema { mutationType { fields { name } } } }');
    const fields = (schema.data.__schema.mutationType.fields as Array<{ name: string }>).map(
      (field) => field.name,
    );
    // For each table: the documents that write a locked row, by target; tables whose rows are never
    // signed records say so.
    // Each write sets a name not set before, so each is a change of content.
    let changes = 0;
    const upsert = (uuid: string, single: boolean) => {
      const object = `{uuid: "${uuid}", name: "Changed ${++changes}"}`;
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
    ): Array<[string, Expected]> | 'not a record' => {
      const update = (id: number | string, key = 'id', set = `{name: "Changed ${++changes}"}`) =>
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
          // Only the name changes (spec §4); in use, the change is the method's next version.
          return [
            [update(signed.method), { method: signed.method, sequence: signed.sequence }],
            [update(running.method), { method: running.method, sequence: running.sequence }],
          ];
        case 'methods.delete':
          return [
            [remove(signed.method), 'record_signed_locked'],
            [remove(running.method), 'sequence_running_method_locked'],
          ];
        case 'methods.insert':
          return 'not a record'; // a new method; stored methods are never overwritten by an insert
        case 'postprocessingTemplates.update':
          return [
            [update(templateId(signed.template)), { template: signed.template, sequence: signed.sequence }],
            [
              update(templateId(running.template)),
              { template: running.template, sequence: running.sequence },
            ],
            [
              update(
                templateId(signed.template),
                'id',
                `{params_pdet: {peak_detection_min_height: ${++changes}}}`,
              ),
              { template: signed.template, sequence: signed.sequence },
            ],
            // The columns beyond spec §3 (migration 0026) are versioned alike.
            [
              update(
                templateId(signed.template),
                'id',
                `{integration_events: [{kind: "inhibit", start_sec: ${++changes}}]}`,
              ),
              { template: signed.template, sequence: signed.sequence },
            ],
            [
              update(templateId(running.template), 'id', `{reporting_threshold_percent: ${++changes / 100}}`),
              { template: running.template, sequence: running.sequence },
            ],
          ];
        case 'postprocessingTemplates.delete':
          return [
            [remove(templateId(signed.template)), 'record_signed_locked'],
            [remove(templateId(running.template)), 'sequence_running_template_locked'],
          ];
        case 'postprocessingTemplates.insert':
          return [
            [upsert(signed.template, single), { template: signed.template, sequence: signed.sequence }],
            [upsert(running.template, single), { template: running.template, sequence: running.sequence }],
          ];
        case 'measurements.update':
          return [[update(signed.measurement), 'record_signed_locked']];
        case 'peaks.update': {
          // A rename is the measurement's next result version; the signed one stays as signed.
          const target = renamed[single ? 0 : 1]!;
          return [[update(target.peak), target]];
        }
        case 'devices.update':
          return 'not a record'; // an instrument's name and place are not part of what was signed
      }
      throw new Error(`no step for the mutation root field ${field}: add it to this test`);
    };
    templateIds = new Map(
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
      for (const [document, expected] of steps) {
        if (typeof expected === 'string') await refusedGraphql(document, expected);
        else if ('renamedIn' in expected) await renamedInNewVersion(expected, document);
        else
          await versioned(expected, async () => {
            const answer = await graphql(server.baseUrl, token, document);
            expect({ document, errors: answer.errors }).toEqual({ document, errors: undefined });
          });
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
    expect(String(peak.name)).not.toMatch(/^Changed/);
    const drafts = await db
      .selectFrom('drafts')
      .select(['id', 'vial', 'sample_id'])
      .where('sequence_id', '=', signed.sequence)
      .execute();
    expect(drafts).toEqual([{ id: signed.draft, vial: 1, sample_id: signed.sample }]);
  });

  it('the versions the signed and running sequences pinned are kept: audited, never changed or deleted', async () => {
    const db = server.context.database.db;
    expect(await pins(signed.sequence)).toEqual({ method_version: 1, template_version: 1 });
    expect(await pins(running.sequence)).toEqual({ method_version: 1, template_version: 1 });
    await expect(
      db
        .updateTable('method_versions')
        .set({ reason: 'Edited' })
        .where('method_id', '=', signed.method)
        .execute(),
    ).rejects.toThrow('record_signed_locked');
    await expect(
      db.deleteFrom('template_versions').where('template_uuid', '=', signed.template).execute(),
    ).rejects.toThrow('record_signed_locked');
    const kept = await api('GET', `/api/templates/${signed.template}/versions/1/`);
    expect(kept.body.snapshot).toMatchObject({ name: 'Signed template', components: [] });
    // What the run processes with and the report prints: the pinned version's content, not the newest.
    const template = await db
      .selectFrom('postprocessingTemplates')
      .selectAll()
      .where('uuid', '=', running.template)
      .executeTakeFirstOrThrow();
    expect(template.version).toBeGreaterThan(1);
    const pinned = await templateAtVersion(db, template, 1);
    expect(pinned).toMatchObject({ version: 1, name: 'Running template', components: [] });
    const method = await db
      .selectFrom('methods')
      .selectAll()
      .where('id', '=', running.method)
      .executeTakeFirstOrThrow();
    expect(await methodAtVersion(db, method, 1)).toMatchObject({ version: 1, name: 'Running method' });
    const events = await db
      .selectFrom('auditEvents')
      .select(['user_id', 'old_values', 'new_values'])
      .where('entity', '=', 'postprocessingTemplates')
      .where('action', '=', 'new_version')
      .where('entity_id', '=', String(templateIds.get(signed.template)))
      .orderBy('id')
      .execute();
    expect(events[0]).toEqual({
      user_id: userId,
      old_values: { version: 1, components: [] },
      new_values: { version: 2, components: [expect.objectContaining({ name: 'Caffeine' })] },
    });
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
