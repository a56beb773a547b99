// Samples, standards and the sequence table through the public REST API: every rule answers its
// catalogued `{code, detail}` word for word.
import { domainErrors, sampleSchema, type DomainErrorCode } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, type TestServer } from '../../../test/harness.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';

function expectError(response: { status: number; body: any }, status: number, code: DomainErrorCode) {
  expect(response.body).toMatchObject({ code, detail: domainErrors[code] });
  expect(response.status).toBe(status);
}

describe.each(await backends())('samples, standards and the sequence table on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let token: string;
  let userId: number;
  let instrument: LinkedInstrument;
  let methodId: number;
  let sampleId: number;
  let standardId: number;
  let sequenceId: number;
  const api = (method: string, path: string, body?: unknown) => request(base, method, path, { token, body });

  beforeAll(async () => {
    ({ server, base, token, userId, instrument } = await startServerWithInstrument(backend));
    methodId = await storeMethod(server, userId);
  });
  afterAll(() => stopServerWithInstrument(server, instrument));

  const sampleBody = () => ({
    name: 'Coffee extract',
    device_id: instrument.deviceId,
    method_id: methodId,
    column_name: 'C18 4.6 × 150 mm',
  });

  it('creates a sample and refuses one without device, method or column', async () => {
    const created = await api('POST', '/api/samples/', sampleBody());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Coffee extract',
      type: 'sample',
      device_id: instrument.deviceId,
    });
    sampleId = created.body.id;
    for (const [field, code] of [
      ['device_id', 'sample_device_required'],
      ['method_id', 'sample_method_required'],
      ['column_name', 'sample_column_required'],
    ] as const) {
      expectError(await api('POST', '/api/samples/', { ...sampleBody(), [field]: null }), 400, code);
    }
    expectError(
      await api('POST', '/api/samples/', { ...sampleBody(), column_name: ' ' }),
      400,
      'sample_column_not_selected',
    );
    expectError(
      await api('PATCH', `/api/samples/${sampleId}/`, { method_id: null }),
      400,
      'sample_method_required',
    );
  });

  it('refuses a method built for other hardware', async () => {
    const other = await storeMethod(server, userId, {
      hardware_configuration: JSON.stringify([{ kind: 'pump', model: 'X', limits: {} }]),
    });
    expectError(
      await api('POST', '/api/samples/', { ...sampleBody(), method_id: other }),
      400,
      'method_hardware_mismatch',
    );
  });

  it('keeps standards and samples on their own controllers', async () => {
    const standard = await api('POST', '/api/standards/', {
      ...sampleBody(),
      name: 'Caffeine 25',
      analytes: [{ analyte: 'caffeine', amount: 25, retention_time_sec: 200 }],
    });
    expect(standard.status).toBe(201);
    // The answer is what the REST schema of packages/contracts (the web app's type) says it is.
    expect(sampleSchema.strict().safeParse(standard.body).error).toBeUndefined();
    expect(standard.body.analytes).toEqual([
      expect.objectContaining({
        analyte: 'caffeine',
        amount: 25,
        retention_time_sec: 200,
        amount_unit: 'µg/mL',
        window_sec: 6,
      }),
    ]);
    standardId = standard.body.id;
    expectError(
      await api('POST', '/api/samples/', { ...sampleBody(), type: 'standard' }),
      400,
      'sample_is_standard',
    );
    expectError(await api('GET', `/api/samples/${standardId}/`), 400, 'sample_is_standard');
    expectError(await api('PATCH', `/api/samples/${standardId}/`, { name: 'x' }), 400, 'sample_is_standard');
    expectError(await api('GET', `/api/standards/${sampleId}/`), 400, 'sequence_unexpected_sample_type');
    expect((await api('GET', '/api/samples/')).body.map((s: { id: number }) => s.id)).toEqual([sampleId]);
  });

  it('builds a sequence table under its rules', async () => {
    const sequence = await api('POST', '/api/sequences/', {
      name: 'Caffeine run',
      device_id: instrument.deviceId,
      method_id: methodId,
    });
    expect(sequence.status).toBe(201);
    sequenceId = sequence.body.id;
    const draft = await api('POST', `/api/sequences/${sequenceId}/drafts/`, {
      sample_id: sampleId,
      vial: 8,
      injections_count: 2,
    });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({
      sequence_id: sequenceId,
      sample_id: sampleId,
      vial: 8,
      injections_count: 2,
      enabled: true,
      position: 0,
    });

    expectError(
      await api('POST', '/api/sequences/abc/drafts/', { sample_id: sampleId, vial: 1 }),
      400,
      'draft_invalid_sequence_id',
    );
    expectError(
      await api('POST', `/api/sequences/${sequenceId}/drafts/`, {
        sequence_id: sequenceId + 1,
        sample_id: sampleId,
        vial: 1,
      }),
      400,
      'draft_invalid_sequence_id',
    );
    expectError(
      await api('POST', `/api/sequences/${sequenceId}/drafts/`, {
        sample_id: sampleId,
        vial: 1,
        injections_count: 0,
      }),
      400,
      'draft_invalid',
    );
    expectError(
      await api('POST', `/api/sequences/${sequenceId}/drafts/`, { sample_id: 987654, vial: 1 }),
      400,
      'draft_invalid',
    );
    expectError(
      await api('POST', `/api/sequences/${sequenceId}/drafts/`, { sample_id: sampleId, vial: 500 }),
      400,
      'draft_invalid',
    );
    expectError(
      await api('PUT', `/api/sequences/${sequenceId}/drafts/`, { drafts: [{ vial: 3 }] }),
      400,
      'draft_id_required',
    );

    const other = await api('POST', '/api/sequences/', { name: 'Other', device_id: instrument.deviceId });
    const foreign = await api('POST', `/api/sequences/${other.body.id}/drafts/`, {
      sample_id: sampleId,
      vial: 2,
      method_id: methodId,
    });
    expectError(
      await api('PATCH', `/api/sequences/${sequenceId}/drafts/${foreign.body.id}/`, { vial: 4 }),
      400,
      'draft_not_in_sequence',
    );
    expectError(
      await api('PUT', `/api/sequences/${sequenceId}/drafts/`, {
        drafts: [{ id: foreign.body.id, vial: 4 }],
      }),
      400,
      'draft_not_in_sequence',
    );
    expectError(
      await api('POST', `/api/sequences/${sequenceId}/drafts/order/`, { draft_ids: [foreign.body.id] }),
      400,
      'draft_not_in_sequence',
    );
    expectError(
      await api('DELETE', `/api/sequences/${sequenceId}/drafts/${foreign.body.id}/`),
      400,
      'draft_not_in_sequence',
    );

    expectError(
      await api('GET', `/api/sequences/${sequenceId}/samples/${standardId}/`),
      400,
      'draft_sample_not_in_sequence',
    );
    expect((await api('GET', `/api/sequences/${sequenceId}/samples/${sampleId}/`)).body).toHaveLength(1);

    const incompatible = await storeMethod(server, userId, {
      hardware_configuration: JSON.stringify([{ kind: 'pump', model: 'X', limits: {} }]),
    });
    expectError(
      await api('POST', `/api/sequences/${sequenceId}/drafts/`, {
        sample_id: sampleId,
        vial: 8,
        method_id: incompatible,
      }),
      400,
      'sequence_method_incompatible',
    );
    expectError(
      await api('PATCH', `/api/sequences/${sequenceId}/`, { method_id: incompatible }),
      400,
      'sequence_method_incompatible',
    );
  });

  it('enables a standard only with amount and time for every analyte', async () => {
    const incomplete = await api('POST', '/api/standards/', {
      ...sampleBody(),
      name: 'Caffeine ?',
      analytes: [{ analyte: 'caffeine', amount: null, retention_time_sec: 200 }],
    });
    expectError(
      await api('POST', `/api/sequences/${sequenceId}/drafts/`, { sample_id: incomplete.body.id, vial: 1 }),
      400,
      'draft_cannot_be_enabled',
    );
    const disabled = await api('POST', `/api/sequences/${sequenceId}/drafts/`, {
      sample_id: incomplete.body.id,
      vial: 1,
      enabled: false,
    });
    expect(disabled.status).toBe(201);
    expectError(
      await api('PATCH', `/api/sequences/${sequenceId}/drafts/${disabled.body.id}/`, { enabled: true }),
      400,
      'draft_cannot_be_enabled',
    );
    await api('PATCH', `/api/standards/${incomplete.body.id}/`, {
      analytes: [{ analyte: 'caffeine', amount: 10, retention_time_sec: 200 }],
    });
    const enabled = await api('PATCH', `/api/sequences/${sequenceId}/drafts/${disabled.body.id}/`, {
      enabled: true,
    });
    expect(enabled.body.enabled).toBe(true);
  });

  it('orders the table and writes every change to the audit trail', async () => {
    const drafts = (await api('GET', `/api/sequences/${sequenceId}/drafts/`)).body as Array<{ id: number }>;
    const reversed = drafts.map((d) => d.id).reverse();
    const ordered = await api('POST', `/api/sequences/${sequenceId}/drafts/order/`, { draft_ids: reversed });
    expect(ordered.status).toBe(200);
    const after = (await api('GET', `/api/sequences/${sequenceId}/`)).body.drafts.map(
      (d: { id: number }) => d.id,
    );
    expect(after).toEqual(reversed);
    const audit = await server.context.database.db
      .selectFrom('auditEvents')
      .select(['entity', 'action'])
      .where('user_id', '=', userId)
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { entity: 'drafts', action: 'create' },
        { entity: 'sequences', action: 'order_drafts' },
      ]),
    );
  });

  it('does not let another user see or change the sequence', async () => {
    const stranger = await signUp(base);
    const seen = await request(base, 'GET', `/api/sequences/${sequenceId}/`, { token: stranger.access });
    expectError(seen, 404, 'sequence_not_found');
    const sample = await request(base, 'GET', `/api/samples/${sampleId}/`, { token: stranger.access });
    expect(sample.status).toBe(404);
  });
});
