// Skims never count a stretch of signal twice: every shared AIA file and native trace, and the corpus's rider,
// shoulder and cluster runs, with no template (docs/processing.md "A child low on a tail skimmed by the valley
// ratio").
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Peak } from '../src/figures/peak.ts';
import { readChromatogram } from '../src/files/readChromatogram.ts';
import { readAgilentCh } from '../src/files/vendor/readAgilentCh.ts';
import { readWatersTrace } from '../src/files/vendor/waters.ts';
import { simulatedCorpus } from '../src/simulation/corpus.ts';
import { hasReferenceData, readReference, referenceDataDir } from './files.ts';
import { process } from './truthHelpers.ts';

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
