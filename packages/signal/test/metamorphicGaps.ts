import { expect } from 'vitest';
import type { MetamorphicRow } from '../src/simulation/metamorphic.ts';

/** The largest share change (%) and reference peaks lost a (run, change) pair is held to. */
export interface MetamorphicGap {
  worst: number;
  missing: number;
}

/**
 * Each row held to its known gap (`gaps[`${name}|${change}`]`), or to the suite's rule where none is listed:
 * every resolved peak kept, its share within 2 %. A ceiling may only fall.
 */
export function expectWithinGaps(
  name: string,
  rows: readonly MetamorphicRow[],
  gaps: Readonly<Record<string, MetamorphicGap>>,
): void {
  for (const { transform, result } of rows) {
    const gap = gaps[`${name}|${transform.name}`] ?? { worst: 2, missing: 0 };
    expect(
      result.missing.length,
      `${transform.name}: peaks lost ${result.missing.join(', ')}`,
    ).toBeLessThanOrEqual(gap.missing);
    expect(result.worstShareChangePct, `${transform.name}: share at ${result.worstAt} s`).toBeLessThanOrEqual(
      gap.worst,
    );
  }
}
