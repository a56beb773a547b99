// The metamorphic suite's figures (packages/signal/test/generalization.test.ts): for every file of
// ../shared/data/aia (then every native trace of ../shared/data/vendor) and every change of no chemistry, the reference peaks the sampling still resolves, those
// lost, and the largest change of an area share. `npm run bench -- metamorphic [--file=<name>]`: the test holds
// each figure under its ceiling; this prints them all, to read a rule change against every file at once. Beside
// them, what the automatic detection read on each run against the unchanged one, to trace a loss to its cause:
// the detection noise SD as a ratio (a crop or a drift should leave it, a block mean of k lower white noise by
// √k and never raise it, a scale multiply it by its factor) and the estimated W50 in seconds.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readChromatogram } from '@eluent/signal/src/files/readChromatogram.ts';
import type { ProcessingResult } from '@eluent/signal/src/pipeline/processChromatogram.ts';
import { metamorphicRows } from '@eluent/signal/src/simulation/metamorphic.ts';
import { nativeTraces } from '@eluent/signal/test/nativeTraces.ts';

const dataDir = join(dirname(fileURLToPath(import.meta.url)), '../../shared/data');
const aiaDir = join(dataDir, 'aia');
const vendorDir = join(dataDir, 'vendor');

export async function run(args: string[]): Promise<void> {
  const only = args.find((arg) => arg.startsWith('--file='))?.split('=')[1];
  const files = readdirSync(aiaDir).filter(
    (name) => name !== 'tgnthpgc.cdf' && (only === undefined || name === only),
  );
  const runs = files.map((name) => {
    const file = readChromatogram(new Uint8Array(readFileSync(join(aiaDir, name))));
    return { name, timeSec: file.timeSec, values: file.values };
  });
  printTable(runs);
  // The native traces (no vendor table: no rule was written against them), held by their own ceilings.
  const native = nativeTraces(vendorDir).filter((trace) => only === undefined || trace.name === only);
  if (native.length) {
    console.log('\nnative vendor traces (../shared/data/vendor):');
    printTable(native);
  }
  await Promise.resolve();
}

function printTable(runs: readonly { name: string; timeSec: Float64Array; values: Float64Array }[]): void {
  console.log(
    '| file | change | compared | lost (s) | worst share change | at (s) | noise SD × | est. W50 (s) |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { name, timeSec, values } of runs) {
    const rows = metamorphicRows({ timeSec, values });
    if (!rows.length) console.log(`| ${name} | (no peak in the unchanged run) | 0 | — | — | — | — | — |`);
    for (const { transform, result, unchanged, changed } of rows) {
      const lost = result.missing.map((t) => t.toFixed(1)).join(', ') || '—';
      console.log(
        `| ${name} | ${transform.name} | ${result.compared} | ${lost} | ${result.worstShareChangePct.toFixed(2)} % | ${result.worstAt?.toFixed(1) ?? '—'} | ${readings(unchanged.detection, changed.detection, transform.timeFactor ?? 1)} |`,
      );
    }
  }
}

type Detection = ProcessingResult['detection'];

/** The changed run's detection noise SD over the unchanged run's, and both estimated W50s (s). */
function readings(unchanged: Detection, changed: Detection, timeFactor: number): string {
  if (!unchanged || !changed) return '— | —';
  const ratio = unchanged.noiseSd > 0 ? (changed.noiseSd / unchanged.noiseSd).toPrecision(3) : '—';
  const width = (detection: NonNullable<Detection>, factor: number) =>
    detection.estimatedPeakWidthSec === null ? '—' : (detection.estimatedPeakWidthSec / factor).toFixed(2);
  return `${ratio} | ${width(unchanged, 1)} → ${width(changed, timeFactor)}`;
}
