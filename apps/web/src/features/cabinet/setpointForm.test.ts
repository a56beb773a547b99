import { describe, expect, it } from 'vitest';
import { fieldMessages, pumpStateText, rangeHint, readSetpoints } from './setpointForm.ts';

const limits = { maxFlowMlPerMin: 10, minTemperatureC: 5, maxTemperatureC: 80 };

describe('setpoints form', () => {
  it('sends only the filled fields', () => {
    expect(readSetpoints({ flow_ml_per_min: '1.5', percent_b: '', temperature_c: ' 35 ' }, limits)).toEqual({
      values: { flow_ml_per_min: 1.5, temperature_c: 35 },
      errors: {},
    });
  });

  it("refuses beyond the instrument's limits with the catalogue message, per field", () => {
    const read = readSetpoints({ flow_ml_per_min: '12', percent_b: '120', temperature_c: '95' }, limits);
    expect(read.values).toEqual({});
    expect(read.errors).toEqual({
      flow_ml_per_min: 'Flow must be at most 10 mL/min on this instrument.',
      percent_b: 'Must be lower than 100',
      temperature_c: 'Column temperature must be between 5 and 80 °C on this instrument.',
    });
    expect(readSetpoints({ flow_ml_per_min: '0', percent_b: 'x', temperature_c: '' }, limits).errors).toEqual(
      {
        flow_ml_per_min: 'Must be higher than 0',
        percent_b: 'is not valid',
      },
    );
  });
});

describe('pump line', () => {
  it('says on, off or unknown', () => {
    expect(pumpStateText(true, null, null, null)).toBe('Pump on');
    expect(pumpStateText(false, null, null, null)).toBe('Pump off');
    expect(pumpStateText(null, null, null, null)).toBe('Pump —');
  });

  it('adds what the pump is busy with, the minutes left rounded up, and the setpoints it holds', () => {
    const held = { flow_ml_per_min: 1, percent_b: 40, temperature_c: 30 };
    expect(pumpStateText(true, 'equilibrating', 61, held)).toBe(
      'Pump on · Equilibrating, 2 min left · holds 1 mL/min, 40 %B, 30 °C',
    );
    expect(pumpStateText(true, 'purging', null, null)).toBe('Pump on · Purging');
  });
});

describe('setpoint hints and refusals', () => {
  it('gives the range, the upper bound only, or the unit alone', () => {
    expect(rangeHint(5, 80, '°C')).toBe('5–80 °C');
    expect(rangeHint(null, 10, 'mL/min')).toBe('up to 10 mL/min');
    expect(rangeHint(null, null, '°C')).toBe('°C');
  });

  it("joins the server's messages of each field", () => {
    expect(fieldMessages({ percent_b: ['Too high.', 'Not a number.'] })).toEqual({
      percent_b: 'Too high. Not a number.',
    });
  });
});
