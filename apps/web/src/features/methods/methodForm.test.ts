import { describe, expect, it } from 'vitest';
import type { HardwareConfiguration } from '@eluent/contracts';
import { gradientRowErrors, plottableSteps } from './gradientRows.ts';
import { formErrors, instrumentChoices, limitsOf, toFormStart, toNewMethod } from './methodForm.ts';

const hardware: HardwareConfiguration = [
  { kind: 'pump', model: 'QP-400', limits: { max_flow_ml_per_min: 10, max_pressure_bar: 400 } },
  { kind: 'injector', model: 'AS-100', limits: { max_injection_ul: 100 } },
  { kind: 'column_oven', model: 'CO-80', limits: { min_temperature_c: 5, max_temperature_c: 80 } },
  { kind: 'detector', model: 'VWD-1', limits: { min_wavelength_nm: 190, max_wavelength_nm: 800 } },
];
const devices = [{ id: 7, name: 'HPLC 1', serial_number: 'SIM-1', hardware_configuration: hardware }];

describe('method form', () => {
  it('preselects the first instrument and refuses values beyond its parts, field by field', () => {
    const start = toFormStart(null, false, devices);
    expect(start.values.instrument).toBe('7');
    const limits = limitsOf(start.choices, '7');
    const errors = formErrors(
      { ...start.values, name: 'A', flow_rate_ml_per_min: '50', temperature: '250', injection_ul: '5000' },
      limits,
    );
    expect(errors).toEqual({
      flow_rate_ml_per_min: 'At most 10 mL/min, the limit of the instrument’s pump.',
      temperature: 'At most 80 °C, the limit of the instrument’s column oven.',
      injection_ul: 'At most 100 µL, the limit of the instrument’s injector.',
    });
    expect(formErrors({ ...start.values, name: 'A', temperature: '2' }, limits)).toEqual({
      temperature: 'At least 5 °C, the limit of the instrument’s column oven.',
    });
  });

  it('without an instrument keeps the bounds every instrument has', () => {
    const start = toFormStart(null, false, []);
    expect(start.values.instrument).toBe('any');
    expect(
      formErrors({ ...start.values, name: 'A', temperature: '250', flow_rate_ml_per_min: '0' }, {}),
    ).toEqual({
      temperature: 'Must be lower than 150',
      flow_rate_ml_per_min: 'Must be higher than 0',
    });
  });

  it('copies a method: one unit per quantity, solvents and channel as fields, its instrument chosen', () => {
    const start = toFormStart(
      {
        name: 'Assay',
        run_time_min: null,
        run_time_ms: 900_000,
        injection_ms: 1500,
        solvents: '{"A":"Water","B":"Methanol"}',
        detector_single_channel: { wavelength_nm: 254, bandwidth_nm: 4 },
        gradient: [
          { time_min: 0, percent_b: 5 },
          { time_min: 10, percent_b: 95 },
        ],
        hardware_configuration: hardware,
      },
      true,
      devices,
    );
    expect(start.values).toMatchObject({
      name: 'Copy of Assay',
      run_time_min: '15',
      injection_sec: '1.5',
      solvent_a: 'Water',
      solvent_b: 'Methanol',
      wavelength_nm: '254',
      bandwidth_nm: '4',
      instrument: '7',
    });
    expect(start.gradient).toEqual([
      { time: '0', percentB: '5' },
      { time: '10', percentB: '95' },
    ]);
    const saved = toNewMethod({ ...start.values, flow_rate_ml_per_min: '1' }, start.gradient, start.choices);
    expect(saved).toMatchObject({
      name: 'Copy of Assay',
      flow_rate_ml_per_min: 1,
      run_time_min: 15,
      run_time_ms: 900_000,
      injection_sec: 1.5,
      injection_ms: 1500,
      solvents: { A: 'Water', B: 'Methanol' },
      detector_single_channel: { wavelength_nm: 254, bandwidth_nm: 4 },
      gradient: [
        { time_min: 0, percent_b: 5 },
        { time_min: 10, percent_b: 95 },
      ],
      hardware_configuration: hardware,
    });
    expect(saved).not.toHaveProperty('solvent_a');
    expect(saved).not.toHaveProperty('wavelength_nm');
  });

  it('offers a copied configuration that matches no instrument, and "Any instrument" last', () => {
    const other: HardwareConfiguration = [{ kind: 'pump', model: 'P-1', limits: { max_flow_ml_per_min: 5 } }];
    const { choices, selected } = instrumentChoices(devices, { hardware_configuration: other });
    expect(selected).toBe('copied');
    expect(choices.map((choice) => choice.value)).toEqual(['7', 'copied', 'any']);
  });
});

describe('gradient rows', () => {
  it('starts at 0 min, increases, stays within the run and 0–100 %B', () => {
    const rows = [
      { time: '1', percentB: '5' },
      { time: '10', percentB: '120' },
      { time: '8', percentB: '95' },
      { time: '20', percentB: '' },
    ];
    expect(gradientRowErrors(rows, '15')).toEqual([
      { time: 'The first step of a gradient is at 0 min' },
      { percentB: 'Must be lower than 100' },
      { time: 'Must be higher than 10' },
      { time: 'Must be lower than 15', percentB: 'Field is required' },
    ]);
    expect(plottableSteps(rows, '15')).toEqual([]);
    expect(
      plottableSteps(
        [
          { time: '0', percentB: '5' },
          { time: 'x', percentB: '50' },
          { time: '10', percentB: '95' },
        ],
        '',
      ),
    ).toEqual([
      { timeMin: 0, percentB: 5 },
      { timeMin: 10, percentB: 95 },
    ]);
  });
});
