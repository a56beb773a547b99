import type { Peak } from '../figures/peak.ts';
import { seededRandom } from '../random/seededRandom.ts';
import { resolvableComponents } from './resolvable.ts';
import { nearestOneToOne } from './nearestOneToOne.ts';
import {
  simulateChromatogram,
  type SimulatedChromatogram,
  type SimulatedComponent,
  type SimulationSpec,
} from './simulateChromatogram.ts';

/** The classes about a run's peaks: each lays its peaks out its own way. */
const PEAK_CLASSES = [
  'isolated',
  'cluster',
  'rider',
  'shoulder',
  'dip',
  'step',
  'clipped',
  'drift',
  'short_crowded',
] as const;
/**
 * The classes about a run's noise, baseline, sampling or peak shape: each takes one of `NOISE_LAYOUTS`
 * (what such a class is about is not where its peaks lie).
 */
export const NOISE_CLASSES = [
  'detector_noise',
  'wander',
  'pulsation',
  'spikes',
  'coarse',
  'isocratic',
  'fronting',
] as const;
/** The classes of the simulated corpus (issue 30): each a kind of run the held-out files hold. */
export const CORPUS_CLASSES = [...PEAK_CLASSES, ...NOISE_CLASSES] as const;
export type CorpusClass = (typeof CORPUS_CLASSES)[number];

export interface CorpusCase extends SimulatedChromatogram {
  name: string;
  kind: CorpusClass;
  /** Components a report must list (dips are not: negative peaks are off by default). */
  expected: SimulatedChromatogram['truth'];
  /**
   * Per expected component: whether the noise-free curvature shows it at all (`resolvableComponents`). One
   * that it does not is optional: listed, it is matched (not an extra); left out, it is not missed.
   */
  resolvable: boolean[];
  /** SD of the run's detector noise as drawn (its white or filtered part; a pulsation's ripple apart). */
  noiseSd: number;
}

/**
 * The peak's S/N as the pharmacopoeia defines it, 2H/h, with h ≈ 5 SD for white noise over a window of
 * 5 W50 (the expected range of 20–100 normal samples is 3.7–5.0 SD).
 */
const RANGE_PER_SD = 5;

/**
 * A seeded corpus of `perClass` chromatograms per class with known truth, spanning 0.05–2 s a point,
 * S/N 10–10⁴ (the smallest expected peak's), tailing τ/σ 0–2.5 (USP T about 1–2.5), clusters at Rs
 * 0.5–2 (Rs of a fused pair here ≥ 1 for a pair to be expected separately), riders, shoulders, dips,
 * baseline steps, clipped tops, drift and short crowded runs (150–1,100 points), and runs of a detector's
 * noise (`detector_noise`: one of the isolated, cluster, shoulder, rider or short crowded layouts, its noise
 * through an RC filter of 0.5–4 data points, at most W50/4, and rounded to an ADC step of 0.05–1 SD, as
 * instrument physics §6 has the chain; every other class but `wander` has white noise), and runs whose
 * baseline wanders (`wander`: the detector's noise on an Ornstein–Uhlenbeck baseline of 1–10 noise SD and a
 * correlation time of 10–50 W50, §6's low-pass filtered random walk), with a pump's pulsation (`pulsation`:
 * the detector's noise and a sinusoid of 0.3–3 W50 a period sharing the noise SD, the ripple 20–80 % of its
 * variance) and with spikes (`spikes`: one to three one-sample spikes, up or down, of 0.2–5 times the
 * smallest peak's height, on white noise), and coarsely sampled runs (`coarse`: the same layouts with peaks
 * 3–6 samples wide at half height, as short runs at 0.5–2 s a point have them) and isocratic runs
 * (`isocratic`: the same layouts, each peak wider than the last, the last 2–5 times the first) and fronting
 * peaks (`fronting`: the same layouts, an overloaded column's peaks, the mirror image of a tail of τ/σ
 * 0–1.5). Pure: the same seed gives the same corpus.
 */
export function simulatedCorpus(
  perClass: number,
  seed = 30,
  /** Only these classes (each run is the same as in the whole corpus: its seed is its class's and index's). */
  only: readonly CorpusClass[] = CORPUS_CLASSES,
): CorpusCase[] {
  const cases: CorpusCase[] = [];
  for (const kind of CORPUS_CLASSES) {
    if (!only.includes(kind)) continue;
    for (let n = 0; n < perClass; n++) {
      const random = seededRandom(seed * 7919 + CORPUS_CLASSES.indexOf(kind) * 104_729 + n);
      cases.push(corpusCase(kind, n, random));
    }
  }
  return cases;
}

function between(random: () => number, low: number, high: number): number {
  return low + (high - low) * random();
}

