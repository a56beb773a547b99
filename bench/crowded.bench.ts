// Long crowded runs: 30–60 peaks 2–4, 4–6 or 6–10 W50 apart from near the run's start to its end, at 0.2–1.5 s a point,
// S/N 30–3,000, tailing τ/σ 0–1.5, half of them through a detector's filter (instrument physics §6), with
// 4, 40 or 100 σ of baseline before the first peak. Every window of 5 W50 holds a peak unless that baseline
// is a quarter of the run (docs/processing.md, "A long run emptied by its first noise estimate"): recall,
// extras, median area error and the detection noise read against the SD drawn, per lead, 30 seeded runs each.
// `npm run bench -- crowded`. The corpus's own classes are `npm run bench -- integration`.
import { processChromatogram } from '@eluent/signal/src/pipeline/processChromatogram.ts';
import { seededRandom } from '@eluent/signal/src/random/seededRandom.ts';
import { simulateChromatogram } from '@eluent/signal/src/simulation/simulateChromatogram.ts';

const RUNS = 30;
const NOISE_SD = 0.05;

function crowdedRun(seed: number, leadSigmas: number, spacingW50: readonly [number, number]) {
  const random = seededRandom(seed * 7 + 1);
  const stepSec = 0.2 + 1.3 * random();
  const sigmaSec = stepSec * (2.5 + 6 * random());
  const w50 = 2.355 * sigmaSec;
  const spacing = w50 * (spacingW50[0] + (spacingW50[1] - spacingW50[0]) * random());
  const count = 30 + Math.floor(30 * random());
  const tailing = 1.5 * random();
  const components = Array.from({ length: count }, (_, k) => ({
    centreSec: leadSigmas * sigmaSec + spacing * k + 0.3 * spacing * random(),
    sigmaSec,
    tauSec: tailing * sigmaSec,
    height: NOISE_SD * 10 ** (1.5 + 2 * random()),
  }));
  const end = components[count - 1]!.centreSec + 6 * sigmaSec + 4 * tailing * sigmaSec;
  const filtered = random() < 0.5;
  return simulateChromatogram({
    points: Math.ceil(end / stepSec),
    stepSec,
    noiseSd: NOISE_SD,
    seed,
    components,
    ...(filtered ? { detectorTimeConstantSec: Math.min(2 * stepSec, w50 / 4) } : {}),
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? NaN;
}

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
    let components = 0;
    let found = 0;
    let extras = 0;
    let emptied = 0;
    const areaErrors: number[] = [];
    const noise: number[] = [];
    for (let seed = 1; seed <= RUNS; seed++) {
      const { timeSec, values, truth } = crowdedRun(seed, lead, spacingW50);
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
    console.log(
      `| ${lead} σ | ${spacingW50[0]}–${spacingW50[1]} | ${RUNS} | ${components} | ${((100 * found) / components).toFixed(1)} % | ${((100 * extras) / components).toFixed(1)} % | ${median(areaErrors).toFixed(2)} % | ${median(noise).toFixed(2)} | ${emptied} |`,
    );
  }
  await Promise.resolve();
}
