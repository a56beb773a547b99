import { describe, expect, it } from 'vitest';
import { resultEvents, resultThresholdPercent } from './resultEvents.ts';

const inhibit = { kind: 'inhibit', start_sec: 60, end_sec: 90 };

describe('resultEvents', () => {
  it('reads the events the result applied before those of its template snapshot', () => {
    const result = {
      figures: { detection: { events: [inhibit] } },
      template_snapshot: { integration_events: [{ kind: 'split_peak', start_sec: 10 }] },
    };
    expect(resultEvents(result)).toEqual([inhibit]);
  });
  it('falls back to the snapshot, and to none when nothing valid is named', () => {
    expect(resultEvents({ figures: null, template_snapshot: { integration_events: [inhibit] } })).toEqual([
      inhibit,
    ]);
    expect(
      resultEvents({ figures: {}, template_snapshot: { integration_events: [{ kind: 'x' }, inhibit] } }),
    ).toEqual([inhibit]);
    expect(resultEvents({ figures: {}, template_snapshot: { integration_events: 'none' } })).toEqual([]);
    expect(resultEvents(null)).toEqual([]);
  });
});

describe('resultThresholdPercent', () => {
  it('reads the threshold detection applied, null when it applied none', () => {
    expect(
      resultThresholdPercent({
        figures: { detection: { reportingThreshold: { percent: 0.1, below: 2 } } },
        template_snapshot: {},
      }),
    ).toBe(0.1);
    expect(
      resultThresholdPercent({
        figures: { detection: {} },
        template_snapshot: { reporting_threshold_percent: 1 },
      }),
    ).toBeNull();
    expect(resultThresholdPercent(null)).toBeNull();
  });
});
