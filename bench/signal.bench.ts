// Processing-core benchmark: the 1,000,000-point signal of processing.md §6.4, timed for detection alone and
// for the whole default pipeline, with scipy's find_peaks on the same array in the same run when available.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  findPeaks,
  processChromatogram,
  seededNormal,
  seededRandom,
  type FindPeaksOptions,
} from '@eluent/signal';

function buildSignal(points: number, seed: number) {
  const stepSec = 0.01;
  const timeSec = Float64Array.from({ length: points }, (_, i) => i * stepSec);
  const endSec = (points - 1) * stepSec;
  const values = Float64Array.from(timeSec, (t) => 0.5 * Math.sin(t / 2000));
  const uniform = seededRandom(seed);
  const peakCount = Math.round((500 * points) / 1_000_000);
  const centres = Array.from({ length: peakCount }, () => 50 + uniform() * (endSec - 100));
  const heights = Array.from({ length: peakCount }, () => 10 ** (uniform() * 3));
  const sigmas = Array.from({ length: peakCount }, () => 1 + 4 * uniform());
  for (let k = 0; k < peakCount; k++) {
    const centre = centres[k]!;
    const sigma = sigmas[k]!;
    const from = Math.max(0, Math.floor((centre - 8 * sigma) / stepSec));
    const to = Math.min(points - 1, Math.ceil((centre + 8 * sigma) / stepSec));
    for (let i = from; i <= to; i++)
      values[i]! += heights[k]! * Math.exp(-0.5 * ((timeSec[i]! - centre) / sigma) ** 2);
  }
  const noise = seededNormal(seed + 1);
  for (let i = 0; i < points; i++) values[i]! += 0.05 * noise();
  return { timeSec, values };
}

interface Timing {
  bestMs: number;
  medianMs: number;
  /** Best process CPU time (user + system): steadier than wall time on a shared machine. */
  cpuBestMs: number;
}

/** One warm-up call, then best and median of 5 (processing.md §6.4), wall and CPU time. */
function time(body: () => unknown): Timing {
  body();
  const runs: number[] = [];
  const cpuRuns: number[] = [];
  for (let i = 0; i < 5; i++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    body();
    runs.push(performance.now() - start);
    const cpu = process.cpuUsage(cpuStart);
    cpuRuns.push((cpu.user + cpu.system) / 1000);
  }
  runs.sort((a, b) => a - b);
  return { bestMs: runs[0]!, medianMs: runs[2]!, cpuBestMs: Math.min(...cpuRuns) };
}

const cases: [string, FindPeaksOptions, string][] = [
  ['no conditions', {}, ''],
  ['height=1', { height: 1 }, 'height=1'],
  ['distance=100', { distance: 100 }, 'distance=100'],
  ['prominence=1', { prominence: 1 }, 'prominence=1'],
  ['prominence=1, wlen=2001', { prominence: 1, wlen: 2001 }, 'prominence=1, wlen=2001'],
  ['prominence=1, width=50', { prominence: 1, width: 50 }, 'prominence=1, width=50'],
  [
    'all four',
    { height: 1, distance: 100, prominence: 1, width: 50 },
    'height=1, distance=100, prominence=1, width=50',
  ],
];

/** scipy's best wall and CPU times per case on the same array, or null without python3 + scipy. */
function scipyTimes(values: Float64Array): Record<string, { bestMs: number; cpuBestMs: number }> | null {
  const directory = mkdtempSync(join(tmpdir(), 'eluent-bench-'));
  try {
    const file = join(directory, 'signal.f64');
    writeFileSync(file, new Uint8Array(values.buffer));
    const script = [
      'import sys, json, time, numpy as np',
      'from scipy.signal import find_peaks',
      'x = np.fromfile(sys.argv[1], dtype="<f8")',
      `cases = ${JSON.stringify(Object.fromEntries(cases.map(([name, , call]) => [name, call])))}`,
      'out = {}',
      'for name, call in cases.items():',
      '    f = eval("lambda: find_peaks(x" + (", " + call if call else "") + ")")',
      '    f()',
      '    runs, cpu = [], []',
      '    for _ in range(5):',
      '        t, c = time.perf_counter(), time.process_time()',
      '        f()',
      '        runs.append((time.perf_counter() - t) * 1000); cpu.append((time.process_time() - c) * 1000)',
      '    out[name] = {"bestMs": min(runs), "cpuBestMs": min(cpu)}',
      'print(json.dumps(out))',
    ].join('\n');
    const result = spawnSync('python3', ['-c', script, file], { encoding: 'utf8', timeout: 300_000 });
    if (result.status !== 0) return null;
    return JSON.parse(result.stdout) as Record<string, { bestMs: number; cpuBestMs: number }>;
  } catch {
    return null;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const ms = (value: number | undefined, width: number) =>
  (value === undefined ? '–' : value.toFixed(1)).padStart(width);
const ratio = (ours: number, reference: number | undefined) =>
  (reference ? (ours / reference).toFixed(2) : '–').padStart(7);

export async function run(): Promise<void> {
  const { timeSec, values } = buildSignal(1_000_000, 0);
  console.log(`signal: 1,000,000 points, ${findPeaks(values).peaks.length} raw local maxima`);
  const scipy = scipyTimes(values);
  if (!scipy) console.log('python3 with scipy not available: scipy timings skipped');
  console.log(
    'find_peaks case            ours wall best / median   scipy wall best   ratio   ours CPU   scipy CPU   ratio',
  );
  for (const [name, options] of cases) {
    const ours = time(() => findPeaks(values, options));
    const reference = scipy?.[name];
    console.log(
      `${name.padEnd(26)} ${ms(ours.bestMs, 14)} / ${ms(ours.medianMs, 6)}   ${ms(reference?.bestMs, 15)}   ${ratio(ours.bestMs, reference?.bestMs)}   ${ms(ours.cpuBestMs, 8)}   ${ms(reference?.cpuBestMs, 9)}   ${ratio(ours.cpuBestMs, reference?.cpuBestMs)}`,
    );
  }
  const template = { peak_detection_min_prominence: 1, peak_detection_min_width: 0.5 };
  const report = (label: string, timing: Timing, aimMs: number) =>
    console.log(
      `whole default pipeline, ${label}: wall best ${timing.bestMs.toFixed(1)} ms, median ${timing.medianMs.toFixed(1)} ms, CPU best ${timing.cpuBestMs.toFixed(1)} ms (aim < ${aimMs} ms)`,
    );
  report(
    '1,000,000 points',
    time(() => processChromatogram({ timeSec, values }, template)),
    100,
  );
  report(
    '1,000,000 points, automatic default (no template)',
    time(() => processChromatogram({ timeSec, values }, {})),
    100,
  );
  const preview = buildSignal(200_000, 0);
  report(
    '200,000-point preview',
    time(() => processChromatogram(preview, template)),
    16,
  );
  report(
    '200,000-point preview, automatic default (no template)',
    time(() => processChromatogram(preview, {})),
    16,
  );
}
