import { describe, expect, it } from 'vitest';
import { importPartName } from './importMeasurement.ts';
import { importUnits } from './importJobsApi.ts';

const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name);

describe('the imports of one pick or drop', () => {
  it('makes each file its own import and the files of one run folder one import', () => {
    const picked = [
      { file: file('a.cdf') },
      { file: file('dad1A.ch'), path: 'brown.D/dad1A.ch' },
      { file: file('b.csv') },
      { file: file('DAD1.UV'), path: 'brown.D/DAD1.UV' },
      { file: file('_CHRO001.DAT'), path: 'white.raw/_CHRO001.DAT' },
    ];
    expect(importUnits(picked).map((unit) => unit.map(importPartName))).toEqual([
      ['a.cdf'],
      ['brown.D/dad1A.ch', 'brown.D/DAD1.UV'],
      ['b.csv'],
      ['white.raw/_CHRO001.DAT'],
    ]);
  });
});
