import { describe, expect, it } from 'vitest';
import { formMessages } from '@eluent/contracts';
import { checkInjection, vialsOf } from './injectionForm.ts';

describe('the single-injection form', () => {
  it('reads the vial count from the autosampler, and none from an instrument without one', () => {
    const autosampler = { kind: 'autosampler', model: 'AS-100', limits: { vials: 96 } };
    const detector = { kind: 'detector', model: 'VWD-1', limits: {} };
    expect(vialsOf({ hardware_configuration: [detector, autosampler] })).toBe(96);
    expect(vialsOf({ hardware_configuration: [detector] })).toBeNull();
    expect(vialsOf({ hardware_configuration: 'not a configuration' })).toBeNull();
  });

  it('asks for a method and a vial', () => {
    expect(checkInjection('', ' ', 96)).toEqual({
      method: formMessages.required,
      vial: formMessages.required,
    });
  });

  it('refuses a vial below 1, a fraction and one past the last', () => {
    expect(checkInjection('3', '0', 96)).toEqual({ vial: formMessages.minValue(0) });
    expect(checkInjection('3', '1.5', 96)).toEqual({ vial: formMessages.minValue(0) });
    expect(checkInjection('3', '97', 96)).toEqual({ vial: formMessages.maxValue(97) });
  });

  it('accepts any positive vial when the instrument declares no count', () => {
    expect(checkInjection('3', '96', 96)).toEqual({});
    expect(checkInjection('3', '500', null)).toEqual({});
  });
});
