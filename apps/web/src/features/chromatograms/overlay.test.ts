import { describe, expect, it } from 'vitest';
import { arrange, normalise, overlayUnit, peakHeight, toCommonUnit, unitFactor } from './overlay.ts';

const trace = (unit: string, values: number[]) => ({
  id: unit,
  label: unit,
  unit,
  timeSec: values.map((_, index) => index * 10),
  values,
});

describe('unitFactor', () => {
  it('converts within a quantity and refuses across quantities', () => {
    expect(unitFactor('AU', 'mAU')).toBe(1000);
    expect(unitFactor('mAU', 'AU')).toBe(0.001);
    expect(unitFactor('µAU', 'mAU')).toBeCloseTo(0.001, 12);
    expect(unitFactor('V', 'mV')).toBe(1000);
    expect(unitFactor('mAU', 'mAU')).toBe(1);
    expect(unitFactor('counts', 'counts')).toBe(1);
    expect(unitFactor('mV', 'mAU')).toBeNull();
    expect(unitFactor('RIU', 'mAU')).toBeNull();
  });
});

describe('overlayUnit', () => {
  it('prefers mAU for absorbance, mV for voltage, else the first unit', () => {
    expect(overlayUnit(['AU', 'mAU'])).toBe('mAU');
    expect(overlayUnit(['AU'])).toBe('mAU');
    expect(overlayUnit(['V', 'mV'])).toBe('mV');
    expect(overlayUnit(['RIU', 'nRIU'])).toBe('RIU');
    expect(overlayUnit([])).toBe('');
  });
});

describe('toCommonUnit', () => {
  it('draws an AU trace on the mAU axis at its real height, not flat', () => {
    const [au, mau] = toCommonUnit([trace('AU', [0.001, 0.05, 0.001]), trace('mAU', [1, 50, 1])], 'mAU');
    expect(Array.from(au!.values)).toEqual([1, 50, 1]);
    expect(au!.unit).toBe('mAU');
    expect(au!.converted).toBe(true);
    expect(Array.from(mau!.values)).toEqual([1, 50, 1]);
  });

  it('keeps a trace of another quantity as stored and flags it', () => {
    const input = trace('mV', [1, 2]);
    const [drawn] = toCommonUnit([input], 'mAU');
    expect(drawn!.converted).toBe(false);
    expect(drawn!.unit).toBe('mV');
    expect(drawn!.values).toBe(input.values);
  });
});

describe('normalise', () => {
  const small = trace('mAU', [0, 10, 0, 4, 0]);
  const large = trace('mAU', [0, 200, 0, 50, 0]);

  it('scales the largest peak of each trace to 100', () => {
    const [a, b] = normalise([small, large], { kind: 'largest' });
    expect(Array.from(a!.values)).toEqual([0, 100, 0, 40, 0]);
    expect(Array.from(b!.values)).toEqual([0, 100, 0, 25, 0]);
  });

  it('scales the peak near a retention time to 100', () => {
    const [a, b] = normalise([small, large], { kind: 'peak', timeSec: 30, windowSec: 5 });
    expect(Array.from(a!.values)).toEqual([0, 250, 0, 100, 0]);
    expect(Array.from(b!.values)).toEqual([0, 400, 0, 100, 0]);
  });

  it('uses the absolute height, so a negative peak normalises too', () => {
    expect(peakHeight(trace('mAU', [0, -8, 2]), { kind: 'largest' })).toBe(8);
  });

  it('leaves a trace with nothing at the chosen time, and the input, unchanged', () => {
    const [a] = normalise([small], { kind: 'peak', timeSec: 1000, windowSec: 5 });
    expect(a).toBe(small);
    expect(normalise([small], { kind: 'none' })[0]).toBe(small);
    expect(small.values).toEqual([0, 10, 0, 4, 0]);
  });
});

describe('arrange', () => {
  const first = trace('mAU', [0, 100, 0]);
  const second = trace('mAU', [10, 60, 10]);

  it('offsets trace i by i tenths of the tallest range', () => {
    const [a, b] = arrange([first, second], 'offset');
    expect(Array.from(a!.values)).toEqual([0, 100, 0]);
    expect(Array.from(b!.values)).toEqual([20, 70, 20]);
  });

  it('stacks each trace above the previous one with a 5 % gap', () => {
    const [a, b, c] = arrange([first, second, first], 'stacked');
    expect(Array.from(a!.values)).toEqual([0, 100, 0]);
    // second's lowest point (10) moves to 100 + 5.
    expect(Array.from(b!.values)).toEqual([105, 155, 105]);
    expect(Array.from(c!.values)).toEqual([160, 260, 160]);
  });

  it('returns the traces as they are for a plain overlay', () => {
    expect(arrange([first], 'overlay')[0]).toBe(first);
  });
});
