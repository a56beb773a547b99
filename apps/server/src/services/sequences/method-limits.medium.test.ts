// A run — a sequence start or a direct run on the instrument — refuses a method outside the limits of the
// instrument's parts (flow, pressure, temperature, injection volume, wavelength) with the catalogue's message
// naming method, instrument, quantity and allowed range — also for a method stored without a configuration
// (an old one, or an example copied as it was) — and nothing starts: no injection is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, type TestServer } from '../../../test/harness.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';

const refusal = (what: string) => `Method “Too much” cannot run on Test HPLC: ${what}.`;

/** The simulated instrument: pump ≤ 10 mL/min and ≤ 400 bar, injector ≤ 100 µL, oven 5–80 °C, 190–800 nm. */
const outOfLimits = [
  {
    what: 'a flow of 50 mL/min',
    overrides: { flow_rate_ml_per_min: 50 },
    field: 'flow_rate_ml_per_min',
    text: refusal('flow rate is 50 mL/min, the pump allows at most 10 mL/min'),
  },
  {
    what: 'a column temperature of 250 °C',
    overrides: { temperature: 250 },
    field: 'temperature',
    text: refusal('column temperature is 250 °C, the column oven allows 5–80 °C'),
  },
  {
    what: 'an injection of 5,000 µL',
    overrides: { injection_ul: 5000 },
    field: 'injection_ul',
    text: refusal('injection volume is 5000 µL, the injector allows at most 100 µL'),
  },
  {
    what: 'a minimum pressure above the pump maximum',
    overrides: { pressure_min: 500 },
    field: 'pressure_min',
    text: refusal('minimum pressure is 500 bar, the pump allows at most 400 bar'),
  },
  {
    what: 'a wavelength the detector cannot measure',
    overrides: { detector_single_channel: JSON.stringify({ wavelength_nm: 900 }) },
    field: 'wavelength_nm',
    text: refusal('wavelength is 900 nm, the detector allows 190–800 nm'),
  },
  {
    what: 'a method stored without a configuration',
    overrides: { hardware_configuration: '[]', flow_rate_ml_per_min: 50 },
    field: 'flow_rate_ml_per_min',
    text: refusal('flow rate is 50 mL/min, the pump allows at most 10 mL/min'),
  },
];

describe.each(await backends())('method limits on run start on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let userId: number;
  let instrument: LinkedInstrument;
  const api = (method: string, path: string, body?: unknown) =>
    request(server.baseUrl, method, path, { token, body });

  beforeAll(async () => {
    ({ server, token, userId, instrument } = await startServerWithInstrument(backend));
  });
  afterAll(() => stopServerWithInstrument(server, instrument));

  async function startWith(overrides: Record<string, unknown>) {
    const methodId = await storeMethod(server, userId, { name: 'Too much', ...overrides });
    const sample = await api('POST', '/api/samples/', {
      name: 'Coffee',
      device_id: instrument.deviceId,
      method_id: methodId,
      column_name: 'C18',
    });
    expect(sample.status).toBe(201);
    const sequence = await api('POST', '/api/sequences/', {
      name: 'Limits',
      device_id: instrument.deviceId,
      method_id: methodId,
    });
    expect(sequence.status).toBe(201);
    const draft = await api('POST', `/api/sequences/${sequence.body.id}/drafts/`, {
      sample_id: sample.body.id,
      vial: 3,
    });
    expect(draft.status).toBe(201);
    const started = await api('POST', `/api/sequences/${sequence.body.id}/start/`);
    return { started, sequenceId: sequence.body.id as number };
  }

  it.each(outOfLimits)('refuses $what with the catalogue message', async (row) => {
    const { started, sequenceId } = await startWith(row.overrides);
    expect(started.body).toEqual({
      code: 'method_exceeds_instrument_limits',
      detail: row.text,
      fields: {
        [row.field]: [expect.stringMatching(/^At (most|least) \d+ \S+, the limit of the instrument’s /)],
      },
    });
    expect(started.status).toBe(400);
    const stored = await api('GET', `/api/sequences/${sequenceId}/`);
    expect(stored.body.state).not.toBe('RUNNING');
    const injections = await server.context.database.db
      .selectFrom('injections')
      .select('id')
      .where('sequence_id', '=', sequenceId)
      .execute();
    expect(injections).toEqual([]);
  });

  it('refuses a direct run on the instrument with the catalogue message, before the instrument is asked', async () => {
    const refused = await api('POST', `/api/devices/${instrument.deviceId}/run/`, {
      method: {
        name: 'Too much',
        flow_rate_ml_per_min: 50,
        run_time_min: 1,
        temperature: 30,
        injection_ul: 10,
        gradient: [{ time_min: 0, percent_b: 20 }],
      },
      vial: 2,
    });
    expect(refused.body).toEqual({
      code: 'method_exceeds_instrument_limits',
      detail: refusal('flow rate is 50 mL/min, the pump allows at most 10 mL/min'),
      fields: { flow_rate_ml_per_min: ['At most 10 mL/min, the limit of the instrument’s pump.'] },
    });
    expect(refused.status).toBe(400);
    const injections = await server.context.database.db
      .selectFrom('injections')
      .select('id')
      .where('device_id', '=', instrument.deviceId)
      .execute();
    expect(injections).toEqual([]);
  });

  it('starts the same method once it is inside the limits', async () => {
    const { started, sequenceId } = await startWith({
      flow_rate_ml_per_min: 10,
      temperature: 80,
      injection_ul: 100,
      pressure_min: 400,
    });
    expect(started.status).toBe(200);
    expect(started.body.state).toBe('RUNNING');
    await api('POST', `/api/sequences/${sequenceId}/stop/`);
  });
});
