import { describe, expect, it } from 'vitest';
import { filesToImport, importPartName } from './importMeasurement.ts';

const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name);

describe('the files an import sends', () => {
  it('names each part by its path in the picked or dropped folder, else by the file', () => {
    expect(importPartName({ file: file('dad1A.ch'), path: 'brown.D/dad1A.ch' })).toBe('brown.D/dad1A.ch');
    expect(importPartName({ file: file('dad1A.ch'), path: '/brown.D/dad1A.ch' })).toBe('brown.D/dad1A.ch');
    expect(importPartName({ file: file('run.cdf') })).toBe('run.cdf');
  });

  it("keeps a run folder's signal, spectra and Waters files and leaves out the rest", () => {
    const folder = [
      'brown.D/dad1A.ch',
      'brown.D/DAD1.UV',
      'brown.D/ACQRES.REG',
      'brown.D/RUN.LOG',
      'brown.D/ACQ.M/DAD1.REG',
      'white.raw/_CHROMS.INF',
      'white.raw/_CHRO001.DAT',
      'white.raw/_HEADER.TXT',
      'white.raw/_FUNC001.DAT',
    ].map((path) => ({ file: file(path.split('/').pop()!), path }));
    expect(filesToImport(folder).map(importPartName)).toEqual([
      'brown.D/dad1A.ch',
      'brown.D/DAD1.UV',
      'white.raw/_CHROMS.INF',
      'white.raw/_CHRO001.DAT',
      'white.raw/_HEADER.TXT',
    ]);
  });

  it('sends one file, or several without a signal among them, as they are', () => {
    expect(filesToImport([{ file: file('run.zip') }]).map(importPartName)).toEqual(['run.zip']);
    expect(filesToImport([{ file: file('a.csv') }, { file: file('b.csv') }]).map(importPartName)).toEqual([
      'a.csv',
      'b.csv',
    ]);
  });
});
