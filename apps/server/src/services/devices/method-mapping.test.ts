import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { deviceMethodFromStored } from './method-mapping.ts';

describe('device method from a stored method', () => {
  it('maps the spec fields and detects the organic solvent', () => {
    const method = deviceMethodFromStored({
      id: 4,
      name: 'Parabens',
      flow_rate_ml_per_min: 1,
      run_time_min: 14,
      temperature: 35,
      injection_ul: 10,
      gradient: [
        { time_min: 0, percent_b: 40 },
        { time_min: 10, percent_b: 90 },
      ],
      solvents: { A: 'Water', B: 'Methanol' },
      detector_single_channel: { wavelength_nm: 256 },
    });
    expect(method).toMatchObject({
      id: 4,
      organic_solvent: 'methanol',
      wavelength_nm: 256,
      data_rate_hz: 10,
    });
  });

  it('refuses a method that cannot run', () => {
    const run = () =>
      deviceMethodFromStored({
        id: 1,
        name: 'x',
        flow_rate_ml_per_min: null,
        run_time_min: 5,
        temperature: null,
        injection_ul: null,
        gradient: [],
      });
    expect(run).toThrow(AppError);
    try {
      run();
    } catch (error) {
      expect((error as AppError).body).toEqual({
        code: 'device_method_not_configured',
        detail: 'Method is not configured or is incompatible with the device.',
      });
    }
  });
});
