import { describe, expect, it } from 'vitest';
import { overlayBody, overlayView, traceKey } from './savedOverlay.ts';

describe('saved overlay ↔ compare view', () => {
  it('saves the view as shown and opens it the same', () => {
    const hidden = new Set([traceKey(3)]);
    const body = overlayBody(
      '  Lot 12  ',
      [5, 3],
      { layout: 'stacked', normalisation: 'peak', peakTimeMin: '2.75' },
      hidden,
    );
    expect(body).toEqual({
      name: 'Lot 12',
      measurement_ids: [5, 3],
      layout: 'stacked',
      normalisation: 'peak',
      peak_time_min: 2.75,
      hidden_ids: [3],
    });
    const opened = overlayView({ ...body, peak_time_min: 2.75, hidden_ids: [3] } as never);
    expect(opened.settings).toEqual({ layout: 'stacked', normalisation: 'peak', peakTimeMin: '2.75' });
    expect([...opened.hidden]).toEqual(['measurement:3']);
  });

  it('keeps no peak time unless normalising to a peak, and no hidden id outside the overlay', () => {
    const body = overlayBody(
      'Plain',
      [1],
      { layout: 'overlay', normalisation: 'largest', peakTimeMin: '4' },
      new Set([traceKey(9)]),
    );
    expect(body.peak_time_min).toBeNull();
    expect(body.hidden_ids).toEqual([]);
    expect(
      overlayView({ layout: 'offset', normalisation: 'none', peak_time_min: null, hidden_ids: [] }).settings,
    ).toEqual({ layout: 'offset', normalisation: 'none', peakTimeMin: '' });
  });
});
