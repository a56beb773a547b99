// insert_methods_one refuses a method its hardware configuration cannot run, with the catalogue's message:
// literal GraphQL documents as a client would write them, and nothing stored for a refused method.
import { domainErrors } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../../test/graphql-client.ts';
import { backends, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';

const hardware = `[
  {kind: "pump", model: "QP-400", limits: {max_flow_ml_per_min: 10, max_pressure_bar: 400}},
  {kind: "injector", model: "AS-100", limits: {max_injection_ul: 100}},
  {kind: "column_oven", model: "CO-80", limits: {min_temperature_c: 5, max_temperature_c: 80}},
  {kind: "detector", model: "VWD-1", limits: {min_wavelength_nm: 190, max_wavelength_nm: 800}}
]`;

describe.each(await backends())('method configuration on $name', (backend) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    token = (await signUp(server.baseUrl)).access;
  });
  afterAll(async () => server?.dispose());

  const insert = (name: string, fields: string) =>
    graphql(
      server.baseUrl,
      token,
      `mutation { insert_methods_one(object: {name: "${name}", ${fields}}) { id name } }`,
    );
  const stored = async (name: string) =>
    server.context.database.db.selectFrom('methods').select('id').where('name', '=', name).execute();

  it('creates a method whose settings fit its hardware configuration', async () => {
    const created = await insert(
      'Fits',
      `hardware_configuration: ${hardware}, flow_rate_ml_per_min: 10, injection_ul: 100, temperature: 40,
       detector_single_channel: {wavelength_nm: 273}, pressure_min: 5, pressure_max: 350`,
    );
    expect(created.errors).toBeUndefined();
    expect(created.data.insert_methods_one).toMatchObject({ id: expect.any(Number), name: 'Fits' });
    expect(await stored('Fits')).toHaveLength(1);
  });

  it('stores the choice for an interrupted injection, pause when none is given', async () => {
    const skipping = await insert(
      'Skips',
      `hardware_configuration: ${hardware}, on_interrupted_injection: "skip"`,
    );
    const plain = await insert('Pauses', `hardware_configuration: ${hardware}`);
    expect([skipping.errors, plain.errors]).toEqual([undefined, undefined]);
    const read = await graphql(
      server.baseUrl,
      token,
      `
        {
          methods(where: { name: { _in: ["Skips", "Pauses"] } }, order_by: { name: asc }) {
            name
            on_interrupted_injection
          }
        }
      `,
    );
    expect(read.data.methods).toEqual([
      { name: 'Pauses', on_interrupted_injection: 'pause' },
      { name: 'Skips', on_interrupted_injection: 'skip' },
    ]);
  });

  it.each([
    [
      'flow above the pump maximum',
      `hardware_configuration: ${hardware}, flow_rate_ml_per_min: 10.5`,
      'Flow rate: At most 10 mL/min, the limit of the instrument’s pump.',
    ],
    [
      'injection above the injector maximum',
      `hardware_configuration: ${hardware}, injection_ul: 150`,
      'Injection volume: At most 100 µL, the limit of the instrument’s injector.',
    ],
    [
      'temperature outside the column oven',
      `hardware_configuration: ${hardware}, temperature: 2`,
      'Column temperature: At least 5 °C, the limit of the instrument’s column oven.',
    ],
    [
      'wavelength outside the detector',
      `hardware_configuration: ${hardware}, detector_single_channel: {wavelength_nm: 900}`,
      'Wavelength: At most 800 nm, the limit of the instrument’s detector.',
    ],
    [
      'a maximum pressure above the pump',
      `hardware_configuration: ${hardware}, pressure_max: 450`,
      'Maximum pressure: At most 400 bar, the limit of the instrument’s pump.',
    ],
    [
      'a minimum pressure not below the maximum',
      `hardware_configuration: ${hardware}, pressure_min: 200, pressure_max: 200`,
      domainErrors.method_pressure_range_invalid,
    ],
    [
      'an unknown choice for an interrupted injection',
      `hardware_configuration: ${hardware}, on_interrupted_injection: "retry_forever"`,
      'on_interrupted_injection: must be one of pause, reinject_once, skip',
    ],
    [
      'a configuration that is not a list',
      `hardware_configuration: {kind: "pump"}`,
      domainErrors.method_configuration_incompatible,
    ],
    [
      'a part of unknown kind',
      `hardware_configuration: [{kind: "teleporter", model: "T-1", limits: {}}]`,
      domainErrors.method_configuration_incompatible,
    ],
    [
      'a part without a model',
      `hardware_configuration: [{kind: "pump", limits: {}}]`,
      domainErrors.method_configuration_incompatible,
    ],
  ])('refuses %s', async (what, fields, message) => {
    const name = `Refused: ${what}`;
    const refused = await insert(name, fields);
    expect(refused.status).toBe(200);
    expect(refused.data).toBeUndefined();
    expect(refused.errors?.[0]).toMatchObject({ message, extensions: { code: 'validation-failed' } });
    expect(await stored(name)).toEqual([]);
  });
});
