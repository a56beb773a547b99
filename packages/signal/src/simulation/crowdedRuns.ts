import { seededRandom } from '../random/seededRandom.ts';
import { simulateChromatogram } from './simulateChromatogram.ts';

/** The white noise SD every crowded run is drawn with. */
export const CROWDED_NOISE_SD = 0.05;
const NOISE_SD = CROWDED_NOISE_SD;

/**
 * `count` EMGs of one σ and tailing, the k-th centred `spacing` · k after `firstSec` plus up to 0.3 spacing,
 * heights 10^1.5–10^3.5 noise SD (S/N 30–3,000), drawn in that order from `random`.
 */
function crowdedComponents(
  random: () => number,
  count: number,
  firstSec: number,
  spacing: number,
  sigmaSec: number,
  tailing: number,
) {
  return Array.from({ length: count }, (_, k) => ({
    centreSec: firstSec + spacing * k + 0.3 * spacing * random(),
    sigmaSec,
    tauSec: tailing * sigmaSec,
    height: NOISE_SD * 10 ** (1.5 + 2 * random()),
  }));
}

/**
 * A long crowded run: 30–60 peaks 2–4, 4–6 or 6–10 W50 apart (`spacingW50`) from `leadSigmas` σ after the
 * start to the end, at 0.2–1.5 s a point, σ 2.5–8.5 samples, S/N 30–3,000, tailing τ/σ 0–1.5, half of them
 * through a detector's filter (instrument physics §6, a time constant of 2 samples, at most W50 / 4).
 */
export function longCrowdedRun(seed: number, leadSigmas: number, spacingW50: readonly [number, number]) {
  const random = seededRandom(seed * 7 + 1);
  const stepSec = 0.2 + 1.3 * random();
  const sigmaSec = stepSec * (2.5 + 6 * random());
  const w50 = 2.355 * sigmaSec;
  const spacing = w50 * (spacingW50[0] + (spacingW50[1] - spacingW50[0]) * random());
  const count = 30 + Math.floor(30 * random());
  const tailing = 1.5 * random();
  const components = crowdedComponents(random, count, leadSigmas * sigmaSec, spacing, sigmaSec, tailing);
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

/**
 * A short crowded run, as the held-out vendor files the issue reports: 150–1,100 points at 0.5–2 s a point,
 * peaks σ 1.3–4 samples (W50 3–9.4 samples) from 0–4 σ after the start to the end, S/N 30–3,000, tailing
 * τ/σ 0–1.5, three in ten through a detector's filter of a sample (at most W50 / 4).
 */
export function shortCrowdedRun(seed: number, spacingW50: readonly [number, number]) {
  const random = seededRandom(seed * 13 + 5);
  const stepSec = 0.5 + 1.5 * random();
  const sigmaSec = stepSec * (1.3 + 2.7 * random());
  const w50 = 2.355 * sigmaSec;
  const spacing = w50 * (spacingW50[0] + (spacingW50[1] - spacingW50[0]) * random());
  const points = 150 + Math.floor(950 * random());
  const lead = 4 * random() * sigmaSec;
  const count = Math.max(3, Math.floor((points * stepSec - lead - 6 * sigmaSec) / spacing));
  const tailing = 1.5 * random();
  const components = crowdedComponents(random, count, lead, spacing, sigmaSec, tailing);
  const filtered = random() < 0.3;
  return simulateChromatogram({
    points,
    stepSec,
    noiseSd: NOISE_SD,
    seed,
    components,
    ...(filtered ? { detectorTimeConstantSec: Math.min(stepSec, w50 / 4) } : {}),
  });
}
