// The find_peaks cases of `npm run bench -- signal`. Each case runs ours and scipy alternately on the same
// array twice in the same run: first with this process and the reference child held on one CPU
// (bench/cpuAffinity.ts: a slow stretch of that CPU slows both sides), then free on every CPU, as the
// kernels run in use. Before timing, the two peak lists are compared (counts and a CRC-32 of the indices).
import { crc32 } from 'node:zlib';
import { findPeaks, type FindPeaksOptions } from '@eluent/signal';
import { collectGarbage } from './collectGarbage.ts';
import { holdOnOneCpu } from './cpuAffinity.ts';
import { format, interleave, printRow, ratio, type Interleaved, type Outcome } from './interleave.ts';
import type { ScipyReference } from './scipyReference.ts';

const findPeaksCases: [string, FindPeaksOptions][] = [
  ['no conditions', {}],
  ['height=1', { height: 1 }],
  ['threshold=0.05', { threshold: 0.05 }],
  ['distance=100', { distance: 100 }],
  ['prominence=1', { prominence: 1 }],
  ['width=50', { width: 50 }],
  ['all together', { height: 1, threshold: 0.001, distance: 100, prominence: 1, width: 50 }],
];

/** scipy's keyword arguments for the same conditions (the names are the same). */
function scipyKwargs(options: FindPeaksOptions): Record<string, number> {
  return Object.fromEntries(
    Object.entries(options)
      .filter(([, value]) => typeof value === 'number')
      .map(([key, value]) => [key, value as number]),
  );
}

const WIDTHS = [37, 8, 8, 6, 6, 8, 8, 6, 6, 4, 24];

function printHeader(held: string | null) {
  const pinned = held ? `pinned (both on CPU ${held})` : 'pinned (taskset missing: not held)';
  console.log(`${''.padEnd(WIDTHS[0]!)}  ${pinned.padEnd(34)}  ${'unpinned (every CPU)'.padEnd(34)}`);
  printRow(
    ['case', 'ours', 'ref', 'ratio', 'CPU', 'ours', 'ref', 'ratio', 'CPU', 'runs', 'peaks ours/ref'],
    WIDTHS,
  );
}

/** Wall medians and the wall and CPU ratios of one interleaved run. */
function cells(result: Interleaved): string[] {
  return [
    format(result.ours.wall, 2),
    format(result.reference?.wall ?? null, 2),
    ratio(result.ours.wall, result.reference?.wall),
    ratio(result.ours.cpu, result.reference?.cpu),
  ];
}

/** "n/m same" when both sides found the same indices, "n/m DIFFERENT" otherwise; "n/–" without scipy. */
async function comparePeaks(
  values: Float64Array,
  options: FindPeaksOptions,
  reference: ScipyReference | null,
): Promise<string> {
  const peaks = findPeaks(values, options).peaks;
  if (!reference) return `${peaks.length}/–`;
  const theirs = await reference.peaks({ case: 'find_peaks', array: 'x', kwargs: scipyKwargs(options) });
  const ours = crc32(new Uint8Array(peaks.buffer, peaks.byteOffset, peaks.byteLength));
  const same = theirs.count === peaks.length && theirs.crc32 === ours;
  return `${peaks.length}/${theirs.count} ${same ? 'same' : 'DIFFERENT'}`;
}

/**
 * Runs every find_peaks case on the bench signal at each size (`buildSignal(points)`), `rounds` interleaved
 * rounds held on one CPU, then as many free; prints one table with both.
 */
export async function runFindPeaksCases(
  reference: ScipyReference | null,
  sizes: readonly (readonly [points: number, rounds: number])[],
  buildSignal: (points: number) => Float64Array,
): Promise<void> {
  const pids = reference ? [process.pid, reference.pid] : [process.pid];
  const probe = holdOnOneCpu(pids);
  probe?.release();
  printHeader(probe?.cpu ?? null);
  for (const [points, rounds] of sizes) {
    const values = buildSignal(points);
    if (reference) await reference.load('x', values);
    for (const [name, options] of findPeaksCases) {
      const check = await comparePeaks(values, options, reference);
      const ours = () => findPeaks(values, options).peaks.length;
      const theirs: (() => Promise<Outcome>) | null = reference
        ? () => reference.run({ case: 'find_peaks', array: 'x', kwargs: scipyKwargs(options) })
        : null;
      // Each case starts from a heap without the earlier cases' garbage (the 10^7-point arrays above all);
      // collections during its own rounds count in its times.
      collectGarbage();
      const held = holdOnOneCpu(pids);
      let pinned: Interleaved;
      try {
        pinned = await interleave(rounds, ours, theirs);
      } finally {
        held?.release();
      }
      collectGarbage();
      const free = await interleave(rounds, ours, theirs);
      printRow(
        [
          `find_peaks ${name}, ${points.toLocaleString('en')}`,
          ...cells(pinned),
          ...cells(free),
          String(rounds),
          check,
        ],
        WIDTHS,
      );
    }
  }
}
