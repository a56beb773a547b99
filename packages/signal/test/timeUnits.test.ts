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
import { simulateChromatogram } from '../src/simulation/simulateChromatogram.ts';
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
// A coarse crowded run (W50 5.6 samples at 1.29 s a point, ten peaks 1–4 W50 apart; `crowdedCoarseRun` drew it)
// with no peak-free window: its run noise is read in the quietest windows cut by time, and a window's start
// computed in minutes fell a rounding error after the sample it starts on (in seconds before it), so the two
// read different noise and kept different peaks at the quantitation limit (31.8 s only in minutes).
const coarseCrowded: Run = {
  name: 'a coarse crowded run',
  ...simulateChromatogram({
    points: 159,
    stepSec: 1.2941532996483147,
    components: [
      {
        centreSec: 0.14509792782261008,
        sigmaSec: 3.0901517536465852,
        tauSec: 3.0928367143531577,
        height: 17.669219575439936,
      },
      {
        centreSec: 7.5945576937001285,
        sigmaSec: 3.0901517536465852,
        tauSec: 3.0928367143531577,
        height: 18.641063891810962,
      },
      {
        centreSec: 29.57400384107414,
        sigmaSec: 3.0901517536465852,
        tauSec: 3.0928367143531577,
        height: 27.451633431987343,
      },
      {
        centreSec: 39.63555150455262,
        sigmaSec: 3.0901517536465852,
        tauSec: 3.0928367143531577,
        height: 3.9495690213731245,
      },
      {
        centreSec: 48.124009577181674,
        sigmaSec: 3.0901517536465852,
        tauSec: 3.0928367143531577,
        height: 124.02734798208326,
      },
      {
        centreSec: 67.40165670050732,
        sigmaSec: 3.0901517536465852,
        tauSec: 3.0928367143531577,
        height: 14.737331733412626,
      },
      {
        centreSec: 93.33869542901435,
        sigmaSec: 3.0901517536465852,
        tauSec: 3.0928367143531577,
        height: 81.48778861031855,
      },
      {
        centreSec: 110.58310465806812,
        sigmaSec: 3.0901517536465852,
        tauSec: 3.0928367143531577,
        height: 44.619828962245414,
      },
      {
        centreSec: 134.60373037474793,
        sigmaSec: 3.0901517536465852,
        tauSec: 3.0928367143531577,
        height: 10.87480730718108,
      },
      {
        centreSec: 162.38581693727406,
        sigmaSec: 3.0901517536465852,
        tauSec: 3.0928367143531577,
        height: 59.49237796250999,
      },
    ],
    noiseSd: 0.05,
    offset: -9.999999552965164,
    seed: 1811253976,
  }),
};

/** The fit that carries a tail under a dip converges within this share of its area in either unit. */
const FIT_SHARE = 1e-4;

describe('time in minutes', () => {
  for (const run of [...aia, ...native, ...dips, coarseCrowded]) {
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