function logBetween(random: () => number, low: number, high: number): number {
  return Math.exp(between(random, Math.log(low), Math.log(high)));
}

/** The layouts a run of the noise classes takes (its noise is what such a class is about). */
const NOISE_LAYOUTS = ['isolated', 'cluster', 'shoulder', 'rider', 'short_crowded'] as const;

function corpusCase(kind: CorpusClass, n: number, random: () => number): CorpusCase {
  const layout = (NOISE_CLASSES as readonly CorpusClass[]).includes(kind)
    ? NOISE_LAYOUTS[Math.floor(random() * NOISE_LAYOUTS.length)]!
    : kind;
  return layoutCase(kind, layout, n, random);
}

function layoutCase(kind: CorpusClass, layout: CorpusClass, n: number, random: () => number): CorpusCase {
  const stepSec = logBetween(random, 0.05, 2);
  // Peaks 6–20 samples wide at half height (3–6 for `coarse`; σ from W50 = 2.355 σ), within 1–40 s.
  const w50Samples = kind === 'coarse' ? between(random, 3, 6) : between(random, 6, 20);
  const firstSigmaSec = Math.min(40, Math.max(0.4, (w50Samples * stepSec) / 2.355));
  let sigmaSec = firstSigmaSec;
  // An isocratic run's peaks widen with retention (constant plate count): σ grows 2–5 × from the first to
  // the last peak.
  const growth = kind === 'isocratic' ? between(random, 1, 4) : 0;
  // Fronting (an overloaded column): the mirror image of a tail of τ/σ 0–1.5.
  const tau = () =>
    kind === 'fronting' ? -sigmaSec * between(random, 0, 1.5) : sigmaSec * between(random, 0, 2.5);
  const spacing = () => sigmaSec * between(random, 8, 14);
  const components: SimulatedComponent[] = [];
  const spec: Omit<SimulationSpec, 'components' | 'points'> = { stepSec, seed: Math.floor(random() * 1e9) };
  let expectedCount = 0;
  let t = 10 * sigmaSec;
  const add = (height: number, extraTau = tau()) => {
    components.push({ centreSec: t, sigmaSec, tauSec: extraTau, height });
    expectedCount++;
  };
  const peakCount = layout === 'short_crowded' ? 5 + Math.floor(random() * 6) : 3 + Math.floor(random() * 4);
  for (let k = 0; k < peakCount; k++) {
    sigmaSec = firstSigmaSec * (1 + (growth * k) / Math.max(1, peakCount - 1));
    const height = logBetween(random, 10, 1000);
    if (layout === 'cluster' && k % 2 === 1) {
      // A pair at Rs 1–2 (Rs = Δt/(4σ) for equal Gaussians): the previous peak's neighbour.
      t += 4 * sigmaSec * between(random, 1, 2) - spacing();
    }
    if (layout === 'shoulder' && k % 2 === 1) {
      t += 4 * sigmaSec * between(random, 0.8, 1) - spacing();
      add(height * between(random, 0.3, 0.6), 0);
      t += spacing();
      continue;
    }
    if (layout === 'rider' && k % 2 === 1) {
      // On the tail of the previous (a tenth to a fifth of its height, 3–5 σ after its apex).
      const parent = components[components.length - 1]!;
      parent.tauSec = sigmaSec * between(random, 2, 3);
      t = parent.centreSec + parent.tauSec + sigmaSec * between(random, 4, 6);
      add(parent.height * between(random, 0.1, 0.2), sigmaSec * 0.3);
      t += spacing() + parent.tauSec * 3;
      continue;
    }
    add(height);
    t += spacing() + 4 * Math.abs(components[components.length - 1]!.tauSec);
  }
  const expected = components.slice();
  if (layout === 'dip') {
    // Dips between the peaks: off by default, never reported, never bending a peak's baseline.
    const dips = components.slice(0, -1).map((peak, k) => ({
      centreSec: (peak.centreSec + components[k + 1]!.centreSec) / 2,
      sigmaSec,
      tauSec: 0,
      height: -peak.height * between(random, 0.05, 0.3),
    }));
    components.push(...dips);
  }
  const end = t + 10 * sigmaSec;
  const points = Math.ceil(end / stepSec);
  const smallest = Math.min(...expected.map((c) => Math.abs(c.height)));
  const signalToNoise = logBetween(random, 10, 1e4);
  const largest = Math.max(...expected.map((c) => c.height));
  const noiseSd = (2 * smallest) / (signalToNoise * RANGE_PER_SD);
  // Smallest S/N among the expected peaks at least 10 (the quantitation limit): shift for tiny ones.
  const full: SimulationSpec = { ...spec, points, components, noiseSd, offset: between(random, -5, 5) };
  if (layout === 'drift') full.driftPerSec = (0.01 * largest) / 60;
  if (layout === 'step') {
    // A step of a tenth to half the smallest peak, halfway between two peaks.
    const k = Math.floor(random() * (expected.length - 1));
    const at = (expected[k]!.centreSec + expected[k + 1]!.centreSec) / 2;
    full.steps = [{ atSec: at, size: smallest * between(random, 0.1, 0.5) }];
  }
  if (layout === 'clipped') full.clipAt = full.offset! + largest * between(random, 0.6, 0.9);
  if (kind === 'detector_noise') {
    // A detector's filter of 0.5–4 data points (never over a quarter of W50) and an ADC step of 0.05–1 SD.
    full.detectorTimeConstantSec = Math.min(stepSec * logBetween(random, 0.5, 4), (2.355 * sigmaSec) / 4);
    full.quantum = noiseSd * logBetween(random, 0.05, 1);
  }
  if (kind === 'wander') {
    // The detector's noise as above, on a baseline that wanders by 1–10 noise SD over 10–50 W50.
    full.detectorTimeConstantSec = Math.min(stepSec * logBetween(random, 0.5, 4), (2.355 * sigmaSec) / 4);
    full.wander = {
      sd: noiseSd * logBetween(random, 1, 10),
      timeSec: 2.355 * sigmaSec * logBetween(random, 10, 50),
      seed: Math.floor(random() * 1e9),
    };
  }
  if (kind === 'pulsation') {
    // The detector's noise as above with a pump's ripple of 0.3–3 W50 a period, the two sharing the noise
    // SD the S/N was set by (the ripple 20–80 % of its variance).
    full.detectorTimeConstantSec = Math.min(stepSec * logBetween(random, 0.5, 4), (2.355 * sigmaSec) / 4);
    const share = between(random, 0.2, 0.8);
    full.pulsation = {
      amplitude: noiseSd * Math.sqrt(2 * share),
      periodSec: 2.355 * sigmaSec * logBetween(random, 0.3, 3),
    };
    full.noiseSd = noiseSd * Math.sqrt(1 - share);
  }
  if (kind === 'spikes') {
    // One to three one-sample spikes anywhere in the run, up or down, 0.2–5 × the smallest peak's height.
    const runSec = points * stepSec;
    full.spikes = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
      atSec: runSec * random(),
      size: smallest * logBetween(random, 0.2, 5) * (random() < 0.5 ? -1 : 1),
    }));
  }
  const simulated = simulateChromatogram(full);
  const truth = simulated.truth;
  const expectedTruth = truth.slice(0, expectedCount);
  const resolvable = resolvableComponents(simulated.timeSec, truth, expectedTruth);
  return {
    ...simulated,
    name: `${kind}_${n}`,
    kind,
    expected: expectedTruth,
    resolvable,
    noiseSd: full.noiseSd ?? 0,
  };
}

