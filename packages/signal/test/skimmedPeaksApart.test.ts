// Skims never count a stretch of signal twice: every shared AIA file and native trace, and the corpus's rider,
// shoulder and cluster runs, with no template (docs/processing.md "A child low on a tail skimmed by the valley
// ratio").
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Peak } from '../src/figures/peak.ts';
import { readChromatogram } from '../src/files/readChromatogram.ts';
import { readAgilentCh } from '../src/files/vendor/readAgilentCh.ts';
import { readWatersTrace } from '../src/files/vendor/waters.ts';
import { simulatedCorpus } from '../src/simulation/corpus.ts';
import { simulateChromatogram } from '../src/simulation/simulateChromatogram.ts';
import { hasReferenceData, readReference, referenceDataDir } from './files.ts';
import { emgs, process } from './truthHelpers.ts';

/**
 * The pairs of peaks whose ranges overlap by more than `slackSec`, where neither is a skimmed child (code T)
 * inside the other: a parent spans its children (the skim's area is its own, the child's lies above it), but
 * two peaks that are not parent and child, or two children of one parent, never share a stretch.
 */
function overlaps(peaks: readonly Peak[], slackSec: number): string[] {
  const skimmed = (peak: Peak) => peak.startCode === 'T';
  const found: string[] = [];
  const sorted = [...peaks].filter((peak) => !peak.negative).sort((a, b) => a.startSec - b.startSec);
  sorted.forEach((a, i) => {
    for (const b of sorted.slice(i + 1)) {
      if (b.startSec >= a.endSec - slackSec) break;
      if (skimmed(a) !== skimmed(b)) continue;
      found.push(
        `${a.retentionTimeSec.toFixed(1)} (${a.startCode}${a.stopCode}) and ${b.retentionTimeSec.toFixed(1)}`,
      );
    }
  });
  return found;
}

const slack = (timeSec: Float64Array) => (timeSec[1]! - timeSec[0]!) / 2;

describe.skipIf(!hasReferenceData)('skimmed peaks never share a stretch of signal', () => {
  it('every shared AIA file', () => {
    for (const name of readdirSync(join(referenceDataDir, 'aia')).filter((n) => /\.cdf$/i.test(n))) {
      const run = readChromatogram(readReference(`aia/${name}`));
      expect(overlaps(process(run).peaks, slack(run.timeSec)), name).toEqual([]);
    }
  });

  it('every native ChemStation and MassLynx trace (two children of one tail overlapped before)', () => {
    const agilent = join(referenceDataDir, 'vendor/agilent');
    const waters = join(referenceDataDir, 'vendor/waters');
    if (!existsSync(agilent) || !existsSync(waters)) throw new Error('the native traces are missing');
    const traces: [string, ReturnType<typeof readAgilentCh>][] = [];
    for (const folder of readdirSync(agilent))
      for (const file of readdirSync(join(agilent, folder)).filter((n) => /\.ch$/i.test(n)))
        traces.push([`${folder}/${file}`, readAgilentCh(readReference(`vendor/agilent/${folder}/${file}`))]);
    for (const folder of readdirSync(waters))
      for (const file of readdirSync(join(waters, folder)).filter((n) => /_CHRO\d+\.DAT$/i.test(n)))
        traces.push([`${folder}/${file}`, readWatersTrace(readReference(`vendor/waters/${folder}/${file}`))]);
    expect(traces.length).toBeGreaterThanOrEqual(10);
    for (const [name, run] of traces)
      expect(overlaps(process(run).peaks, slack(run.timeSec)), name).toEqual([]);
  });
});

describe('skimmed peaks in the simulated corpus', () => {
  it('the rider, shoulder and cluster runs of seed 31 (108 runs) never share a stretch', () => {
    for (const c of simulatedCorpus(36, 31, ['rider', 'shoulder', 'cluster']))
      expect(overlaps(process(c).peaks, slack(c.timeSec)), c.name).toEqual([]);
  });
});

describe('skims on generated tails (fast-check)', () => {
  it('property: riders on one tail never share a stretch, and every area is positive', () => {
    // A parent of τ/σ 1–4 and two or three riders 0.5–10 % of its height on its tail, the first 3–8 σ past
    // its apex and each next 2–6 σ on, at S/N 100–10⁵: whichever skim or drop line each rider gets, no two
    // peaks that are not parent and child overlap and none is negative.
    fc.assert(
      fc.property(
        fc.record({
          tauShare: fc.double({ min: 1, max: 4, noNaN: true }),
          first: fc.double({ min: 3, max: 8, noNaN: true }),
          riders: fc.array(
            fc.record({
              gap: fc.double({ min: 2, max: 6, noNaN: true }),
              share: fc.double({ min: 0.005, max: 0.1, noNaN: true }),
            }),
            { minLength: 2, maxLength: 3 },
          ),
          logNoise: fc.double({ min: -3, max: 0, noNaN: true }),
          seed: fc.integer({ min: 1, max: 1e6 }),
        }),
        ({ tauShare, first, riders, logNoise, seed }) => {
          const sigmaSec = 2;
          const parentAt = 20 * sigmaSec;
          const rows: [number, number, number][] = [[parentAt, tauShare * sigmaSec, 1000]];
          let at = parentAt + first * sigmaSec;
          for (const { gap, share } of riders) {
            rows.push([at, 0.3 * sigmaSec, 1000 * share]);
            at += gap * sigmaSec;
          }
          const run = simulateChromatogram({
            points: Math.ceil((at + 20 * sigmaSec + 10 * tauShare * sigmaSec) / 0.5),
            stepSec: 0.5,
            noiseSd: 10 ** logNoise,
            seed,
            components: emgs(sigmaSec, rows),
          });
          const found = process(run).peaks;
          expect(overlaps(found, 0.25)).toEqual([]);
          for (const peak of found) expect(peak.area).toBeGreaterThan(0);
        },
      ),
      { seed: 1130, numRuns: 50 },
    );
  });
});
