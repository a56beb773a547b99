// Processing-core benchmark: every case runs ours and its reference alternately on the same array in this
// one run. The scipy reference is a long-lived python3 child (bench/scipyReference.py) fed the same bytes;
// it times its own calls inside Python, ours are timed inside Node. Reported: medians and ours/reference.
// `npm run bench -- signal [--max=1000000]` (--max skips the larger find_peaks sizes).
import { loadavg } from 'node:os';
import { collectGarbage } from './collectGarbage.ts';
import { holdOnOneCpu } from './cpuAffinity.ts';
import {
  findPeaks,
  processChromatogram,
  seededNormal,
  seededRandom,
  SignalMemo,
  type FindPeaksOptions,
} from '@eluent/signal';
import { previewMessage } from '@eluent/web/src/workers/previewMessage.ts';
import { ScipyReference } from './scipyReference.ts';

/** A drifting baseline, 500 Gaussian peaks per 1,000,000 points (heights 1–1000), white noise SD 0.05. */
export function buildSignal(points: number, seed: number) {
  const stepSec = 0.01;
  const timeSec = new Float64Array(points);
  const values = new Float64Array(points);
  for (let i = 0; i < points; i++) {
    timeSec[i] = i * stepSec;
    values[i] = 0.5 * Math.sin((i * stepSec) / 2000);
  }
  const endSec = (points - 1) * stepSec;
  const uniform = seededRandom(seed);
  const peakCount = Math.max(1, Math.round((500 * points) / 1_000_000));
  for (let k = 0; k < peakCount; k++) {
    const centre = 50 + uniform() * (endSec - 100);
    const height = 10 ** (uniform() * 3);
    const sigma = 1 + 4 * uniform();
    const from = Math.max(0, Math.floor((centre - 8 * sigma) / stepSec));
    const to = Math.min(points - 1, Math.ceil((centre + 8 * sigma) / stepSec));
    for (let i = from; i <= to; i++)
      values[i]! += height * Math.exp(-0.5 * ((timeSec[i]! - centre) / sigma) ** 2);
  }
  const noise = seededNormal(seed + 1);
  for (let i = 0; i < points; i++) values[i]! += 0.05 * noise();
  return { timeSec, values };
}

const median = (runs: number[]) => {
  const sorted = [...runs].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface Outcome {
  /** Wall time and process CPU time of the one call, ms. */
  ms: number;
  cpuMs: number;
  count: number;
}

interface Medians {
  wall: number;
  cpu: number;
}

const medians = (runs: Outcome[]): Medians => ({
  wall: median(runs.map((run) => run.ms)),
  cpu: median(runs.map((run) => run.cpuMs)),
});

/** Times one call in this process: wall time and process CPU time (user + system, every thread). */
function timeCall(body: () => number): Outcome {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const count = body();
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, count };
}

/**
 * `rounds` interleaved rounds after two warm-up rounds; the order alternates (ours first, then reference
 * first) so neither side always runs on a freshly warmed cache. `before`, untimed, runs before each of our
 * calls. Returns the medians and the peak counts.
 */
async function interleave(
  rounds: number,
  ours: () => number,
  reference: (() => Promise<Outcome>) | null,
  before: (() => void) | null = null,
): Promise<{ ours: Medians; reference: Medians | null; oursCount: number; referenceCount: number | null }> {
  const oursRuns: Outcome[] = [];
  const referenceRuns: Outcome[] = [];
  for (let round = -2; round < rounds; round++) {
    let mine: Outcome;
    let theirs: Outcome | null = null;
    if (round % 2 === 0) {
      before?.();
      mine = timeCall(ours);
      theirs = reference ? await reference() : null;
    } else {
      theirs = reference ? await reference() : null;
      before?.();
      mine = timeCall(ours);
    }
    if (round < 0) continue;
    oursRuns.push(mine);
    if (theirs) referenceRuns.push(theirs);
  }
  return {
    ours: medians(oursRuns),
    reference: referenceRuns.length ? medians(referenceRuns) : null,
    oursCount: oursRuns[oursRuns.length - 1]?.count ?? 0,
    referenceCount: referenceRuns[referenceRuns.length - 1]?.count ?? null,
  };
}

