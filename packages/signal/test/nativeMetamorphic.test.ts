import { join } from 'node:path';
import { describe, it } from 'vitest';
import { metamorphicRows } from '../src/simulation/metamorphic.ts';
import { hasReferenceData, referenceDataDir } from './files.ts';
import { expectWithinGaps, type MetamorphicGap } from './metamorphicGaps.ts';
import { nativeTraces } from './nativeTraces.ts';

const traces = hasReferenceData ? nativeTraces(join(referenceDataDir, 'vendor')) : [];
if (process.env.CI && traces.length === 0)
  throw new Error('CI needs the native traces in ../shared/data/vendor');

/**
 * The metamorphic suite on the native vendor traces (docs/processing.md, "Metamorphic suite on the native
 * traces"): the same changes and rule as on the AIA files, file × change → the largest share change (%) and
 * reference peaks lost seen now; the suite fails when either grows. No rule was written against these
 * traces (they carry no vendor table): they are the held-out measure the harness keeps, and every pair not
 * listed must keep every resolved peak with its share within 2 %.
 */
const KNOWN_NATIVE_GAPS: Record<string, MetamorphicGap> = {
  'brown.D/dad1A.ch|crop to the peaks': { worst: 22.6, missing: 1 },
  'brown.D/dad1A.ch|decimate by 2': { worst: 10.8, missing: 0 },
  'brown.D/dad1A.ch|drift of 1 % of the largest peak a minute': { worst: 27.5, missing: 0 },
  'brown.D/dad1B.ch|crop to the peaks': { worst: 75.2, missing: 0 },
  'brown.D/dad1B.ch|decimate by 2': { worst: 16.9, missing: 3 },
  'brown.D/dad1B.ch|decimate by 4': { worst: 0, missing: 1 },
  'brown.D/dad1C.ch|crop to the peaks': { worst: 6.2, missing: 2 },
  'brown.D/dad1C.ch|decimate by 2': { worst: 20.6, missing: 0 },
  'brown.D/dad1C.ch|drift of 1 % of the largest peak a minute': { worst: 24.7, missing: 4 },
  'brown.D/dad1D.ch|crop to the peaks': { worst: 233.1, missing: 0 },
  'brown.D/dad1D.ch|decimate by 2': { worst: 21.6, missing: 0 },
  'brown.D/dad1D.ch|drift of 1 % of the largest peak a minute': { worst: 31.4, missing: 0 },
  'brown.D/dad1E.ch|crop to the peaks': { worst: 6.2, missing: 2 },
  'brown.D/dad1E.ch|decimate by 2': { worst: 20.6, missing: 0 },
  'brown.D/dad1E.ch|drift of 1 % of the largest peak a minute': { worst: 24.7, missing: 4 },
  'pink.D/DAD1A.ch|crop to the peaks': { worst: 44.7, missing: 29 },
  'pink.D/DAD1A.ch|decimate by 2': { worst: 29.0, missing: 3 },
  'pink.D/DAD1A.ch|decimate by 4': { worst: 41.4, missing: 7 },
  'pink.D/DAD1A.ch|decimate by 8': { worst: 58.0, missing: 1 },
  'pink.D/DAD1A.ch|drift of 1 % of the largest peak a minute': { worst: 9.6, missing: 0 },
  'pink.D/DAD1B.ch|crop to the peaks': { worst: 41.7, missing: 26 },
  'pink.D/DAD1B.ch|decimate by 2': { worst: 105.1, missing: 2 },
  'pink.D/DAD1B.ch|decimate by 4': { worst: 58.1, missing: 1 },
  'pink.D/DAD1B.ch|decimate by 8': { worst: 0, missing: 1 },
  'pink.D/DAD1C.ch|crop to the peaks': { worst: 59.5, missing: 7 },
  'pink.D/DAD1C.ch|decimate by 2': { worst: 166.4, missing: 1 },
  'pink.D/DAD1C.ch|decimate by 4': { worst: 35.4, missing: 0 },
  'pink.D/DAD1D.ch|crop to the peaks': { worst: 45.3, missing: 20 },
  'pink.D/DAD1D.ch|decimate by 2': { worst: 30.3, missing: 2 },
  'pink.D/DAD1D.ch|decimate by 4': { worst: 41.7, missing: 6 },
  'pink.D/DAD1D.ch|decimate by 8': { worst: 0, missing: 1 },
  'pink.D/DAD1E.ch|crop to the peaks': { worst: 86.4, missing: 10 },
  'pink.D/DAD1E.ch|decimate by 2': { worst: 226.8, missing: 9 },
  'pink.D/DAD1E.ch|decimate by 4': { worst: 12.5, missing: 1 },
  'pink.D/DAD1E.ch|decimate by 8': { worst: 0, missing: 1 },
  'pink.D/DAD1E.ch|drift of 1 % of the largest peak a minute': { worst: 2.5, missing: 0 },
  'pink.D/DAD1F.ch|crop to the peaks': { worst: 31, missing: 5 },
  'pink.D/DAD1F.ch|decimate by 2': { worst: 62.6, missing: 3 },
  'pink.D/DAD1F.ch|decimate by 4': { worst: 28.8, missing: 0 },
  'pink.D/DAD1F.ch|drift of 1 % of the largest peak a minute': { worst: 70.2, missing: 9 },
  'indigo.raw/_CHRO001.DAT|decimate by 4': { worst: 2.2, missing: 0 },
  'indigo.raw/_CHRO001.DAT|decimate by 8': { worst: 6, missing: 0 },
  'white.raw/_CHRO001.DAT|crop to the peaks': { worst: 3.3, missing: 0 },
  'white.raw/_CHRO001.DAT|decimate by 4': { worst: 3, missing: 0 },
};

describe.skipIf(traces.length === 0)('metamorphic suite on the native vendor traces', () => {
  for (const trace of traces) {
    it(`${trace.name}: crop, decimate by 2/4/8, scale by 1e-3/1e4, offset, drift, minutes`, () => {
      // A trace with no peak has nothing to keep (a crop needs a first and a last peak): no rows.
      expectWithinGaps(trace.name, metamorphicRows(trace), KNOWN_NATIVE_GAPS);
    });
  }
});
