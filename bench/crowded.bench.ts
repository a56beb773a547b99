// Long crowded runs: 30–60 peaks 2–4, 4–6 or 6–10 W50 apart from near the run's start to its end, at 0.2–1.5 s a point,
// S/N 30–3,000, tailing τ/σ 0–1.5, half of them through a detector's filter (instrument physics §6), with
// 4, 40 or 100 σ of baseline before the first peak. Every window of 5 W50 holds a peak unless that baseline
// is a quarter of the run (docs/processing.md, "A long run emptied by its first noise estimate"): recall,
// extras, median area error and the detection noise read against the SD drawn, per lead, 30 seeded runs each;
// then short crowded runs like the held-out vendor files the issue reports (`shortCrowdedRun`), 40 each.
// `npm run bench -- crowded`. The corpus's own classes are `npm run bench -- integration`.
import { processChromatogram } from '@eluent/signal/src/pipeline/processChromatogram.ts';
import {
  CROWDED_NOISE_SD as NOISE_SD,
  longCrowdedRun,
  shortCrowdedRun,
} from '@eluent/signal/src/simulation/crowdedRuns.ts';

const RUNS = 30;
/** Short crowded runs a row (each a few hundred points: cheap). */
const SHORT_RUNS = 40;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? NaN;
}

type Run = ReturnType<typeof shortCrowdedRun>;

/** Recall, extras, median area error, the noise read against the SD drawn and the runs emptied, as a row. */
function scoreRow(runs: readonly Run[]): string {
  let components = 0;
  let found = 0;
  let extras = 0;
  let emptied = 0;
  const areaErrors: number[] = [];
  const noise: number[] = [];
  for (const { timeSec, values, truth } of runs) {
    const result = processChromatogram({ timeSec, values }, {});
    const listed = result.peaks.filter((peak) => !peak.negative && !peak.belowReportingThreshold);
    if (listed.length === 0) emptied++;
    if (result.detection) noise.push(result.detection.noiseSd / NOISE_SD);
    const taken = new Set<number>();
    for (const component of truth) {
      components++;
      let best = -1;
      listed.forEach((peak, j) => {
        const distance = Math.abs(peak.retentionTimeSec - component.retentionTimeSec);
        if (taken.has(j) || distance > component.widthHalfSec / 2) return;
        if (best < 0 || distance < Math.abs(listed[best]!.retentionTimeSec - component.retentionTimeSec))
          best = j;
      });
      if (best < 0) continue;
      taken.add(best);
      found++;
      areaErrors.push(100 * Math.abs(listed[best]!.area / component.area - 1));
    }
    extras += listed.length - taken.size;
  }
  return `${runs.length} | ${components} | ${((100 * found) / components).toFixed(1)} % | ${((100 * extras) / components).toFixed(1)} % | ${median(areaErrors).toFixed(2)} % | ${median(noise).toFixed(2)} | ${emptied} |`;
}

const seeds = (count: number) => Array.from({ length: count }, (_, k) => k + 1);

export async function run(): Promise<void> {
  console.log(
    '| baseline before the first peak | peaks apart (W50) | runs | components | recall | extras | median area error | noise read / drawn (median) | runs emptied |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  const cases: [number, [number, number]][] = [
    [4, [2, 4]],
    [40, [2, 4]],
    [100, [2, 4]],
    [4, [4, 6]],
    [4, [6, 10]],
  ];
  for (const [lead, spacingW50] of cases) {
    const runs = seeds(RUNS).map((seed) => longCrowdedRun(seed, lead, spacingW50));
    console.log(`| ${lead} σ | ${spacingW50[0]}–${spacingW50[1]} | ${scoreRow(runs)}`);
  }
  console.log('');
  console.log(
    'short crowded runs (150–1,100 points at 0.5–2 s a point, 0–4 σ of baseline before the first peak):',
  );
  console.log(
    '| peaks apart (W50) | runs | components | recall | extras | median area error | noise read / drawn (median) | runs emptied |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const spacingW50 of [
    [2, 4],
    [4, 8],
  ] as const) {
    const runs = seeds(SHORT_RUNS).map((seed) => shortCrowdedRun(seed, spacingW50));
    console.log(`| ${spacingW50[0]}–${spacingW50[1]} | ${scoreRow(runs)}`);
  }
  await Promise.resolve();
}
