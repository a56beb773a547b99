// The metamorphic suite's figures (packages/signal/test/generalization.test.ts): for every file of
// ../shared/data/aia and every change of no chemistry, the reference peaks the sampling still resolves, those
// lost, and the largest change of an area share. `npm run bench -- metamorphic [--file=<name>]`: the test holds
// each figure under its ceiling; this prints them all, to read a rule change against every file at once. Beside
// them, what the automatic detection read on each run against the unchanged one, to trace a loss to its cause:
// the detection noise SD as a ratio (a crop or a drift should leave it, a block mean of k lower white noise by
// √k and never raise it, a scale multiply it by its factor) and the estimated W50 in seconds.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readChromatogram } from '@eluent/signal/src/files/readChromatogram.ts';
import { processChromatogram } from '@eluent/signal/src/pipeline/processChromatogram.ts';
import { compare, TRANSFORMS } from '@eluent/signal/src/simulation/metamorphic.ts';

const aiaDir = join(dirname(fileURLToPath(import.meta.url)), '../../shared/data/aia');

export async function run(args: string[]): Promise<void> {
  const only = args.find((arg) => arg.startsWith('--file='))?.split('=')[1];
  const files = readdirSync(aiaDir).filter(
    (name) => name !== 'tgnthpgc.cdf' && (only === undefined || name === only),
  );
  console.log(
    '| file | change | compared | lost (s) | worst share change | at (s) | noise SD × | est. W50 (s) |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const name of files) {
    const file = readChromatogram(new Uint8Array(readFileSync(join(aiaDir, name))));
    const run = { timeSec: file.timeSec, values: file.values };
    const unchanged = processChromatogram(run, {});
    const reference = unchanged.peaks;
    const stepSec = file.timeSec[1]! - file.timeSec[0]!;
    for (const transform of TRANSFORMS) {
      const changed = transform.apply(run, reference);
      const factor = transform.timeFactor ?? 1;
      const processed = processChromatogram(changed, {});
      const found = processed.peaks;
      const range = {
        from: changed.timeSec[0]! / factor,
        to: changed.timeSec[changed.timeSec.length - 1]! / factor,
      };
      const result = compare(reference, found, stepSec, transform, range);
      const lost = result.missing.map((t) => t.toFixed(1)).join(', ') || '—';
      console.log(
        `| ${name} | ${transform.name} | ${result.compared} | ${lost} | ${result.worstShareChangePct.toFixed(2)} % | ${result.worstAt?.toFixed(1) ?? '—'} | ${readings(unchanged.detection, processed.detection, factor)} |`,
      );
    }
  }
  await Promise.resolve();
}

type Detection = ReturnType<typeof processChromatogram>['detection'];

/** The changed run's detection noise SD over the unchanged run's, and both estimated W50s (s). */
function readings(unchanged: Detection, changed: Detection, timeFactor: number): string {
  if (!unchanged || !changed) return '— | —';
  const ratio = unchanged.noiseSd > 0 ? (changed.noiseSd / unchanged.noiseSd).toPrecision(3) : '—';
  const width = (detection: NonNullable<Detection>, factor: number) =>
    detection.estimatedPeakWidthSec === null ? '—' : (detection.estimatedPeakWidthSec / factor).toFixed(2);
  return `${ratio} | ${width(unchanged, 1)} → ${width(changed, timeFactor)}`;
}
