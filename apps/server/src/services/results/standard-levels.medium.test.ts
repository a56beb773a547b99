// Standards entered once (docs/assay.md "Standards entered once"): a standard's row naming a level of the
// template's component table takes its amounts from there. The same caffeine assay typed once (levels in
// the component table, one standard injected at levels 1 and 2) gives the amounts of the double entry
// (amounts typed on each standard), through the real server and simulated instrument.
import { sequenceResultsSchema, type SequenceResults } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { createTemplate } from '../../../test/results-fixtures.ts';
import { linkInstrument, storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';
import { eventually, scaled } from '../../../test/eventually.ts';
import { expectNearTruth } from '../../../test/simulated-amounts.ts';

const CAFFEINE_RT_SEC = 332;
/** The simulator's energy drink (vial 7) holds 32 µg/mL caffeine; the standards are vials 3 (25) and 5 (100). */
const DRINK_UG_PER_ML = 32;
const caffeine = { name: 'caffeine', expected_retention_time_sec: CAFFEINE_RT_SEC, window_sec: 15 };

describe.each(await backends())('standards entered once on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let instrument: LinkedInstrument;
  let methodId: number;
  const api = (method: string, path: string, body?: unknown) =>
    request(server.baseUrl, method, path, { token, body });

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { ELUENT_SIM_SPEED: '400' } });
    const user = await signUp(server.baseUrl);
    token = user.access;
    instrument = await linkInstrument(server, user.id, 400);
    methodId = await storeMethod(server, user.id);
  }, scaled(60_000));
  afterAll(async () => {
    await instrument?.client.stop();
    await server?.dispose();
  });

  const common = () => ({ device_id: instrument.deviceId, method_id: methodId, column_name: 'C18' });

  async function create(path: string, body: Record<string, unknown>) {
    const response = await api('POST', path, { ...common(), ...body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as number;
  }

  const typedStandard = (name: string, amount: number) =>
    create('/api/standards/', {
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

  async function template(name: string, components: unknown[]) {
    const uuid = await createTemplate(server.baseUrl, token, name, { peak_detection_min_prominence: 5 });
    expect((await api('PUT', `/api/templates/${uuid}/components/`, { components })).status).toBe(200);
    return uuid;
  }

  async function sequence(templateUuid: string) {
    const created = await api('POST', '/api/sequences/', {
      name: `Levels ${Date.now()}`,
      device_id: instrument.deviceId,
      method_id: methodId,
      template_uuid: templateUuid,
    });
    return created.body.id as number;
  }

  async function run(sequenceId: number, rows: Array<Record<string, unknown>>): Promise<SequenceResults> {
    for (const row of rows) {
      const added = await api('POST', `/api/sequences/${sequenceId}/drafts/`, row);
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    }
    expect((await api('POST', `/api/sequences/${sequenceId}/start/`)).status).toBe(200);
    await eventually(
      async () =>
        ['FINISHED', 'ERROR'].includes((await api('GET', `/api/sequences/${sequenceId}/`)).body.state),
      { what: 'the sequence to finish' },
    );
    const answer = (await api('GET', `/api/sequences/${sequenceId}/results/`)).body;
    expect(sequenceResultsSchema.strict().safeParse(answer).error).toBeUndefined();
    return answer as SequenceResults;
  }

  const caffeineAmounts = (answer: SequenceResults) =>
    answer.injections.map((i) => ({
      kind: i.sample!.type,
      level: i.calibration_level,
      amount: i.result!.peaks.find((p) => p.name === 'caffeine')!.amount!,
      unit: i.result!.peaks.find((p) => p.name === 'caffeine')!.amount_unit,
    }));

  it('reads a standard row at a level of the component table: the amounts of the double entry', async () => {
    // Double entry: amounts on each standard, the component table without levels.
    const typed = await sequence(await template('Caffeine typed', [caffeine]));
    const drink = await create('/api/samples/', { name: 'Energy drink' });
    const twice = caffeineAmounts(
      await run(typed, [
        { sample_id: await typedStandard('Caffeine 25', 25), vial: 3 },
        { sample_id: await typedStandard('Caffeine 100', 100), vial: 5 },
        { sample_id: drink, vial: 7 },
      ]),
    );

    // Typed once: the levels in the component table; one standard without amounts at levels 1 and 2.
    const levelled = await template('Caffeine levels', [
      { ...caffeine, amount_unit: 'µg/mL', levels: [25, 100] },
    ]);
    const once = await sequence(levelled);
    const stock = await create('/api/standards/', { name: 'Caffeine stock' });
    // A level on a sample's row, or beyond the table, is refused with the field's words.
    const onSample = await api('POST', `/api/sequences/${once}/drafts/`, {
      sample_id: drink,
      vial: 7,
      calibration_level: 1,
    });
    expect(onSample.status).toBe(400);
    expect(onSample.body.fields).toEqual({ calibration_level: ['Only a standard has a calibration level'] });
    const beyond = await api('POST', `/api/sequences/${once}/drafts/`, {
      sample_id: stock,
      vial: 3,
      calibration_level: 3,
    });
    expect(beyond.status).toBe(400);
    expect(beyond.body.fields).toEqual({
      calibration_level: ["The template's component table has 2 levels"],
    });

    const single = caffeineAmounts(
      await run(once, [
        { sample_id: stock, vial: 3, calibration_level: 1 },
        { sample_id: stock, vial: 5, calibration_level: 2 },
        { sample_id: drink, vial: 7 },
      ]),
    );
    expect(single.map(({ kind, level, unit }) => [kind, level, unit])).toEqual([
      ['standard', 1, 'µg/mL'],
      ['standard', 2, 'µg/mL'],
      ['sample', null, 'µg/mL'],
    ]);
    expect(twice.map((row) => row.amount.toPrecision(6)).slice(0, 2)).toEqual(['25.0000', '100.000']);
    expect(single.map((row) => row.amount.toPrecision(6)).slice(0, 2)).toEqual(['25.0000', '100.000']);
    // Two runs on the simulator (its noise is not the same run to run): each reads the drink's true 32 µg/mL.
    for (const run of [single, twice]) expectNearTruth(run[2]!.amount, DRINK_UG_PER_ML);
  });
});
