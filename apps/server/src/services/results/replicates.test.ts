// Replicates against the plan: a sample planned four times with three results reads "3 of 4", incomplete.
import type { InjectionResult } from '@eluent/contracts';
import { describe, expect, it } from 'vitest';
import { replicateSummaries } from './replicates.ts';

function injection(id: number, amount: number | null): InjectionResult {
  return {
    injection_id: id,
    sample: { id: 7, name: 'Drink', type: 'sample' },
    result: amount === null ? null : { peaks: [{ name: 'caffeine', amount, amount_unit: 'µg/mL' }] },
  } as unknown as InjectionResult;
}

describe('replicateSummaries', () => {
  it('counts found of planned and marks a line short of its plan incomplete', () => {
    const found = [injection(1, null), injection(2, 31), injection(3, 32), injection(4, 33)];
    const [line] = replicateSummaries(found, new Map([[7, 4]]));
    expect(line).toMatchObject({ count: 3, planned: 4, complete: false, injection_ids: [2, 3, 4] });
    expect(line!.mean).toBeCloseTo(32, 12);
    const [full] = replicateSummaries(found.slice(1), new Map([[7, 3]]));
    expect(full).toMatchObject({ count: 3, planned: 3, complete: true });
  });

  it('shows a planned replicate line even when one injection alone has a result', () => {
    const [line] = replicateSummaries([injection(1, 31), injection(2, null)], new Map([[7, 2]]));
    expect(line).toMatchObject({ count: 1, planned: 2, complete: false, standard_deviation: null });
    // Without a plan (files filed under a sequence) one injection is no replicate line.
    expect(replicateSummaries([injection(1, 31)])).toEqual([]);
  });
});
