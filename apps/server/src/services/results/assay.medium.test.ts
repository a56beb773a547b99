// Samples as a lab enters them, on a simulated caffeine assay through the real server: a row's weight,
// dilution and injection volume (sent to the instrument) correct the sample's amounts; an injected standard
// or sample is a record the API refuses to change, with the catalogue's words.
import { domainErrors, sequenceResultsSchema, type SequenceResults } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { createTemplate } from '../../../test/results-fixtures.ts';
import {
  linkInstrument,
  storeMethod,
  until,
  type LinkedInstrument,
} from '../../../test/sequences-fixtures.ts';

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
    server = await startTestServer({ backend, env: { ELUENT_SIM_SPEED: '100' } });
    base = server.baseUrl;
    const user = await signUp(base);
    token = user.access;
    instrument = await linkInstrument(server, user.id, 100);
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
    await until(async () =>
      ['FINISHED', 'ERROR'].includes((await api('GET', `/api/sequences/${sequenceId}/`)).body.state),
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
      expect(Math.abs(caffeine.amount! - (DRINK_UG_PER_ML * 25) / 50) / 16).toBeLessThan(0.02);
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
});
