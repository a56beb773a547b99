// The metamorphic suite's figures (packages/signal/test/generalization.test.ts): for every file of
// ../shared/data/aia and every change of no chemistry, the reference peaks the sampling still resolves, those
// lost, and the largest change of an area share. `npm run bench -- metamorphic [--file=<name>]`: the test holds
// each figure under its ceiling; this prints them all, to read a rule change against every file at once.
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
  console.log('| file | change | compared | lost (s) | worst share change | at (s) |');
  console.log('|---|---|---|---|---|---|');
  for (const name of files) {
    const file = readChromatogram(new Uint8Array(readFileSync(join(aiaDir, name))));
    const run = { timeSec: file.timeSec, values: file.values };
    const reference = processChromatogram(run, {}).peaks;
    const stepSec = file.timeSec[1]! - file.timeSec[0]!;
    for (const transform of TRANSFORMS) {
      const changed = transform.apply(run, reference);
      const factor = transform.timeFactor ?? 1;
      const found = processChromatogram(changed, {}).peaks;
      const range = {
        from: changed.timeSec[0]! / factor,
        to: changed.timeSec[changed.timeSec.length - 1]! / factor,
      };
      const result = compare(reference, found, stepSec, transform, range);
      const lost = result.missing.map((t) => t.toFixed(1)).join(', ') || '—';
      console.log(
        `| ${name} | ${transform.name} | ${result.compared} | ${lost} | ${result.worstShareChangePct.toFixed(2)} % | ${result.worstAt?.toFixed(1) ?? '—'} |`,
      );
    }
  }
  await Promise.resolve();
}
