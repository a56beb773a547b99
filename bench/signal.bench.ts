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

function time(body: () => unknown): { bestMs: number; medianMs: number } {
  body();
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    body();
    runs.push(performance.now() - start);
  }
  runs.sort((a, b) => a - b);
  return { bestMs: runs[0]!, medianMs: runs[2]! };
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

function scipyTimes(values: Float64Array): Record<string, number> | null {
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
      '    runs = []',
      '    for _ in range(5):',
      '        t = time.perf_counter(); f(); runs.append((time.perf_counter() - t) * 1000)',
      '    out[name] = min(runs)',
      'print(json.dumps(out))',
    ].join('\n');
    const result = spawnSync('python3', ['-c', script, file], { encoding: 'utf8' });
    if (result.status !== 0) return null;
    return JSON.parse(result.stdout) as Record<string, number>;
  } catch {
    return null;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const { timeSec, values } = buildSignal(1_000_000, 0);
  console.log(`signal: 1,000,000 points, ${findPeaks(values).peaks.length} raw local maxima`);
  const scipy = scipyTimes(values);
  if (!scipy) console.log('python3 with scipy not available: scipy timings skipped');
  console.log('find_peaks case                         ours best / median ms   scipy best ms   ours/scipy');
  for (const [name, options] of cases) {
    const ours = time(() => findPeaks(values, options));
    const reference = scipy?.[name];
    const ratio = reference ? (ours.bestMs / reference).toFixed(2) : '–';
    console.log(
      `${name.padEnd(38)} ${ours.bestMs.toFixed(1).padStart(8)} / ${ours.medianMs.toFixed(1).padStart(7)}   ${reference?.toFixed(1).padStart(12) ?? '           –'}   ${ratio.padStart(10)}`,
    );
  }
  const template = { peak_detection_min_prominence: 1, peak_detection_min_width: 0.5 };
  const pipeline = time(() => processChromatogram({ timeSec, values }, template));
  console.log(
    `whole default pipeline, 1,000,000 points: best ${pipeline.bestMs.toFixed(1)} ms, median ${pipeline.medianMs.toFixed(1)} ms (aim < 100 ms)`,
  );
  const preview = buildSignal(200_000, 0);
  const previewTime = time(() => processChromatogram(preview, template));
  console.log(
    `whole default pipeline, 200,000-point preview: best ${previewTime.bestMs.toFixed(1)} ms (aim < 16 ms)`,
  );
}
