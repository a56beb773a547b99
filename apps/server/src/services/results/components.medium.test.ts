// Components and calibration through the public API on a simulated caffeine assay: standards typed with a
// wrong expected retention time (3.00 min; caffeine elutes at 5.5 min) get no calibration, and the standard's
// result and the sequence's calibration say why by name and times; "update retention times from this
// standard" fixes the template, a reprocess calibrates and the sample's amount is right; a model the
// standards cannot carry (quadratic on two levels) says how many levels it needs.
import {
  calibrationProblemText,
  domainErrors,
  sequenceResultsSchema,
  templateComponentsSchema,
  type SequenceResults,
} from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, type TestServer } from '../../../test/harness.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { createTemplate, sampleChromatogram, upload } from '../../../test/results-fixtures.ts';
import { storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';
import { eventually } from '../../../test/eventually.ts';

const TYPED_RT_SEC = 180;
const TRUE_RT_SEC = 332;

describe.each(await backends())('components and calibration on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let token: string;
  let userId: number;
  let instrument: LinkedInstrument;
  let methodId: number;
  const api = (method: string, path: string, body?: unknown) => request(base, method, path, { token, body });

  beforeAll(async () => {
    ({ server, base, token, userId, instrument } = await startServerWithInstrument(backend, {
      env: { ELUENT_SIM_SPEED: '400' },
      speed: 400,
    }));
    methodId = await storeMethod(server, userId);
  });
  afterAll(() => stopServerWithInstrument(server, instrument));

  async function sample(name: string, amount?: number) {
    const body = { name, device_id: instrument.deviceId, method_id: methodId, column_name: 'C18' };
    const response =
      amount === undefined
        ? await api('POST', '/api/samples/', body)
        : await api('POST', '/api/standards/', {
            ...body,
            analytes: [
              {
                analyte: 'caffeine',
                amount,
                amount_unit: 'µg/mL',
                retention_time_sec: TYPED_RT_SEC,
                window_sec: 15,
              },
            ],
          });
    expect(response.status).toBe(201);
    return response.body.id as number;
  }

  async function results(sequenceId: number) {
    const answer = (await api('GET', `/api/sequences/${sequenceId}/results/`)).body;
    expect(sequenceResultsSchema.strict().safeParse(answer).error).toBeUndefined();
    return answer as SequenceResults;
  }

  async function reprocess(sequenceId: number, templateUuid: string) {
    const created = await api('POST', '/api/processing-jobs/', {
      sequence_id: sequenceId,
      template_uuid: templateUuid,
    });
    expect(created.status).toBe(202);
    await eventually(async () => {
      const job = (await api('GET', `/api/processing-jobs/${created.body.id}/`)).body;
      return job.state === 'finished';
    });
  }

  it('names the component a standard misses, then calibrates once its time is updated', async () => {
    const templateUuid = await createTemplate(base, token, 'Caffeine assay', {
      peak_detection_min_prominence: 5,
    });
    const low = await sample('Caffeine 25', 25);
    const high = await sample('Caffeine 100', 100);
    const drink = await sample('Energy drink');
    const created = await api('POST', '/api/sequences/', {
      name: 'Assay',
      device_id: instrument.deviceId,
      method_id: methodId,
      template_uuid: templateUuid,
    });
    const sequenceId = created.body.id as number;
    for (const [sampleId, vial, injections_count] of [
      [low, 3, 1],
      [high, 5, 1],
      [drink, 7, 2],
    ])
      expect(
        (
          await api('POST', `/api/sequences/${sequenceId}/drafts/`, {
            sample_id: sampleId,
            vial,
            injections_count,
          })
        ).status,
      ).toBe(201);
    expect((await api('POST', `/api/sequences/${sequenceId}/start/`)).status).toBe(200);
    await eventually(async () =>
      ['FINISHED', 'ERROR'].includes((await api('GET', `/api/sequences/${sequenceId}/`)).body.state),
    );

    // The standard's result says which component it misses, where it was expected and the nearest peak.
    const before = await results(sequenceId);
    const standard = before.injections.find((i) => i.sample?.id === low)!;
    const missing = (standard.result!.errors as Array<Record<string, unknown>>).find(
      (e) => e.code === 'component_not_found',
    )!;
    expect(missing).toMatchObject({
      component: 'caffeine',
      expected_retention_time_sec: TYPED_RT_SEC,
      window_sec: 15,
      standard: 'Caffeine 25',
    });
    expect(Math.abs((missing.nearest_retention_time_sec as number) - TRUE_RT_SEC)).toBeLessThan(10);
    expect(missing.message).toBe(calibrationProblemText(missing as never));
    expect(missing.message).toMatch(
      /^Component not found in the standard\. caffeine: no peak in Caffeine 25 within 3\.00 ± 0\.25 min \(nearest peak at 5\.[45]\d min\)\.$/,
    );
    // The calibration view has the component with the reason instead of nothing.
    expect(before.calibrations).toEqual([
      expect.objectContaining({
        analyte: 'caffeine',
        slope: null,
        problem: expect.objectContaining({ code: 'component_not_found' }),
      }),
    ]);
    const drinkBefore = before.injections.find((i) => i.sample?.id === drink)!;
    expect(drinkBefore.result!.peaks.every((p) => p.amount === null)).toBe(true);
    expect(before.replicates).toEqual([]);

    // "Update retention times from this standard": the template gets the component at its real time.
    const updated = await api('POST', `/api/templates/${templateUuid}/components/retention-times/`, {
      measurement_id: standard.measurement_id,
    });
    expect(updated.status).toBe(200);
    expect(templateComponentsSchema.safeParse(updated.body).error).toBeUndefined();
    expect(updated.body.updated).toEqual(['caffeine']);
    const [caffeine] = updated.body.components;
    expect(caffeine).toMatchObject({
      name: 'caffeine',
      model: 'linear',
      weighting: 'none',
      amount_unit: 'µg/mL',
    });
    expect(Math.abs(caffeine.expected_retention_time_sec - TRUE_RT_SEC)).toBeLessThan(10);
    const audit = await server.context.database.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('entity', '=', 'postprocessingTemplates')
      .where('action', '=', 'update_retention_times')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.user_id).toBe(userId);

    await reprocess(sequenceId, templateUuid);
    const after = await results(sequenceId);
    const [line] = after.calibrations;
    expect(line).toMatchObject({ analyte: 'caffeine', model: 'linear', problem: null, amount_unit: 'µg/mL' });
    expect(line!.r_squared).toBeCloseTo(1, 5);
    expect(line!.residuals).toHaveLength(2);
    const amounts = after.injections
      .filter((i) => i.sample?.id === drink)
      .map((i) => i.result!.peaks.find((p) => p.name === 'caffeine')!.amount!);
    expect(amounts).toHaveLength(2);
    for (const amount of amounts) expect(Math.abs(amount - 32) / 32).toBeLessThan(0.02);
    // The two injections of the drink: mean, SD (n − 1) and %RSD of their amounts; standards are not summarised.
    const mean = (amounts[0]! + amounts[1]!) / 2;
    const sd = Math.abs(amounts[0]! - amounts[1]!) / Math.SQRT2;
    expect(after.replicates).toEqual([
      {
        sample: { id: drink, name: 'Energy drink', type: 'sample' },
        component: 'caffeine',
        amount_unit: 'µg/mL',
        count: 2,
        planned: 2,
        complete: true,
        mean: expect.closeTo(mean, 9),
        standard_deviation: expect.closeTo(sd, 9),
        relative_sd_percent: expect.closeTo((100 * sd) / mean, 9),
        injection_ids: after.injections.filter((i) => i.sample?.id === drink).map((i) => i.injection_id),
      },
    ]);
    expect(after.replicates[0]!.relative_sd_percent!).toBeLessThan(2);

    // A quadratic needs three amount levels; two standards give two, and the calibration says so.
    const quadratic = await api('PUT', `/api/templates/${templateUuid}/components/`, {
      components: [{ ...caffeine, model: 'quadratic', weighting: '1/x' }],
    });
    expect(quadratic.status).toBe(200);
    await reprocess(sequenceId, templateUuid);
    const refused = (await results(sequenceId)).calibrations[0]!;
    expect(refused.problem).toEqual({
      code: 'calibration_too_few_levels',
      model: 'quadratic',
      levels_needed: 3,
      levels_given: 2,
    });
    expect(calibrationProblemText(refused.problem!)).toBe(
      'Too few calibration levels for the model. quadratic needs 3 amount levels, the standards give 2.',
    );
  });

  it('reprocesses an import with a template of components: a new current version names the peak, v1 stays', async () => {
    const file = sampleChromatogram();
    const imported = await upload(base, token, file.name, file.bytes);
    expect(imported.status).toBe(201);
    const measurementId = imported.body.measurement_id as number;
    const first = (await api('GET', `/api/measurements/${measurementId}/results/`)).body;
    expect(first.results).toHaveLength(1);
    const peaksBefore = first.results[0].peaks as Array<{
      name: string | null;
      area: number;
      retention_time_sec: number;
    }>;
    expect(peaksBefore.every((peak) => peak.name === null)).toBe(true);
    const largest = peaksBefore.reduce((a, b) => (b.area > a.area ? b : a));

    const templateUuid = await createTemplate(base, token, 'Named import', {});
    expect(
      (
        await api('PUT', `/api/templates/${templateUuid}/components/`, {
          components: [
            { name: 'Main', expected_retention_time_sec: largest.retention_time_sec + 1, window_sec: 5 },
          ],
        })
      ).status,
    ).toBe(200);
    const created = await api('POST', '/api/processing-jobs/', {
      measurement_id: measurementId,
      template_uuid: templateUuid,
    });
    expect(created.status).toBe(202);
    await eventually(
      async () => (await api('GET', `/api/processing-jobs/${created.body.id}/`)).body.state === 'finished',
    );

    const after = (await api('GET', `/api/measurements/${measurementId}/results/`)).body;
    expect(after.results.map((r: { version: number }) => r.version)).toEqual([1, 2]);
    const [v1, v2] = after.results;
    expect(after.current_result_id).toBe(v2.id);
    expect(v2.template_snapshot.components).toEqual([
      expect.objectContaining({ name: 'Main', window_sec: 5 }),
    ]);
    const named = v2.peaks.filter((peak: { name: string | null }) => peak.name === 'Main');
    expect(named).toHaveLength(1);
    expect(Math.abs(named[0].retention_time_sec - largest.retention_time_sec)).toBeLessThan(0.5);
    // The import's own result is kept as it was, and can be made current again.
    expect(v1.peaks).toEqual(peaksBefore);
    const picked = await api('PUT', `/api/measurements/${measurementId}/current-result/`, {
      result_id: v1.id,
    });
    expect(picked.body.current_result_id).toBe(v1.id);
  });

  it('answers bad component input with field messages and unknown templates with 404', async () => {
    const templateUuid = await createTemplate(base, token, 'Checks', {});
    expect((await api('GET', `/api/templates/${templateUuid}/components/`)).body).toEqual({
      template_uuid: templateUuid,
      components: [],
      calibration_mode: 'total',
      lock: null,
    });
    const duplicate = await api('PUT', `/api/templates/${templateUuid}/components/`, {
      components: [
        { name: 'A', expected_retention_time_sec: 60 },
        { name: 'a', expected_retention_time_sec: 90 },
      ],
    });
    expect(duplicate.status).toBe(400);
    expect(JSON.stringify(duplicate.body)).toContain('Names must be unique');
    const negative = await api('PUT', `/api/templates/${templateUuid}/components/`, {
      components: [{ name: 'A', expected_retention_time_sec: -1, model: 'cubic' }],
    });
    expect(negative.status).toBe(400);
    for (const path of [
      '/api/templates/00000000-0000-4000-8000-000000000000/components/',
      '/api/templates/not-a-uuid/components/',
    ]) {
      const answer = await api('GET', path);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: 'template_not_found', detail: domainErrors.template_not_found });
    }
    const other = await signUp(base);
    const foreign = await request(base, 'PUT', `/api/templates/${templateUuid}/components/`, {
      token: other.access,
      body: { components: [] },
    });
    expect(foreign.status).toBe(404);
  });
});
