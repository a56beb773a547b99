// fast-check arbitraries of chromatograms built on the simulation helpers: EMG and Gaussian peaks with
// random positions, widths, heights and tailing, white noise, an offset and a drift. Everything a generated
// run holds comes from fast-check's seeded generator (the noise through its own `seed`), so a property's
// `seed` and `path` reproduce the run exactly (docs/testing.md, "Property tests").
import fc from 'fast-check';
import type { SimulationSpec } from '../src/simulation/simulateChromatogram.ts';

/**
 * A real number spread evenly over [min, max] (fast-check's own `fc.double` spreads its draws evenly over
 * the doubles in the range, so most of them lie near 0: right for magnitudes, wrong for an exponent, a
 * shift or a fraction). Its draws still favour both ends, and it shrinks towards `min`.
 */
export function uniform(min: number, max: number): fc.Arbitrary<number> {
  return fc.integer({ min: 0, max: 2 ** 30 }).map((i) => min + ((max - min) * i) / 2 ** 30);
}

/** A component as drawn: its gap from the previous peak's end, in multiples of its own width. */
interface DrawnComponent {
  /** σ in samples (W50 of 2.355 σ: 7–28 samples before tailing). */
  sigmaSamples: number;
  /** τ/σ: 0 (Gaussian) to 1.5 (a strong tail). */
  tailing: number;
  /** log10 of the apex height above the baseline. */
  logHeight: number;
  /** Baseline between this peak's start and the previous one's end, in σ. */
  gapSigmas: number;
}

const component = fc.record({
  sigmaSamples: uniform(3, 12),
  // Tiny τ too (fc.double's draws near 0): a τ of a few ulps of σ once made the EMG NaN.
  tailing: fc.oneof(fc.constant(0), uniform(0, 1.5), fc.double({ min: 0, max: 1.5, noNaN: true })),
  logHeight: uniform(1, 3),
  gapSigmas: uniform(2, 20),
});

export interface RunShape {
  /** Peaks in the run. */
  components?: { min: number; max: number };
  /** Add an offset and a drift of up to a few noise SDs a minute. @default true */
  baseline?: boolean;
}

/**
 * Baseline-resolved runs: 1–5 EMGs (σ of 3–12 samples, τ/σ 0–1.5), each starting (6 σ before its centre)
 * 2–20 σ after the previous one's end (6 σ + 8 τ after its centre), heights 10–1000 over white noise of
 * 0.05–0.5 % of the smallest height, on a sampling step of 0.05–2 s, with the run's own baseline of 30 σ of
 * the first and last peak before and after them. A spec, not its samples, so that a counterexample prints
 * short: `simulateChromatogram(spec)` makes the run.
 */
export function resolvedRun(shape: RunShape = {}): fc.Arbitrary<SimulationSpec> {
  const count = shape.components ?? { min: 1, max: 5 };
  return fc
    .record({
      stepSec: uniform(0.05, 2),
      components: fc.array(component, { minLength: count.min, maxLength: count.max }),
      noiseShare: uniform(5e-4, 5e-3),
      offset: shape.baseline === false ? fc.constant(0) : uniform(-100, 100),
      driftNoisePerMin: shape.baseline === false ? fc.constant(0) : uniform(-3, 3),
      seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    })
    .map(({ stepSec, components, noiseShare, offset, driftNoisePerMin, seed }) => {
      const placed = place(components, stepSec);
      const smallest = Math.min(...components.map((c) => 10 ** c.logHeight));
      const noiseSd = noiseShare * smallest;
      const last = placed[placed.length - 1]!;
      const endSec = last.centreSec + 30 * last.sigmaSec + 8 * last.tauSec;
      return {
        points: Math.ceil(endSec / stepSec),
        stepSec,
        components: placed,
        noiseSd,
        offset,
        driftPerSec: (driftNoisePerMin * noiseSd) / 60,
        seed,
      };
    });
}

function place(components: readonly DrawnComponent[], stepSec: number) {
  let endSec = 0;
  return components.map((c, k) => {
    const sigmaSec = c.sigmaSamples * stepSec;
    const tauSec = c.tailing * sigmaSec;
    const centreSec = endSec + (k === 0 ? 30 : c.gapSigmas) * sigmaSec + 6 * sigmaSec;
    endSec = centreSec + 6 * sigmaSec + 8 * tauSec;
    return { centreSec, sigmaSec, tauSec, height: 10 ** c.logHeight };
  });
}

/**
 * Coarsely sampled crowded runs, as short vendor runs at 0.5–2 s a point have them: 4–20 EMGs of one σ of
 * 1.2–2.5 samples (W50 2.8–5.9 samples, where the detection kernel is 1 or 3 samples), τ/σ 0–1.2, each 1–4 W50
 * after the one before (the first 0–4 σ after the start), heights 10^1.5–10^3.5 noise SDs, white noise, an
 * offset; the run ends 6 σ + 8 τ after the last. The peaks ride on each other's tails and fronts.
 */
export function crowdedCoarseRun(): fc.Arbitrary<SimulationSpec> {
  return fc
    .record({
      stepSec: uniform(0.5, 2),
      sigmaSamples: uniform(1.2, 2.5),
      tailing: uniform(0, 1.2),
      lead: uniform(0, 4),
      peaks: fc.array(fc.record({ apartW50: uniform(1, 4), logHeight: uniform(1.5, 3.5) }), {
        minLength: 4,
        maxLength: 20,
      }),
      offset: uniform(-10, 10),
      seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    })
    .map(({ stepSec, sigmaSamples, tailing, lead, peaks, offset, seed }) => {
      const sigmaSec = sigmaSamples * stepSec;
      const tauSec = tailing * sigmaSec;
      const w50Sec = 2.355 * sigmaSec;
      const noiseSd = 0.05;
      let centreSec = lead * sigmaSec;
      const components = peaks.map(({ apartW50, logHeight }, k) => {
        if (k > 0) centreSec += apartW50 * w50Sec;
        return { centreSec, sigmaSec, tauSec, height: noiseSd * 10 ** logHeight };
      });
      const endSec = centreSec + 6 * sigmaSec + 8 * tauSec;
      return { points: Math.ceil(endSec / stepSec), stepSec, components, noiseSd, offset, seed };
    });
}