const findPeaksCases: [string, FindPeaksOptions][] = [
  ['no conditions', {}],
  ['height=1', { height: 1 }],
  ['threshold=0.05', { threshold: 0.05 }],
  ['distance=100', { distance: 100 }],
  ['prominence=1', { prominence: 1 }],
  ['width=50', { width: 50 }],
  ['all together', { height: 1, threshold: 0.001, distance: 100, prominence: 1, width: 50 }],
];

/** scipy's keyword arguments for the same conditions. */
function scipyKwargs(options: FindPeaksOptions): Record<string, number> {
  const names: Record<string, string> = {
    height: 'height',
    threshold: 'threshold',
    distance: 'distance',
    prominence: 'prominence',
    width: 'width',
    wlen: 'wlen',
  };
  return Object.fromEntries(
    Object.entries(options)
      .filter(([, value]) => typeof value === 'number')
      .map(([key, value]) => [names[key] ?? key, value as number]),
  );
}

const format = (value: number | null, digits = 1) => (value === null ? '–' : value.toFixed(digits));

function printRow(cells: string[], widths: number[]) {
  console.log(
    cells.map((cell, k) => (k === 0 ? cell.padEnd(widths[k]!) : cell.padStart(widths[k]!))).join('  '),
  );
}

const WIDTHS = [90, 8, 8, 6, 8, 8, 6, 4, 15];
const HEADER = ['case', 'ours', 'ref', 'ratio', 'ours CPU', 'ref CPU', 'ratio', 'runs', 'peaks ours/ref'];

