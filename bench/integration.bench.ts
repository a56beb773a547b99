// Integration generalization score: the seeded simulated corpus (packages/signal/src/simulation/corpus.ts),
// 36 runs a class (324 in all), processed with no template; recall, extras and median area error per class.
// `npm run bench -- integration [--per-class=36]`; the table is kept in docs/processing.md.
import { processChromatogram } from '@eluent/signal/src/pipeline/processChromatogram.ts';
import { classScores, scoreCase, simulatedCorpus } from '@eluent/signal/src/simulation/corpus.ts';

export async function run(args: string[]): Promise<void> {
  const option = args.find((arg) => arg.startsWith('--per-class='));
  const perClass = option ? Number(option.split('=')[1]) : 36;
  const corpus = simulatedCorpus(perClass);
  const scored = corpus.map((c) => ({
    kind: c.kind,
    score: scoreCase(c, processChromatogram({ timeSec: c.timeSec, values: c.values }, {}).peaks),
  }));
  const rows = classScores(scored);
  console.log(`${corpus.length} simulated runs (seed 30), no template`);
  console.log('| class | runs | recall | extras | median area error | negative areas | unresolvable |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.kind} | ${row.runs} | ${row.recallPct.toFixed(1)} % | ${row.extrasPct.toFixed(1)} % | ${row.medianAreaErrorPct.toFixed(2)} % | ${row.negativeAreas} | ${row.unresolvable} |`,
    );
  }
  await Promise.resolve();
}