/** How one run scored against its truth. */
export interface CaseScore {
  /** Expected components the noise-free curvature shows (the recall's denominator). */
  expected: number;
  found: number;
  extras: number;
  /** Expected components no curvature-based detector can see (`resolvableComponents`): not scored. */
  unresolvable: number;
  /** |area / true area − 1| (%) of each found expected peak. */
  areaErrorsPct: number[];
  /** Positive peaks reported with a negative area (never allowed). */
  negativeAreas: number;
  /**
   * Largest |share / true share − 1| (%) over the found expected peaks, each share taken of the found peaks'
   * total (the measure the held-out vendor files were judged by: a peak's share of the total area); peaks
   * flagged over-range (a clipped top: area understated, and said so) are left out of both; 0 when areas are
   * skipped or fewer than two peaks are left.
   */
  worstShareErrorPct: number;
}

/**
 * Pairs of (component, reported peak) within max(W50/2, 1.5 samples) of each other, taken one-to-one,
 * nearest pairs first: a peak is never claimed twice, and a component's nearer peak is never taken by a
 * neighbour that only reaches it.
 */
export function matchOneToOne(
  c: CorpusCase,
  reported: readonly Peak[],
  stepSec: number,
): Map<number, number> {
  return nearestOneToOne(c.expected.length, reported.length, (k, j) => {
    const truth = c.expected[k]!;
    const tolerance = Math.max(truth.widthHalfSec / 2, 1.5 * stepSec);
    const distance = Math.abs(reported[j]!.retentionTimeSec - truth.retentionTimeSec);
    return distance <= tolerance ? distance : null;
  });
}

/**
 * Matches reported peaks (those not below the reporting threshold, positive) to the expected components
 * one-to-one by retention time (`matchOneToOne`); the rest are extras. A component the noise-free
 * curvature does not show is neither missed when absent nor an extra when listed.
 */
