// Assay results on a simulated caffeine assay through the real server: a row's weight, dilution and
// injection volume (sent to the instrument) correct the sample's amounts; an injected standard or sample is a
// record the API refuses to change, with the catalogue's words; system-suitability limits give each
// standard injection and the sequence a verdict (answer, CSV), replicates their mean and %RSD, and a check
// standard its deviation.
import { domainErrors, sequenceResultsSchema, type Component, type SequenceResults } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { createTemplate } from '../../../test/results-fixtures.ts';
import { linkInstrument, storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';
import { eventually, simulatedRunsDeadline } from '../../../test/eventually.ts';
import { expectNearTruth } from '../../../test/simulated-amounts.ts';

const CAFFEINE_RT_SEC = 332;
/** The simulator's energy drink (vial 7) holds 32 µg/mL caffeine; the standards are vials 3 (25) and 5 (100). */
const DRINK_UG_PER_ML = 32;

describe.each(await backends())('assay samples on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let token: string;
  let instrument: LinkedInstrument;
  let methodId: number;
  const api = (method: string, path: string, body?: unknown) => request(base, method, path, { token, body });

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { ELUENT_SIM_SPEED: '400' } });
    base = server.baseUrl;
    const user = await signUp(base);
    token = user.access;
    instrument = await linkInstrument(server, user.id, 400);
    methodId = await storeMethod(server, user.id);
  });
  afterAll(async () => {
    await instrument?.client.stop();
    await server?.dispose();
  });

  const common = () => ({ device_id: instrument.deviceId, method_id: methodId, column_name: 'C18' });

  async function standard(name: string, amount: number) {
    const response = await api('POST', '/api/standards/', {
      ...common(),
      name,
      analytes: [
        {
          analyte: 'caffeine',
          amount,
          amount_unit: 'µg/mL',
          retention_time_sec: CAFFEINE_RT_SEC,
          window_sec: 15,
        },
      ],
    });
    expect(response.status).toBe(201);
    return response.body.id as number;
  }

  async function sample(name: string) {
    const response = await api('POST', '/api/samples/', { ...common(), name });
    expect(response.status).toBe(201);
    return response.body.id as number;
  }

  async function results(sequenceId: number) {
    const answer = (await api('GET', `/api/sequences/${sequenceId}/results/`)).body;
    expect(sequenceResultsSchema.strict().safeParse(answer).error).toBeUndefined();
    return answer as SequenceResults;
  }

  async function runSequence(templateUuid: string, rows: Array<Record<string, unknown>>) {
    const created = await api('POST', '/api/sequences/', {
      name: `Assay ${Date.now()}`,
      device_id: instrument.deviceId,
      method_id: methodId,
      template_uuid: templateUuid,
    });
    const sequenceId = created.body.id as number;
    for (const row of rows) {
      const added = await api('POST', `/api/sequences/${sequenceId}/drafts/`, row);
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    }
    expect((await api('POST', `/api/sequences/${sequenceId}/start/`)).status).toBe(200);
    // Every injection of the table at 400x (seven 8-minute runs outlasted the default 30 s deadline).
    const runs = rows.reduce((count, row) => count + (Number(row.injections_count) || 1), 0);
    await eventually(
      async () =>
        ['FINISHED', 'ERROR'].includes((await api('GET', `/api/sequences/${sequenceId}/`)).body.state),
      { what: 'the sequence ends', deadline: simulatedRunsDeadline({ runTimeSec: 480, speed: 400, runs }) },
    );
    expect((await api('GET', `/api/sequences/${sequenceId}/`)).body.state).toBe('FINISHED');
    return sequenceId;
  }

  it('corrects amounts by the row: half the injection volume, × dilution ÷ weight; injected ones are records', async () => {
    const templateUuid = await createTemplate(base, token, 'Caffeine', { peak_detection_min_prominence: 5 });
    expect(
      (
        await api('PUT', `/api/templates/${templateUuid}/components/`, {
          components: [{ name: 'caffeine', expected_retention_time_sec: CAFFEINE_RT_SEC, window_sec: 15 }],
        })
      ).status,
    ).toBe(200);
    const low = await standard('Caffeine 25', 25);
    const high = await standard('Caffeine 100', 100);
    const drink = await sample('Energy drink');
    const untouched = await sample('Not injected');

    // An injection volume beyond the autosampler's 100 µL is refused on the row.
    const refusedRow = await api('POST', '/api/sequences/', {
      name: 'Refused',
      device_id: instrument.deviceId,
      method_id: methodId,
    });
    const tooMuch = await api('POST', `/api/sequences/${refusedRow.body.id}/drafts/`, {
      sample_id: drink,
      vial: 7,
      injection_ul: 150,
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fields).toEqual({ injection_ul: ['Must be at most 100 µL'] });

    const sequenceId = await runSequence(templateUuid, [
      { sample_id: low, vial: 3 },
      { sample_id: high, vial: 5 },
      { sample_id: drink, vial: 7, injections_count: 2, weight_mg: 50, dilution: 25, injection_ul: 5 },
    ]);
    const answer = await results(sequenceId);
    const drinks = answer.injections.filter((i) => i.sample?.id === drink);
    expect(drinks).toHaveLength(2);
    for (const injection of drinks) {
      expect(injection).toMatchObject({
        weight_mg: 50,
        dilution: 25,
        injection_ul: 5,
        check_standard: false,
      });
      const caffeine = injection.result!.peaks.find((p) => p.name === 'caffeine')!;
      // Injected at 5 µL against standards at 10 µL: the curve reads half, × 10/5 puts it back; then × 25 ÷ 50.
      expect(caffeine.amount_unit).toBe('µg/mL per mg');
      const [curve] = answer.calibrations;
      const onCurve = (caffeine.area - curve!.intercept!) / curve!.slope!;
      expect(caffeine.amount).toBeCloseTo(((onCurve * 10) / 5) * (25 / 50), 9);
      expectNearTruth(caffeine.amount!, (DRINK_UG_PER_ML * 25) / 50);
    }
    const standards = answer.injections.filter((i) => i.sample?.type === 'standard');
    expect(standards.map((i) => i.injection_ul)).toEqual([10, 10]);
    // The instrument ran the row's volume: the drink's areas are about half of what 10 µL gives.
    const lowArea = standards[0]!.result!.peaks.find((p) => p.name === 'caffeine')!.area;
    const drinkArea = drinks[0]!.result!.peaks.find((p) => p.name === 'caffeine')!.area;
    expect(drinkArea / lowArea).toBeGreaterThan(0.55);
    expect(drinkArea / lowArea).toBeLessThan(0.75); // (32 × 5) / (25 × 10) = 0.64
    // The replicate summary reads the corrected amounts.
    expect(answer.replicates[0]).toMatchObject({
      component: 'caffeine',
      amount_unit: 'µg/mL per mg',
      count: 2,
    });

    // Injected: the standard and the sample are records now.
    const standardPatch = await api('PATCH', `/api/standards/${low}/`, { name: 'Caffeine 25 (fixed)' });
    expect(standardPatch.status).toBe(409);
    expect(standardPatch.body).toEqual({ code: 'standard_injected', detail: domainErrors.standard_injected });
    const samplePatch = await api('PATCH', `/api/samples/${drink}/`, { name: 'Drink' });
    expect(samplePatch.body).toEqual({ code: 'sample_injected', detail: domainErrors.sample_injected });
    expect((await api('DELETE', `/api/samples/${drink}/`)).status).toBe(409);
    // One not injected yet stays editable.
    const renamed = await api('PATCH', `/api/samples/${untouched}/`, { name: 'Still editable' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Still editable');
  });

  /** Mean, sample SD and %RSD computed here, independently of the server's statistics. */
  function stats(values: number[]) {
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
    return { mean, sd, rsd: (100 * sd) / mean };
  }

  it('gives SST verdicts per standard injection and per component, replicate statistics and a check standard', async () => {
    const templateUuid = await createTemplate(base, token, 'Caffeine SST', {
      peak_detection_min_prominence: 5,
    });
    const limits = (tailingMax: number) => ({
      plates_min: 1000,
      tailing_max: tailingMax,
      signal_to_noise_min: 10,
      retention_time_window_sec: 10,
      area_rsd_max_percent: 5,
      check_deviation_max_percent: 5,
    });
    const setLimits = async (tailingMax: number) => {
      const saved = await api('PUT', `/api/templates/${templateUuid}/components/`, {
        components: [
          {
            name: 'caffeine',
            expected_retention_time_sec: CAFFEINE_RT_SEC,
            window_sec: 15,
            suitability: limits(tailingMax),
          },
        ],
      });
      expect(saved.status).toBe(200);
      return saved.body.components[0] as Component;
    };
    // A tailing limit no real peak meets: every standard injection fails on it.
    expect((await setLimits(0.5)).suitability).toEqual({ ...limits(0.5), resolution_min: null });
    const low = await standard('Caffeine 25 SST', 25);
    const high = await standard('Caffeine 100 SST', 100);
    const check = await standard('Caffeine 50 check', 50);
    const drink = await sample('Energy drink SST');
    const sequenceId = await runSequence(templateUuid, [
      { sample_id: low, vial: 3, injections_count: 3 },
      { sample_id: high, vial: 5 },
      { sample_id: check, vial: 4, check_standard: true },
      { sample_id: drink, vial: 7, injections_count: 2 },
    ]);
    const failing = await results(sequenceId);
    const caffeineOf = (injection: SequenceResults['injections'][number]) =>
      injection.result!.peaks.find((p) => p.name === 'caffeine')!;

    // Each standard injection: plates, S/N and the retention time pass, the tailing fails.
    const standards = failing.injections.filter((i) => i.sample?.type === 'standard');
    expect(standards).toHaveLength(5);
    for (const injection of standards) {
      const [line] = injection.suitability;
      expect(line!.component).toBe('caffeine');
      expect(line!.pass).toBe(false);
      const verdicts = Object.fromEntries(line!.checks.map((c) => [c.test, c.pass]));
      expect(verdicts).toMatchObject({
        plates: true,
        tailing: false,
        signal_to_noise: true,
        retention_time: true,
      });
      expect(line!.checks.find((c) => c.test === 'tailing')!.value).toBe(caffeineOf(injection).tailing);
    }
    // The area %RSD of the three injections of the 25 µg/mL standard, computed here from their areas.
    const lowAreas = standards.filter((i) => i.sample?.id === low).map((i) => caffeineOf(i).area);
    const [verdict] = failing.suitability;
    expect(verdict).toMatchObject({
      component: 'caffeine',
      injections: 5,
      injections_failed: 5,
      injections_planned: 5,
      status: 'fail',
      pass: false,
    });
    expect(verdict!.area_rsd).toEqual([
      {
        sample: { id: low, name: 'Caffeine 25 SST' },
        count: 3,
        planned: 3,
        check: { test: 'area_rsd', limit: 5, value: expect.closeTo(stats(lowAreas).rsd, 9), pass: true },
      },
    ]);
    // The check standard is read through the curve and compared with its 50 µg/mL; it does not calibrate.
    const checkRow = failing.injections.find((i) => i.sample?.id === check)!;
    expect(checkRow.check_standard).toBe(true);
    const measured = caffeineOf(checkRow).amount!;
    const deviation = failing.injections
      .find((i) => i.sample?.id === check)!
      .suitability[0]!.checks.find((c) => c.test === 'check_deviation')!;
    expect(deviation.value).toBeCloseTo((100 * (measured - 50)) / 50, 9);
    expect(deviation.pass).toBe(Math.abs(deviation.value!) <= 5);
    expectNearTruth(measured, 50);
    expect(failing.calibrations[0]!.points.map((p) => p.amount).sort((a, b) => a - b)).toEqual([
      25, 25, 25, 100,
    ]);
    // The drink's replicates: mean and %RSD of its two amounts.
    const drinkAmounts = failing.injections
      .filter((i) => i.sample?.id === drink)
      .map((i) => caffeineOf(i).amount!);
    const drinkStats = stats(drinkAmounts);
    expect(failing.replicates).toEqual([
      expect.objectContaining({
        component: 'caffeine',
        count: 2,
        mean: expect.closeTo(drinkStats.mean, 9),
        relative_sd_percent: expect.closeTo(drinkStats.rsd, 9),
      }),
    ]);
    expectNearTruth(drinkStats.mean, DRINK_UG_PER_ML);

    // The CSV carries the verdict and the failed test in words on each standard's caffeine line.
    const csv = await fetch(`${base}/api/sequences/${sequenceId}/results/?format=csv`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const [head, ...lines] = (await csv.text()).trim().split('\r\n');
    const columns = head!.split(',');
    const at = (line: string, column: string) => line.split(',')[columns.indexOf(column)];
    const standardLines = lines.filter(
      (line) => at(line, 'sample_type') === 'standard' && at(line, 'peak_name') === 'caffeine',
    );
    expect(standardLines).toHaveLength(5);
    for (const line of standardLines) {
      expect(at(line, 'sst')).toBe('fail');
      expect(at(line, 'sst_failed')).toMatch(/^tailing \d+(\.\d+)? > 0\.5$/);
    }
    const drinkLine = lines.find(
      (line) => at(line, 'sample') === 'Energy drink SST' && at(line, 'peak_name') === 'caffeine',
    )!;
    expect(Number(at(drinkLine, 'replicate_mean'))).toBeCloseTo(drinkStats.mean, 9);
    expect(Number(at(drinkLine, 'replicate_rsd_percent'))).toBeCloseTo(drinkStats.rsd, 9);

    // Limits the peaks meet, reprocessed: every standard passes and the sequence passes.
    await setLimits(3);
    const job = await api('POST', '/api/processing-jobs/', {
      sequence_id: sequenceId,
      template_uuid: templateUuid,
    });
    expect(job.status).toBe(202);
    await eventually(
      async () => (await api('GET', `/api/processing-jobs/${job.body.id}/`)).body.state === 'finished',
    );
    const passing = await results(sequenceId);
    expect(passing.suitability[0]).toMatchObject({
      injections: 5,
      injections_failed: 0,
      status: 'pass',
      pass: true,
    });
    expect(
      passing.injections.filter((i) => i.sample?.type === 'standard').every((i) => i.suitability[0]!.pass),
    ).toBe(true);

    // Bracketed: the standards before the check standard form one block; the check standard and the drink,
    // after it, are read through that block alone (bracket 1), with the same curve as the whole sequence's.
    const bracketed = await api('PUT', `/api/templates/${templateUuid}/components/`, {
      components: [{ name: 'caffeine', expected_retention_time_sec: CAFFEINE_RT_SEC, window_sec: 15 }],
      calibration_mode: 'bracketed',
    });
    expect(bracketed.body.calibration_mode).toBe('bracketed');
    expect((await api('GET', `/api/templates/${templateUuid}/components/`)).body.calibration_mode).toBe(
      'bracketed',
    );
    const again = await api('POST', '/api/processing-jobs/', {
      sequence_id: sequenceId,
      template_uuid: templateUuid,
    });
    await eventually(
      async () => (await api('GET', `/api/processing-jobs/${again.body.id}/`)).body.state === 'finished',
    );
    const inBrackets = await results(sequenceId);
    expect(inBrackets.calibrations.map((c) => [c.analyte, c.bracket, c.points.length])).toEqual([
      ['caffeine', 1, 4],
    ]);
    expect(inBrackets.calibrations[0]!.slope).toBeCloseTo(passing.calibrations[0]!.slope!, 9);
    expect(inBrackets.injections.map((i) => [i.sample?.type, i.check_standard, i.bracket])).toEqual([
      ['standard', false, null],
      ['standard', false, null],
      ['standard', false, null],
      ['standard', false, null],
      ['standard', true, 1],
      ['sample', false, 1],
      ['sample', false, 1],
    ]);
  });
});
