import { describe, expect, it } from 'vitest';
import { readSetpoints } from './setpointForm.ts';

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