export function scoreCase(
  c: CorpusCase,
  peaks: readonly Peak[],
  options: { skipAreas?: boolean } = {},
): CaseScore {
  const stepSec = c.timeSec[1]! - c.timeSec[0]!;
  const reported = peaks.filter((peak) => !peak.negative && !peak.belowReportingThreshold);
  const matched = matchOneToOne(c, reported, stepSec);
  const merged = mergedAreas(c, reported, matched);
  const areaErrorsPct: number[] = [];
  const pairs: [number, number][] = [];
  let found = 0;
  for (const [k, j] of matched) {
    if (!c.resolvable[k]) continue;
    found++;
    if (options.skipAreas) continue;
    const truth = c.expected[k]!.area + (merged.get(j) ?? 0);
    areaErrorsPct.push(100 * Math.abs(reported[j]!.area / truth - 1));
    // A saturated peak's area is understated and flagged so: its share says nothing of the integration.
    if (!reported[j]!.overRange) pairs.push([truth, reported[j]!.area]);
  }
  const unresolvable = c.resolvable.filter((resolvable) => !resolvable).length;
  return {
    expected: c.expected.length - unresolvable,
    found,
    extras: reported.length - matched.size,
    unresolvable,
    areaErrorsPct,
    negativeAreas: peaks.filter((peak) => !peak.negative && peak.area < 0).length,
    worstShareErrorPct: worstShareError(pairs),
  };
}

/**
 * Per reported peak, the true area of the components the curvature does not show (`resolvable` false) that
 * lie within its limits and are not listed themselves: no detector can list them, so their area is in their
 * neighbour's, and the best answer for that neighbour is the two together.
 */
function mergedAreas(
  c: CorpusCase,
  reported: readonly Peak[],
  matched: Map<number, number>,
): Map<number, number> {
  const merged = new Map<number, number>();
  c.expected.forEach((truth, k) => {
    if (c.resolvable[k] || matched.has(k)) return;
    const j = reported.findIndex(
      (peak) => peak.startSec <= truth.retentionTimeSec && truth.retentionTimeSec <= peak.endSec,
    );
    if (j >= 0) merged.set(j, (merged.get(j) ?? 0) + truth.area);
  });
  return merged;
}

/** Largest |share / true share − 1| (%) over (true area, reported area) pairs; 0 under two pairs. */
function worstShareError(pairs: readonly [number, number][]): number {
  if (pairs.length < 2) return 0;
  const trueTotal = pairs.reduce((sum, [truth]) => sum + truth, 0);
  const ourTotal = pairs.reduce((sum, [, ours]) => sum + ours, 0);
  return Math.max(...pairs.map(([truth, ours]) => 100 * Math.abs(ours / ourTotal / (truth / trueTotal) - 1)));
}

/** Recall, extras and median area error per class, as the bench table prints them. */
export interface ClassScore {
  kind: CorpusClass;
  runs: number;
  recallPct: number;
  extrasPct: number;
  medianAreaErrorPct: number;
  negativeAreas: number;
  /** Components the noise-free curvature does not show, left out of recall (`resolvableComponents`). */
  unresolvable: number;
  /** Runs with a peak whose share of the total area is off by more than `SHARE_OFF_PCT` (`worstShareErrorPct`). */
  shareOffRuns: number;
}

/**
 * A share off by more than this (%) counts the run in `shareOffRuns`: the held-out measure (files
 * "with a peak whose share of the total area is off by more than 10 %").
 */
export const SHARE_OFF_PCT = 10;

export function classScores(scored: readonly { kind: CorpusClass; score: CaseScore }[]): ClassScore[] {
  return CORPUS_CLASSES.map((kind) => {
    const own = scored.filter((s) => s.kind === kind).map((s) => s.score);
    const expected = own.reduce((sum, s) => sum + s.expected, 0);
    const errors = own.flatMap((s) => s.areaErrorsPct).sort((a, b) => a - b);
    return {
      kind,
      runs: own.length,
      recallPct: expected ? (100 * own.reduce((sum, s) => sum + s.found, 0)) / expected : 100,
      extrasPct: expected ? (100 * own.reduce((sum, s) => sum + s.extras, 0)) / expected : 0,
      medianAreaErrorPct: errors.length ? errors[errors.length >> 1]! : 0,
      negativeAreas: own.reduce((sum, s) => sum + s.negativeAreas, 0),
      unresolvable: own.reduce((sum, s) => sum + s.unresolvable, 0),
      shareOffRuns: own.filter((s) => s.worstShareErrorPct > SHARE_OFF_PCT).length,
    };
  });
}
