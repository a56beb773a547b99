import { describe, expect, it } from 'vitest';
import type { HardwareConfiguration } from './hardware.ts';
import { allowedRange, limitRefusalText, methodLimitBreaches, methodLimits } from './limits.ts';

const hardware: HardwareConfiguration = [
  { kind: 'pump', model: 'QP-400', limits: { max_flow_ml_per_min: 10, max_pressure_bar: 400 } },
  { kind: 'column_oven', model: 'CO-80', limits: { min_temperature_c: 5, max_temperature_c: 80 } },
  { kind: 'autosampler', model: 'AS-100', limits: { vials: 96 } },
  { kind: 'detector', model: 'VWD-1', limits: {} },
];

describe('method limits', () => {
  it('takes each quantity’s bounds from the part that sets them, and none where no part declares one', () => {
    const limits = methodLimits(hardware);
    expect(Object.keys(limits)).toEqual([
      'flow_rate_ml_per_min',
      'refill_flow_rate_ml_per_min',
      'pressure_min',
      'pressure_max',
      'temperature',
    ]);
    expect(limits.temperature).toEqual({
      quantity: 'temperature',
      label: 'Column temperature',
      unit: '°C',
      part: 'column oven',
      model: 'CO-80',
      min: 5,
      max: 80,
    });
    expect(allowedRange(limits.temperature!)).toBe('5–80 °C');
    expect(allowedRange(limits.flow_rate_ml_per_min!)).toBe('at most 10 mL/min');
  });

  it('lists every breach with its per-field message; unset and in-range values pass', () => {
    const breaches = methodLimitBreaches(
      {
        flow_rate_ml_per_min: 50,
        temperature: 2,
        injection_ul: 5000,
        pressure_min: null,
        wavelength_nm: 900,
      },
      hardware,
    );
    expect(breaches.map((breach) => [breach.limit.quantity, breach.value, breach.message])).toEqual([
      ['flow_rate_ml_per_min', 50, 'At most 10 mL/min, the limit of the instrument’s pump.'],
      ['temperature', 2, 'At least 5 °C, the limit of the instrument’s column oven.'],
    ]);
    expect(methodLimitBreaches({ flow_rate_ml_per_min: 10, temperature: 80 }, hardware)).toEqual([]);
    // The high-pressure shut-off is bounded by the pump as the low one is.
    expect(
      methodLimitBreaches({ pressure_min: 5, pressure_max: 450 }, hardware).map((breach) => breach.message),
    ).toEqual(['At most 400 bar, the limit of the instrument’s pump.']);
    expect(limitRefusalText(breaches[0]!, 'Fast', 'HPLC 1')).toBe(
      'Method “Fast” cannot run on HPLC 1: flow rate is 50 mL/min, the pump allows at most 10 mL/min.',
    );
  });

  it('reads the wavelength from a stored method’s detector channel or a device method’s own field', () => {
    const detector: HardwareConfiguration = [
      { kind: 'detector', model: 'VWD-1', limits: { min_wavelength_nm: 190, max_wavelength_nm: 800 } },
    ];
    expect(methodLimitBreaches({ detector_single_channel: '{"wavelength_nm": 900}' }, detector)).toHaveLength(
      1,
    );
    expect(methodLimitBreaches({ wavelength_nm: 180 }, detector)[0]?.message).toBe(
      'At least 190 nm, the limit of the instrument’s detector.',
    );
  });
});
