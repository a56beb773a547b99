import { describe, expect, it } from 'vitest';
import { markerText, readoutText } from './plotText.ts';
import type { PlotMarker } from './plotTypes.ts';

describe('the plot’s words', () => {
  it('names a point event by its time, an open one from its start, a range by both ends', () => {
    const marker: PlotMarker = { label: 'Split peak', startSec: 123, endSec: null, point: true };
    expect(markerText(marker)).toBe('Split peak at 2.05 min');
    expect(markerText({ ...marker, label: 'Tangent skim', startSec: 180, point: false })).toBe(
      'Tangent skim from 3.00 min',
    );
    expect(
      markerText({ ...marker, label: 'Inhibit integration', startSec: 72, endSec: 96, point: false }),
    ).toBe('Inhibit integration 1.20–1.60 min');
  });

  it('reads the point under the cursor, and nothing where there is none', () => {
    expect(readoutText(1.2345, 4.56, 'mAU')).toBe('1.23 min · 4.560 mAU');
    expect(readoutText(1.2, null, 'mAU')).toBe('');
    expect(readoutText(undefined, 4, 'mAU')).toBe('');
  });
});
