// Signed results stay as signed (21 CFR 11.10(a, c, e), 11.70; docs/signatures.md "Versions, superseded
// signatures"): reprocessing or integrating an approved result again is allowed and makes a new version; the
// signed version stays byte-for-byte as it was and readable, its signatures read *superseded* (not invalid)
// with an audit event written at that moment, and the new version needs signatures of its own. The database
// refuses any change of a signed version in place. On PGlite and PostgreSQL (the triggers are the database's).
import {
  domainErrorText,
  methodLockSchema,
  resultVersionsSchema,
  reviewSchema,
  sequenceSchema,
  templateComponentsSchema,
} from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { createTemplate, fileUnderSequence, syntheticCsv, upload } from '../../../test/results-fixtures.ts';
import { workspaceOf } from '../../../test/workspaces.ts';
import { storeMethod } from '../../../test/sequences-fixtures.ts';
import { eventually } from '../../../test/eventually.ts';
import { resultHash } from './canonical.ts';
import { graphql } from '../../../test/graphql-client.ts';

type User = Awaited<ReturnType<typeof signUp>>;

describe.each(await backends('both'))('superseded signatures and kept versions on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let analyst: User;
  let reviewer: User;
  let approver: User;
  let templateA: string;
  let templateB: string;

  async function join(user: User, workspaceId: number, role: 'analyst' | 'reviewer' | 'admin') {
    const db = server.context.database.db;
    await db
      .insertInto('workspace_members')
      .values({ workspace_id: workspaceId, user_id: user.id, role })
      .onConflict((conflict) => conflict.columns(['workspace_id', 'user_id']).doUpdateSet({ role }))
      .execute();
    await db
      .updateTable('users')
      .set({ current_workspace_id: workspaceId })
      .where('id', '=', user.id)
      .execute();
  }

  beforeAll(async () => {
    server = await startTestServer({ backend });
    base = server.baseUrl;
    [analyst, reviewer, approver] = await Promise.all([signUp(base), signUp(base), signUp(base)]);
    const lab = await workspaceOf(server.context.database.db, analyst.id);
    await join(approver, lab, 'admin');
    await join(reviewer, lab, 'reviewer');
    templateA = await createTemplate(base, analyst.access, 'Three peaks', {
      peak_detection_min_prominence: 5,
    });
    templateB = await createTemplate(base, analyst.access, 'Fewer peaks', {
      peak_detection_min_prominence: 40,
    });
  });
  afterAll(async () => server?.dispose());

  const api = (as: User, method: string, path: string, body?: unknown) =>
    request(base, method, path, { token: as.access, body });

  async function importSigned(name: string): Promise<number> {
    const imported = await upload(base, analyst.access, name, syntheticCsv(), templateA);
    expect(imported.status).toBe(201);
    const id: number = imported.body.measurement_id;
    for (const [as, meaning] of [
      [analyst, 'authored'],
      [reviewer, 'reviewed'],
      [approver, 'approved'],
    ] as const) {
      const signed = await api(as, 'POST', `/api/measurements/${id}/signatures/`, {
        meaning,
        password: as.password,
      });
      expect(signed.status).toBe(201);
    }
    return id;
  }

  /** A result version as stored: its row and its peaks, every column. */
  async function stored(resultId: number) {
    const db = server.context.database.db;
    const row = await db
      .selectFrom('processing_results')
      .selectAll()
      .where('id', '=', resultId)
      .executeTakeFirstOrThrow();
    const peaks = await db
      .selectFrom('peaks')
      .selectAll()
      .where('result_id', '=', resultId)
      .orderBy('number')
      .execute();
    return { row, peaks, json: JSON.stringify({ row, peaks }) };
  }

  it('reprocessing an approved result makes version 2; the signatures over version 1 read superseded, audited', async () => {
    const measurementId = await importSigned('approved.csv');
    const approved = (await api(reviewer, 'GET', `/api/measurements/${measurementId}/review/`)).body;
    expect(approved.state).toBe('approved');
    const v1 = approved.results[0].result_id as number;
    const before = await stored(v1);

    const job = await api(analyst, 'POST', '/api/processing-jobs/', {
      measurement_id: measurementId,
      template_uuid: templateB,
    });
    expect(job.status).toBe(202);
    await eventually(
      async () =>
        (await api(analyst, 'GET', `/api/processing-jobs/${job.body.id}/`)).body.state === 'finished',
      { what: 'the reprocessing job finished' },
    );

    const answer = await api(reviewer, 'GET', `/api/measurements/${measurementId}/review/`);
    expect(reviewSchema.strict().safeParse(answer.body).error).toBeUndefined();
    const review = answer.body;
    expect(review.state).toBe('processed');
    expect(review.results).toEqual([expect.objectContaining({ version: 2 })]);
    const v2 = review.results[0].result_id as number;
    // The new version needs signatures of its own: the reviewer may review it again.
    expect(review.can_sign).toEqual(['reviewed', 'rejected']);
    expect(review.signatures).toHaveLength(3);
    for (const signature of review.signatures) {
      expect(signature).toMatchObject({
        valid: false,
        status: 'superseded',
        invalid_reason: domainErrorText('signature_superseded', { current: 2, signed: 1 }),
        results: [
          {
            result_id: v1,
            version: 1,
            valid: false,
            status: 'superseded',
            superseded_by: { result_id: v2, version: 2 },
          },
        ],
      });
    }

    // Version 1 is byte-for-byte what was signed, and its hash still matches the signed one.
    const after = await stored(v1);
    expect(after.json).toBe(before.json);
    for (const signature of review.signatures)
      expect(resultHash(after.row, after.peaks)).toBe(signature.results[0].sha256);

    // The moment is audited: who caused it, which signatures, which version superseded them.
    const events = await server.context.database.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('entity', '=', 'signatures')
      .where('parent_id', '=', String(measurementId))
      .where('action', '=', 'supersede')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      user_id: analyst.id,
      label: 'version 2 superseded signed version 1',
      old_values: { status: 'valid', current_version: 1 },
      new_values: {
        status: 'superseded',
        current_version: 2,
        current_result_id: v2,
        signature_ids: review.signatures.map((s: { id: number }) => s.id),
      },
    });
    expect(
      await server.context.database.db
        .selectFrom('auditEvents')
        .select('id')
        .where('action', '=', 'invalidate')
        .where('parent_id', '=', String(measurementId))
        .execute(),
    ).toEqual([]);

    // Both versions stay readable, version 1 with its signatures marked superseded by version 2.
    const versions = await api(reviewer, 'GET', `/api/measurements/${measurementId}/results/`);
    expect(resultVersionsSchema.strict().safeParse(versions.body).error).toBeUndefined();
    expect(versions.body.results.map((r: { version: number }) => r.version)).toEqual([1, 2]);
    expect(versions.body.results[0].peaks).toHaveLength(before.peaks.length);
    expect(versions.body.signatures).toEqual(
      ['authored', 'reviewed', 'approved'].map((meaning) =>
        expect.objectContaining({
          result_id: v1,
          version: 1,
          meaning,
          status: 'superseded',
          superseded_by: { result_id: v2, version: 2 },
        }),
      ),
    );

    // Version 2 is reviewed on its own; the superseded signatures stay as they are.
    const reviewed = await api(reviewer, 'POST', `/api/measurements/${measurementId}/signatures/`, {
      meaning: 'reviewed',
      password: reviewer.password,
    });
    expect(reviewed.status).toBe(201);
    expect(reviewed.body.state).toBe('reviewed');
    expect(reviewed.body.signatures.map((s: { status: string }) => s.status)).toEqual([
      'superseded',
      'superseded',
      'superseded',
      'valid',
    ]);
  });

  it('the database refuses to change a signed version in place, its amounts included', async () => {
    const measurementId = await importSigned('kept.csv');
    const review = (await api(reviewer, 'GET', `/api/measurements/${measurementId}/review/`)).body;
    const v1 = review.results[0].result_id as number;
    const before = await stored(v1);
    const db = server.context.database.db;
    await expect(
      db.updateTable('peaks').set({ amount: 1.5, amount_unit: 'mg/L' }).where('result_id', '=', v1).execute(),
    ).rejects.toThrow('record_signed_locked');
    await expect(
      db.updateTable('peaks').set({ name: 'renamed', area: 1 }).where('result_id', '=', v1).execute(),
    ).rejects.toThrow('record_signed_locked');
    await expect(db.deleteFrom('peaks').where('result_id', '=', v1).execute()).rejects.toThrow(
      'record_signed_locked',
    );
    await expect(
      db.updateTable('processing_results').set({ reason: 'edited' }).where('id', '=', v1).execute(),
    ).rejects.toThrow('record_signed_locked');
    expect((await stored(v1)).json).toBe(before.json);
    const after = (await api(reviewer, 'GET', `/api/measurements/${measurementId}/review/`)).body;
    expect(after.state).toBe('approved');
    expect(after.signatures.map((s: { status: string }) => s.status)).toEqual(['valid', 'valid', 'valid']);
  });

  it('a peak of an approved version renamed through GraphQL makes version 2; version 1 stays as signed, its signatures superseded', async () => {
    const measurementId = await importSigned('renamed.csv');
    const review = (await api(reviewer, 'GET', `/api/measurements/${measurementId}/review/`)).body;
    const v1 = review.results[0].result_id as number;
    const before = await stored(v1);
    const renamed = await graphql(
      base,
      analyst.access,
      `mutation { w: update_peaks(where: {result_id: {_eq: ${v1}}}, _set: {name: "Theobromine"}) { affected_rows } }`,
    );
    expect(renamed.errors).toBeUndefined();
    expect((await stored(v1)).json).toBe(before.json);
    const versions = (await api(analyst, 'GET', `/api/measurements/${measurementId}/results/`)).body;
    expect(versions.results.map((r: { version: number }) => r.version)).toEqual([1, 2]);
    const db = server.context.database.db;
    const v2 = await db
      .selectFrom('processing_results')
      .select(['id', 'reason', 'created_by'])
      .where('measurement_id', '=', measurementId)
      .where('version', '=', 2)
      .executeTakeFirstOrThrow();
    expect(v2).toMatchObject({
      reason: 'Peaks renamed (signed version 1 kept as signed)',
      created_by: analyst.id,
    });
    const names = await db.selectFrom('peaks').select('name').where('result_id', '=', v2.id).execute();
    expect(new Set(names.map((peak) => peak.name))).toEqual(new Set(['Theobromine']));
    const after = (await api(reviewer, 'GET', `/api/measurements/${measurementId}/review/`)).body;
    expect(after.state).toBe('processed');
    expect(after.signatures.map((s: { status: string }) => s.status)).toEqual([
      'superseded',
      'superseded',
      'superseded',
    ]);
    const events = await db
      .selectFrom('auditEvents')
      .select(['user_id', 'new_values'])
      .where('action', '=', 'supersede')
      .where('parent_id', '=', String(measurementId))
      .execute();
    expect(events).toEqual([
      {
        user_id: analyst.id,
        new_values: expect.objectContaining({ current_version: 2, current_result_id: v2.id }),
      },
    ]);
  });

  it('a signed sequence and its template say they are locked; a manual integration supersedes its signature', async () => {
    const imported = await upload(base, analyst.access, 'run.csv', syntheticCsv(), templateA);
    expect(imported.status).toBe(201);
    const measurementId: number = imported.body.measurement_id;
    const { sequenceId } = await fileUnderSequence(server, analyst.id, [measurementId], 'Locked run');
    const methodId = await storeMethod(server, analyst.id);
    await server.context.database.db
      .updateTable('sequences')
      .set({ template_uuid: templateA, method_id: methodId })
      .where('id', '=', sequenceId)
      .execute();
    const open = await api(analyst, 'GET', `/api/sequences/${sequenceId}/`);
    expect(open.body.lock).toBeNull();
    expect((await api(analyst, 'GET', `/api/methods/${methodId}/lock/`)).body).toEqual({
      method_id: methodId,
      lock: null,
    });
    const signed = await api(reviewer, 'POST', `/api/sequences/${sequenceId}/signatures/`, {
      meaning: 'reviewed',
      password: reviewer.password,
    });
    expect(signed.status).toBe(201);

    const sequence = await api(analyst, 'GET', `/api/sequences/${sequenceId}/`);
    expect(sequenceSchema.strict().safeParse(sequence.body).error).toBeUndefined();
    expect(sequence.body.lock).toEqual({
      code: 'record_signed_locked',
      detail: domainErrorText('record_signed_locked'),
    });
    const listed = await api(analyst, 'GET', '/api/sequences/');
    expect(listed.body.find((s: { id: number }) => s.id === sequenceId).lock.code).toBe(
      'record_signed_locked',
    );
    const components = await api(analyst, 'GET', `/api/templates/${templateA}/components/`);
    expect(templateComponentsSchema.strict().safeParse(components.body).error).toBeUndefined();
    expect(components.body.lock).toEqual({
      code: 'record_signed_locked',
      detail: domainErrorText('record_signed_locked'),
    });
    const methodLock = await api(reviewer, 'GET', `/api/methods/${methodId}/lock/`);
    expect(methodLockSchema.strict().safeParse(methodLock.body).error).toBeUndefined();
    expect(methodLock.body.lock).toEqual({
      code: 'record_signed_locked',
      detail: domainErrorText('record_signed_locked'),
    });
    const stranger = await signUp(base);
    expect((await api(stranger, 'GET', `/api/methods/${methodId}/lock/`)).body).toEqual({
      code: 'method_not_found',
      detail: domainErrorText('method_not_found'),
    });
    // What the lock says is what a write answers.
    const edit = await api(analyst, 'PATCH', `/api/sequences/${sequenceId}/`, { name: 'Renamed' });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('record_signed_locked');
    const removal = await api(analyst, 'DELETE', `/api/sequences/${sequenceId}/`);
    expect(removal.status).toBe(409);
    expect(removal.body.code).toBe('record_signed_locked');

    const v1 = signed.body.results[0].result_id as number;
    const before = await stored(v1);
    const edited = await api(analyst, 'POST', `/api/results/${v1}/integration/`, {
      operation: 'delete',
      peak_number: 1,
      reason: 'A system peak',
    });
    expect(edited.status).toBe(201);
    const review = (await api(reviewer, 'GET', `/api/sequences/${sequenceId}/review/`)).body;
    expect(review.state).toBe('processed');
    expect(review.signatures).toEqual([
      expect.objectContaining({
        status: 'superseded',
        invalid_reason: domainErrorText('signature_superseded', { current: 2, signed: 1 }),
      }),
    ]);
    expect((await stored(v1)).json).toBe(before.json);
    // The sequence stays locked: its signature still holds its record.
    expect((await api(analyst, 'GET', `/api/sequences/${sequenceId}/`)).body.lock.code).toBe(
      'record_signed_locked',
    );
    const events = await server.context.database.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('action', '=', 'supersede')
      .where('parent_id', '=', String(measurementId))
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ user_id: analyst.id, new_values: { current_version: 2 } });
  });

  it('a running sequence, its template and its method answer the run lock', async () => {
    const db = server.context.database.db;
    const imported = await upload(base, analyst.access, 'running.csv', syntheticCsv(), templateB);
    expect(imported.status).toBe(201);
    const { sequenceId } = await fileUnderSequence(
      server,
      analyst.id,
      [imported.body.measurement_id],
      'Running',
    );
    const methodId = await storeMethod(server, analyst.id);
    const template = await createTemplate(base, analyst.access, 'Run template', {});
    await db
      .updateTable('sequences')
      .set({ template_uuid: template, method_id: methodId, state: 'RUNNING' })
      .where('id', '=', sequenceId)
      .execute();
    expect((await api(analyst, 'GET', `/api/sequences/${sequenceId}/`)).body.lock).toEqual({
      code: 'sequence_running_locked',
      detail: domainErrorText('sequence_running_locked'),
    });
    expect((await api(analyst, 'GET', `/api/templates/${template}/components/`)).body.lock).toEqual({
      code: 'sequence_running_template_locked',
      detail: domainErrorText('sequence_running_template_locked'),
    });
    expect((await api(analyst, 'GET', `/api/methods/${methodId}/lock/`)).body.lock).toEqual({
      code: 'sequence_running_method_locked',
      detail: domainErrorText('sequence_running_method_locked'),
    });
    // What the lock says is what a write answers; the template's components are saved as its version 2,
    // while the run keeps version 1 (and so the template's lock ends: version 2 is in nobody's run).
    const removal = await api(analyst, 'DELETE', `/api/sequences/${sequenceId}/`);
    expect(removal.status).toBe(409);
    const components = await api(analyst, 'PUT', `/api/templates/${template}/components/`, {
      components: [{ name: 'A', expected_retention_time_sec: 60 }],
    });
    expect(components.status).toBe(200);
    expect(components.body.lock).toBeNull();
    expect((await api(analyst, 'GET', `/api/templates/${template}/versions/`)).body.current_version).toBe(2);
    expect((await api(analyst, 'GET', `/api/sequences/${sequenceId}/`)).body).toMatchObject({
      template_version: 1,
      method_version: 1,
    });
    await db.updateTable('sequences').set({ state: 'STOPPED' }).where('id', '=', sequenceId).execute();
    expect((await api(analyst, 'GET', `/api/sequences/${sequenceId}/`)).body.lock).toBeNull();
    expect((await api(analyst, 'GET', `/api/methods/${methodId}/lock/`)).body.lock).toBeNull();
  });

  it("a standard integrated again changes the calibration: a signed sample's version keeps its amounts, the new amounts are a new version", async () => {
    const db = server.context.database.db;
    const workspaceId = await workspaceOf(db, analyst.id);
    const one = (height: number) => syntheticCsv([[100, height, 3]]);
    const files = [
      ['low standard', 'standard', one(40), 10],
      ['high standard', 'standard', one(160), 40],
      ['unknown', 'sample', one(80), null],
    ] as const;
    const sequence = await db
      .insertInto('sequences')
      .values({ owner_id: analyst.id, workspace_id: workspaceId, name: 'Calibrated run', state: 'FINISHED' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const measurementIds: number[] = [];
    for (const [index, [name, type, csv, amount]] of files.entries()) {
      const imported = await upload(base, analyst.access, `${name}.csv`, csv, templateA);
      expect(imported.status).toBe(201);
      const measurementId: number = imported.body.measurement_id;
      measurementIds.push(measurementId);
      const sample = await db
        .insertInto('samples')
        .values({ owner_id: analyst.id, workspace_id: workspaceId, name, type })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (amount !== null)
        await db
          .insertInto('standards')
          .values({
            owner_id: analyst.id,
            workspace_id: workspaceId,
            sample_id: sample.id,
            analyte: 'analyte',
            amount,
            amount_unit: 'mg/L',
            retention_time_sec: 100,
            window_sec: 10,
          })
          .execute();
      const draft = await db
        .insertInto('drafts')
        .values({
          owner_id: analyst.id,
          workspace_id: workspaceId,
          sequence_id: sequence.id,
          sample_id: sample.id,
          vial: index + 1,
          injections_count: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const injection = await db
        .insertInto('injections')
        .values({
          owner_id: analyst.id,
          workspace_id: workspaceId,
          sequence_id: sequence.id,
          draft_id: draft.id,
          sample_id: sample.id,
          replicate: 1,
          vial: index + 1,
          state: 'finished',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('measurements')
        .set({ injection_id: injection.id, sample_id: sample.id })
        .where('id', '=', measurementId)
        .execute();
    }
    // Processed as a sequence: the standards' peaks named, the curve made, the unknown's amount read from it.
    const job = await api(analyst, 'POST', '/api/processing-jobs/', {
      sequence_id: sequence.id,
      template_uuid: templateA,
    });
    expect(job.status).toBe(202);
    await eventually(
      async () =>
        (await api(analyst, 'GET', `/api/processing-jobs/${job.body.id}/`)).body.state === 'finished',
      { what: 'the sequence processed' },
    );
    const unknownId = measurementIds[2]!;
    const amountOf = async (resultId: number) =>
      (await stored(resultId)).peaks.find((peak) => peak.name === 'analyte')?.amount ?? null;
    const signed = await api(reviewer, 'POST', `/api/sequences/${sequence.id}/signatures/`, {
      meaning: 'reviewed',
      password: reviewer.password,
    });
    expect(signed.status).toBe(201);
    const signedUnknown = signed.body.results.find(
      (r: { measurement_id: number }) => r.measurement_id === unknownId,
    ).result_id as number;
    const signedAmount = await amountOf(signedUnknown);
    expect(signedAmount).toBeGreaterThan(0);
    const before = await stored(signedUnknown);

    // The high standard integrated narrower: a smaller area, another curve, another amount for the unknown.
    const highStandard = signed.body.results.find(
      (r: { measurement_id: number }) => r.measurement_id === measurementIds[1],
    ).result_id as number;
    const edited = await api(analyst, 'POST', `/api/results/${highStandard}/integration/`, {
      operation: 'move',
      peak_number: 1,
      start_sec: 97,
      end_sec: 103,
      reason: 'Tailing cut off',
    });
    expect(edited.status).toBe(201);

    // The signed version of the unknown is as signed; its new amount is in a new version.
    expect((await stored(signedUnknown)).json).toBe(before.json);
    const versions = await api(analyst, 'GET', `/api/measurements/${unknownId}/results/`);
    const newest = versions.body.results.at(-1);
    expect(newest.id).not.toBe(signedUnknown);
    expect(newest.parent_result_id).toBe(signedUnknown);
    expect(newest.reason).toContain('kept as signed');
    const newAmount = await amountOf(newest.id as number);
    expect(newAmount).not.toBeNull();
    expect(newAmount).not.toBe(signedAmount);
    const review = (await api(reviewer, 'GET', `/api/sequences/${sequence.id}/review/`)).body;
    expect(review.state).toBe('processed');
    expect(review.signatures).toEqual([expect.objectContaining({ status: 'superseded' })]);
    for (const item of review.signatures[0].results)
      expect(item.status).toBe(item.measurement_id === measurementIds[0] ? 'valid' : 'superseded');
  });
});
