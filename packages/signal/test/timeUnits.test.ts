// The same run with its time in minutes is the same run: every peak, limit and area (in the new unit) the
// same, on every shared AIA file, every native trace and the corpus's dips (whose tails under a dip are
// extrapolated by a fit). A tie between two samples read in absolute time went one way in seconds and the
// other in minutes (`pink.D/DAD1A.ch`: a rider's skim a sample apart, 2.03 % of a share), and so did a count of
// steps summed as times (docs/processing.md, "Time in minutes is the same run").
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readChromatogram } from '../src/files/readChromatogram.ts';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { simulatedCorpus } from '../src/simulation/corpus.ts';
import { hasReferenceData, readReference, referenceDataDir } from './files.ts';
import { nativeTraces } from './nativeTraces.ts';

interface Run {
  name: string;
  timeSec: Float64Array;
  values: Float64Array;
}

const aia: Run[] = hasReferenceData
  ? readdirSync(join(referenceDataDir, 'aia'))
      .filter((file) => /\.cdf$/i.test(file) && file !== 'tgnthpgc.cdf')
      .map((file) => ({ name: file, ...readChromatogram(readReference(`aia/${file}`)) }))
  : [];
const native: Run[] = hasReferenceData ? nativeTraces(join(referenceDataDir, 'vendor')) : [];
const dips: Run[] = simulatedCorpus(8, 30, ['dip']);

/** The fit that carries a tail under a dip converges within this share of its area in either unit. */
const FIT_SHARE = 1e-4;

describe('time in minutes', () => {
  for (const run of [...aia, ...native, ...dips]) {
    it(`${run.name}: the same peaks, limits and areas`, () => {
      const seconds = processChromatogram({ timeSec: run.timeSec, values: run.values }, {}).peaks;
      const minutes = processChromatogram(
        { timeSec: run.timeSec.map((t) => t / 60), values: run.values },
        {},
      ).peaks;
      expect(minutes).toHaveLength(seconds.length);
      const step = run.timeSec[1]! - run.timeSec[0]!;
      seconds.forEach((peak, k) => {
        const other = minutes[k]!;
        expect(
          Math.abs(other.startSec * 60 - peak.startSec) / step,
          `${peak.retentionTimeSec} s`,
        ).toBeLessThan(1e-6);
        expect(Math.abs(other.endSec * 60 - peak.endSec) / step, `${peak.retentionTimeSec} s`).toBeLessThan(
          1e-6,
        );
        expect(Math.abs((other.area * 60) / peak.area - 1), `${peak.retentionTimeSec} s`).toBeLessThan(
          FIT_SHARE,
        );
      });
    });
  }
});
