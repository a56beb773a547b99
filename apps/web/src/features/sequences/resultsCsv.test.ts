import { describe, expect, it } from 'vitest';
import { resultsCsv } from './resultsCsv.ts';
import type { InjectionResult } from './sequencesApi.ts';

const injection = (peaks: unknown[]): InjectionResult => ({
  injection_id: 7,
  injection_state: 'finished',
  interrupted_reason: null,
  measurement_id: 9,
  measurement_state: 'complete',
  draft_id: 1,
  replicate: 1,
  vial: 3,
  sample: { id: 2, name: 'Coffee, "decaf"', type: 'sample' },
  points_count: 10,
  result: { id: 1, version: 1, kind: 'automatic', peaks } as never,
});

describe('resultsCsv', () => {
  it('writes one line per peak with quoted text and minutes', () => {
    const csv = resultsCsv([
      injection([
        {
          number: 1,
          name: 'caffeine',
          retention_time_sec: 330,
          area: 12.5,
          amount: 24.9,
          amount_unit: 'µg/mL',
        },
      ]),
    ]);
    const [header, line] = csv.trim().split('\n');
    expect(header!.split(',')).toHaveLength(20);
    expect(line).toBe('7,9,"Coffee, ""decaf""",sample,3,1,1,automatic,1,caffeine,5.5,12.5,,,,,,,24.9,µg/mL');
  });

  it('keeps an injection without peaks as one line', () => {
    expect(
      resultsCsv([injection([])])
        .trim()
        .split('\n'),
    ).toHaveLength(2);
  });
});