export async function run(args: string[]): Promise<void> {
  const maxArgument = args.find((argument) => argument.startsWith('--max='));
  const maxPoints = maxArgument ? Number(maxArgument.slice(6)) : Number.POSITIVE_INFINITY;
  const reference = await ScipyReference.start();
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(', ');
  console.log(`load average at start (1, 5, 15 min): ${load()}`);
  console.log(
    `node ${process.version}; reference: ${reference ? reference.versions : 'python3 with scipy not available, skipped'}`,
  );
  console.log(
    'ms, medians of interleaved rounds after 2 warm-up rounds, each side timed in its own process: wall time, then process CPU time (user + system)\n',
  );
  const row = async (
    label: string,
    rounds: number,
    ours: () => number,
    referenceRun: (() => Promise<Outcome>) | null,
    before: (() => void) | null = null,
  ) => {
    // Each case starts from a heap without the earlier cases' garbage (the 10^7-point arrays above all);
    // collections during its own rounds count in its times.
    collectGarbage();
    const result = await interleave(rounds, ours, referenceRun, before);
    const ratio = (mine: number, theirs: number | undefined) =>
      theirs === undefined ? '–' : format(mine / theirs, 2);
    printRow(
      [
        label,
        format(result.ours.wall, 2),
        format(result.reference?.wall ?? null, 2),
        ratio(result.ours.wall, result.reference?.wall),
        format(result.ours.cpu, 2),
        format(result.reference?.cpu ?? null, 2),
        ratio(result.ours.cpu, result.reference?.cpu),
        String(rounds),
        `${result.oursCount}/${result.referenceCount ?? '–'}`,
      ],
      WIDTHS,
    );
  };
  // find_peaks: two single-threaded kernels, timed one after the other on one CPU (bench/cpuAffinity.ts).
  // The pipeline and the preview run on every CPU, as in an analyst's browser: V8's collector and compiler
  // threads work beside the main thread there.
  const held = holdOnOneCpu(reference ? [process.pid, reference.pid] : [process.pid]);
  console.log(
    held
      ? `find_peaks: this process and the reference on CPU ${held.cpu}; pipeline and preview: every CPU\n`
      : 'find_peaks: not held on one CPU (taskset not available)\n',
  );
  printRow(HEADER, WIDTHS);
  try {
    for (const [points, rounds] of [
      [100_000, 30],
      [1_000_000, 20],
      [10_000_000, 5],
    ] as const) {
      if (points > maxPoints) continue;
      const { values } = buildSignal(points, 0);
      if (reference) await reference.load('x', values);
      for (const [name, options] of findPeaksCases) {
        await row(
          `find_peaks ${name}, ${points.toLocaleString('en')}`,
          rounds,
          () => findPeaks(values, options).peaks.length,
          reference
            ? () => reference.run({ case: 'find_peaks', array: 'x', kwargs: scipyKwargs(options) })
            : null,
        );
      }
    }

    held?.release();

    // The whole pipeline at 1,000,000 points; its reference does the equivalent plain steps in scipy
    // (find_peaks with the same minimums, peak_widths, trapezoid areas over the bases) — not our rules.
    const signal = buildSignal(1_000_000, 0);
    if (reference) {
      await reference.load('x', signal.values);
      await reference.load('t', signal.timeSec);
    }
    const stepSec = 0.01;
    for (const [label, template] of [
      ['automatic default (no template)', {}],
      [
        'template prominence 1, width 0.5 s',
        { peak_detection_min_prominence: 1, peak_detection_min_width: 0.5 },
      ],
    ] as const) {
      const detection = processChromatogram(signal, template).detection;
      const kwargs = {
        prominence: detection?.minProminence.value ?? 0,
        width: (detection?.minWidthSec.value ?? 0) / stepSec,
      };
      await row(
        `pipeline ${label}, 1,000,000`,
        20,
        () => processChromatogram(signal, template).peaks.length,
        reference ? () => reference.run({ case: 'pipeline', array: 'x', time: 't', kwargs }) : null,
      );
    }

    // The live preview as the worker runs it (apps/web/src/workers/processingHandler.ts): processing, the
    // decimated plot signals, and the hand-over (structured clone with the buffers transferred). The worker
    // keeps one SignalMemo per loaded signal and fills it as the signal arrives ("signal arrives", timed on
    // its own: the page sends the signal when the chromatogram loads, before its first preview request, and
    // the worker measures it before it takes that request). "first preview": each round on a signal just
    // measured so; "typing": every later preview.
    // Reference: the previous hand-over, the full corrected signal and baseline as number arrays, cloned,
    // without a memo — in this process too.
    const preview = buildSignal(200_000, 0);
    const previewSignal = { ...preview, unit: 'mAU' };
    // The measuring's reference is its largest part done by scipy: every maximum with its prominence
    // (find_peaks with prominence 0). Ours also checks the input and measures the detection scales. Counts:
    // the maxima measured.
    if (reference) await reference.load('p', preview.values);
    await row(
      'preview: signal arrives, measured once, 200,000 (ref: every prominence)',
      20,
      () => {
        const memo = new SignalMemo();
        memo.measure(previewSignal);
        return memo.maximaOf(memo.inputOf(previewSignal).values).maxima.length;
      },
      reference ? () => reference.run({ case: 'find_peaks', array: 'p', kwargs: { prominence: 0 } }) : null,
    );
    for (const [label, template] of [
      ['automatic default', {}],
      [
        'template prominence 1, width 0.5 s',
        { peak_detection_min_prominence: 1, peak_detection_min_width: 0.5 },
      ],
    ] as const) {
      for (const typing of [true, false]) {
        let memo = new SignalMemo();
        memo.measure(previewSignal);
        await row(
          `preview ${label}, ${typing ? 'typing' : 'first preview'}, 200,000 (ref: full hand-over)`,
          20,
          () => {
            const { message, transfer } = previewMessage(1, previewSignal, template, memo);
            const delivered = structuredClone<typeof message>(message, { transfer });
            return delivered.type === 'result' ? delivered.result.peaks.length : -1;
          },
          () => {
            const cpuStart = process.cpuUsage();
            const start = performance.now();
            const result = processChromatogram(previewSignal, template, { includeSignals: true });
            const full = {
              ...result,
              signals: {
                correctedValues: Array.from(result.signals!.correctedValues),
                runBaseline: Array.from(result.signals!.runBaseline),
              },
            };
            const delivered = structuredClone({ type: 'result', id: 1, result: full });
            const ms = performance.now() - start;
            const cpu = process.cpuUsage(cpuStart);
            return Promise.resolve({
              ms,
              cpuMs: (cpu.user + cpu.system) / 1000,
              count: delivered.result.peaks.length,
            });
          },
          typing
            ? null
            : () => {
                memo = new SignalMemo();
                memo.measure(previewSignal);
              },
        );
      }
    }
  } finally {
    held?.release();
    reference?.stop();
  }
  console.log(`\nload average at end (1, 5, 15 min): ${load()}`);
}
