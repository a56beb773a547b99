// Processing-core benchmark: every case runs ours and its reference alternately on the same array in this
// one run. The scipy reference is a long-lived python3 child (bench/scipyReference.py) fed the same bytes;
// it times its own calls inside Python, ours are timed inside Node. Reported: medians and ours/reference.
// `npm run bench -- signal [--max=1000000] [--only=find_peaks,pipeline,preview]` (--max skips the larger
// find_peaks sizes, --only runs the named groups alone).
import { loadavg } from 'node:os';
import { collectGarbage } from './collectGarbage.ts';
import { runFindPeaksCases } from './findPeaksCases.ts';
import { format, interleave, printRow, ratio, type Outcome } from './interleave.ts';
import { processChromatogram, seededNormal, seededRandom, SignalMemo } from '@eluent/signal';
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

const WIDTHS = [90, 8, 8, 6, 8, 8, 6, 4, 15];
const HEADER = ['case', 'ours', 'ref', 'ratio', 'ours CPU', 'ref CPU', 'ratio', 'runs', 'peaks ours/ref'];

/** The groups `--only=` may name, every one by default. */
const GROUPS = ['find_peaks', 'pipeline', 'preview'] as const;

type Row = (
  label: string,
  rounds: number,
  ours: () => number,
  referenceRun: (() => Promise<Outcome>) | null,
  before?: (() => void) | null,
) => Promise<void>;

/** One row of the pipeline and preview table: every CPU, as in an analyst's browser. */
const row: Row = async (label, rounds, ours, referenceRun, before = null) => {
  // Each case starts from a heap without the earlier cases' garbage (the 10^7-point arrays above all);
  // collections during its own rounds count in its times.
  collectGarbage();
  const result = await interleave(rounds, ours, referenceRun, before);
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

async function runPipeline(reference: ScipyReference | null) {
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
}

async function runPreview(reference: ScipyReference | null) {
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
}

export async function run(args: string[]): Promise<void> {
  const maxArgument = args.find((argument) => argument.startsWith('--max='));
  const maxPoints = maxArgument ? Number(maxArgument.slice(6)) : Number.POSITIVE_INFINITY;
  const onlyArgument = args.find((argument) => argument.startsWith('--only='));
  const only = onlyArgument ? onlyArgument.slice(7).split(',') : [...GROUPS];
  const unknown = only.filter((group) => !(GROUPS as readonly string[]).includes(group));
  if (unknown.length > 0)
    throw new Error(`--only: unknown ${unknown.join(', ')}; known: ${GROUPS.join(', ')}`);
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
  try {
    if (only.includes('find_peaks')) {
      // Two single-threaded kernels: each case held on one CPU, then free (bench/findPeaksCases.ts).
      const sizes = (
        [
          [100_000, 30],
          [1_000_000, 20],
          [10_000_000, 5],
        ] as const
      ).filter(([points]) => points <= maxPoints);
      await runFindPeaksCases(reference, sizes, (points) => buildSignal(points, 0).values);
      console.log('');
    }
    // The pipeline and the preview run on every CPU, as in an analyst's browser: V8's collector and compiler
    // threads work beside the main thread there.
    if (only.includes('pipeline') || only.includes('preview')) printRow(HEADER, WIDTHS);
    if (only.includes('pipeline')) await runPipeline(reference);
    if (only.includes('preview')) await runPreview(reference);
  } finally {
    reference?.stop();
  }
  console.log(`\nload average at end (1, 5, 15 min): ${load()}`);
}
