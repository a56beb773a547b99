import { describe, expect, it } from 'vitest';
import { sampleAmount, sampleAmountFactor, sampleAmountUnit } from './sampleAmount.ts';

const none = { calibrationVolumeUl: null, injectionVolumeUl: null, dilution: null, weightMg: null };

describe('sampleAmount', () => {
  it('keeps the curve amount when nothing is set', () => {
    expect(sampleAmountFactor(none)).toBe(1);
    expect(sampleAmount(31.9, none)).toBe(31.9);
    expect(sampleAmount(null, none)).toBeNull();
  });

  it('multiplies by the dilution and divides by the weight', () => {
    // 32 µg/mL read, diluted 25-fold, 50 mg weighed: 32 × 25 / 50 = 16 µg/mL per mg.
    expect(sampleAmount(32, { ...none, dilution: 25, weightMg: 50 })).toBeCloseTo(16, 12);
  });

  it('scales a sample injected with another volume than the standards', () => {
    // Half the volume gives half the area: the curve reads half, the factor 10/5 puts it back.
    expect(sampleAmount(16, { ...none, calibrationVolumeUl: 10, injectionVolumeUl: 5 })).toBeCloseTo(32, 12);
    expect(
      sampleAmountFactor({ calibrationVolumeUl: 10, injectionVolumeUl: 5, dilution: 10, weightMg: 50 }),
    ).toBeCloseTo(0.4, 12);
  });

  it('names the unit per mg only when weighed', () => {
    expect(sampleAmountUnit('µg/mL', null)).toBe('µg/mL');
    expect(sampleAmountUnit('µg/mL', 50)).toBe('µg/mL per mg');
  });
});
