// Property tests (fast-check, seeded: docs/testing.md "Property tests") of the smaller pure functions the
// processing is built of: noise measures, peak selection, run-level peak figures and calibration fits.
// Each states an invariance (scale, offset, drift, order, units) or a defining rule and checks it over
// generated inputs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completeFigures } from '../src/figures/completeFigures.ts';
import type { Peak } from '../src/figures/peak.ts';
import { baselineNoise } from '../src/noise/baselineNoise.ts';
import { findPeaks } from '../src/peaks/findPeaks.ts';
import { selectByPeakDistance } from '../src/peaks/selectByPeakDistance.ts';
import { seededNormal } from '../src/random/seededRandom.ts';
import { amountFromCalibrationCurve } from '../src/quantitation/amountFromCalibrationCurve.ts';
import type { CalibrationPoint } from '../src/quantitation/calibrationModel.ts';
import { fitCalibrationModel } from '../src/quantitation/fitCalibrationModel.ts';
import { uniform } from './chromatogramArbitrary.ts';

const relative = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b), 1e-300);

/** White noise of SD 1 with a few peaks on it, from fast-check's seed. */
const noisySignal = fc
  .record({
    length: fc.integer({ min: 40, max: 1200 }),
    seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    peaks: fc.array(
      fc.record({
        at: uniform(0, 1),
        height: uniform(0, 200),
      }),
      { maxLength: 4 },
    ),
  })
  .map(({ length, seed, peaks }) => {
    const normal = seededNormal(seed);
    return Float64Array.from({ length }, (_, i) => {
      let y = normal();
      for (const peak of peaks) y += peak.height * Math.exp(-0.5 * ((i - peak.at * length) / 6) ** 2);
      return y;
    });
  });

describe('baselineNoise: properties', () => {
  it('scales with the signal (any factor of magnitude 1e-3 to 1e4, either sign)', () => {
    fc.assert(
      fc.property(
        noisySignal,
        fc.integer({ min: 4, max: 60 }),
        uniform(-3, 4),
        fc.boolean(),
        (values, window, logFactor, negative) => {
          const factor = (negative ? -1 : 1) * 10 ** logFactor;
          const before = baselineNoise(values, window);
          const after = baselineNoise(
            values.map((v) => v * factor),
            window,
          );
          expect(relative(after.sd, Math.abs(factor) * before.sd)).toBeLessThan(1e-9);
          expect(relative(after.peakToPeak, Math.abs(factor) * before.peakToPeak)).toBeLessThan(1e-9);
          expect(after.windowSamples).toBe(before.windowSamples);
        },
      ),
      { seed: 3101, numRuns: 200 },
    );
  });

  it('ignores an offset and a linear drift (each window removes its own line)', () => {
    fc.assert(
      fc.property(
        noisySignal,
        fc.integer({ min: 4, max: 60 }),
        uniform(-1e3, 1e3),
        uniform(-1, 1),
        (values, window, offset, drift) => {
          const before = baselineNoise(values, window);
          const after = baselineNoise(
            values.map((v, i) => v + offset + drift * i),
            window,
          );
          // Rounding of values up to |offset| + |drift|·n: relative 1e-15 of them, far below the noise.
          expect(Math.abs(after.sd - before.sd)).toBeLessThan(1e-9);
          expect(Math.abs(after.peakToPeak - before.peakToPeak)).toBeLessThan(1e-9);
        },
      ),
      { seed: 3102, numRuns: 200 },
    );
  });

  it('reads a signal the same backwards when its windows tile it', () => {
    fc.assert(
      fc.property(noisySignal, fc.integer({ min: 4, max: 60 }), (values, window) => {
        const length = Math.max(4, Math.min(window, Math.floor(values.length / 4)));
        const tiled = values.slice(0, values.length - (values.length % length));
        const before = baselineNoise(tiled, window);
        const after = baselineNoise(tiled.slice().reverse(), window);
        expect(after.windowSamples).toBe(before.windowSamples);
        expect(relative(after.sd, before.sd)).toBeLessThan(1e-9);
        expect(relative(after.peakToPeak, before.peakToPeak)).toBeLessThan(1e-9);
      }),
      { seed: 3103, numRuns: 200 },
    );
  });
});

describe('peak selection: properties', () => {
  /** Integer-valued signals: sums and differences are exact, so an offset can change nothing. */
  const integerSignal = fc
    .array(fc.integer({ min: -50, max: 50 }), { minLength: 3, maxLength: 400 })
    .map((v) => Float64Array.from(v));

  it('findPeaks: the same peaks under a scale by 2^k with its thresholds, and under an offset with its height', () => {
    fc.assert(
      fc.property(
        integerSignal,
        fc.integer({ min: -20, max: 20 }),
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: -50, max: 50 }),
        (values, power, offset, prominence, height) => {
          const reference = findPeaks(values, { prominence, height }).peaks;
          const factor = 2 ** power;
          const scaled = findPeaks(
            values.map((v) => v * factor),
            { prominence: prominence * factor, height: height * factor },
          ).peaks;
          expect(Array.from(scaled)).toEqual(Array.from(reference));
          const shifted = findPeaks(
            values.map((v) => v + offset),
            { prominence, height: height + offset },
          ).peaks;
          expect(Array.from(shifted)).toEqual(Array.from(reference));
        },
      ),
      { seed: 3201, numRuns: 300 },
    );
  });

  it('findPeaks: a higher minimum prominence, height or width keeps a subset of the peaks', () => {
    fc.assert(
      fc.property(
        integerSignal,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom('prominence', 'height', 'width'),
        (values, a, b, key) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const scale = key === 'width' ? 0.25 : 1;
          const loose = new Set(findPeaks(values, { [key]: low * scale }).peaks);
          const strict = findPeaks(values, { [key]: high * scale }).peaks;
          for (const peak of strict) expect(loose.has(peak)).toBe(true);
        },
      ),
      { seed: 3202, numRuns: 300 },
    );
  });

  it('selectByPeakDistance: kept peaks are ≥ distance apart, each dropped one beside a kept one at least as high, the highest kept', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 2000 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        uniform(1, 60),
        (indices, seed, distance) => {
          const peaks = Int32Array.from(indices.sort((x, y) => x - y));
          const normal = seededNormal(seed + 1);
          // Rounded heights: ties happen and must be decided too.
          const heights = Float64Array.from(peaks, () => Math.round(normal() * 4));
          const keep = selectByPeakDistance(peaks, heights, distance);
          const gap = Math.ceil(distance);
          const kept = Array.from(peaks.keys()).filter((k) => keep[k]);
          for (let k = 1; k < kept.length; k++) {
            expect(peaks[kept[k]!]! - peaks[kept[k - 1]!]!).toBeGreaterThanOrEqual(gap);
          }
          peaks.forEach((at, k) => {
            if (keep[k]) return;
            const near = kept.some((j) => Math.abs(peaks[j]! - at) < gap && heights[j]! >= heights[k]!);
            expect(near, `dropped peak at ${at}`).toBe(true);
          });
          const highest = Math.max(...heights);
          expect(kept.some((k) => heights[k] === highest)).toBe(true);
        },
      ),
      { seed: 3203, numRuns: 300 },
    );
  });
});

describe('completeFigures: properties', () => {
  /** Peaks in time order, apart or fused at a drop line, with measured or free-side W50. */
  const peakList = fc
    .array(
      fc.record({
        gap: uniform(0, 30),
        fused: fc.boolean(),
        halfWidth: uniform(0.5, 10),
        area: fc.double({ min: 1e-3, max: 1e4, noNaN: true }),
        height: fc.double({ min: 1e-3, max: 1e3, noNaN: true }),
      }),
      { minLength: 1, maxLength: 8 },
    )
    .map((drawn) => {
      let endSec = 10;
      return drawn.map((d, k): Peak => {
        const fused = k > 0 && d.fused;
        const startSec = fused ? endSec : endSec + d.gap;
        const retentionTimeSec = startSec + 3 * d.halfWidth;
        endSec = retentionTimeSec + 4 * d.halfWidth;
        return {
          retentionTimeSec,
          startSec,
          endSec,
          baselineStartValue: 0,
          baselineEndValue: 0,
          startCode: fused ? 'V' : 'B',
          stopCode: 'B',
          negative: false,
          area: d.area,
          areaPercent: 0,
          height: d.height,
          heightPercent: 0,
          widthHalfSec: 2 * d.halfWidth,
          widthHalfSource: fused ? 'free_side' : 'both_sides',
          widthBaseSec: null,
          tailing: null,
          asymmetry10: null,
          platesHalfHeight: null,
          platesTangent: null,
          resolution: null,
          resolutionMethod: null,
          retentionFactor: null,
          signalToNoise: null,
          signalToNoiseSource: null,
        };
      });
    })
    .map((peaks) =>
      peaks.map((p, k) => (peaks[k + 1]?.startCode === 'V' ? { ...p, stopCode: 'V' as const } : p)),
    );

  it('time in other units and from another origin keeps resolutions; k′ keeps in other units', () => {
    fc.assert(
      fc.property(peakList, uniform(-3, 3), uniform(0, 1e4), (peaks, logUnit, shiftSec) => {
        const unit = 10 ** logUnit;
        const at = (t: number) => (t + shiftSec) * unit;
        const before = completeFigures(peaks, { holdUpTimeSec: 5 });
        const moved = peaks.map((p) => ({
          ...p,
          retentionTimeSec: at(p.retentionTimeSec),
          startSec: at(p.startSec),
          endSec: at(p.endSec),
          widthHalfSec: p.widthHalfSec! * unit,
          area: p.area * unit,
        }));
        const after = completeFigures(moved, { holdUpTimeSec: null });
        // k′ counts from the injection (time 0): only the units may change under it.
        const inUnits = completeFigures(
          peaks.map((p) => ({ ...p, retentionTimeSec: p.retentionTimeSec * unit })),
          { holdUpTimeSec: 5 * unit },
        );
        before.forEach((peak, k) => {
          expect(after[k]!.resolutionMethod).toBe(peak.resolutionMethod);
          if (peak.resolution !== null)
            expect(relative(after[k]!.resolution!, peak.resolution)).toBeLessThan(1e-6);
          expect(relative(inUnits[k]!.retentionFactor!, peak.retentionFactor!)).toBeLessThan(1e-9);
          expect(after[k]!.areaPercent).toBeCloseTo(peak.areaPercent, 9);
        });
      }),
      { seed: 3301, numRuns: 40 },
    );
  });

  it('scaling the signal keeps area %, height % and S/N; area % sums to 100; S/N falls as the noise rises', () => {
    fc.assert(
      fc.property(
        peakList,
        uniform(-3, 4),
        fc.double({ min: 1e-3, max: 10, noNaN: true }),
        uniform(1, 100),
        (peaks, logFactor, noise, noiseRise) => {
          const factor = 10 ** logFactor;
          const before = completeFigures(peaks, { noisePeakToPeak: noise });
          const scaled = peaks.map((p) => ({ ...p, area: p.area * factor, height: p.height * factor }));
          const after = completeFigures(scaled, { noisePeakToPeak: noise * factor });
          const noisier = completeFigures(peaks, { noisePeakToPeak: noise * noiseRise });
          expect(before.reduce((sum, p) => sum + p.areaPercent, 0)).toBeCloseTo(100, 9);
          before.forEach((peak, k) => {
            expect(after[k]!.areaPercent).toBeCloseTo(peak.areaPercent, 9);
            expect(after[k]!.heightPercent).toBeCloseTo(peak.heightPercent, 9);
            expect(relative(after[k]!.signalToNoise!, peak.signalToNoise!)).toBeLessThan(1e-12);
            expect(after[k]!.resolutionMethod).toBe(peak.resolutionMethod);
            // The overlap model of a fused pair reads the heights' ratio: equal up to rounding.
            if (peak.resolution !== null)
              expect(relative(after[k]!.resolution!, peak.resolution)).toBeLessThan(1e-9);
            expect(noisier[k]!.signalToNoise!).toBeLessThanOrEqual(peak.signalToNoise!);
          });
        },
      ),
      { seed: 3302, numRuns: 40 },
    );
  });
});

describe('calibration fits: properties', () => {
  /** 2–8 standards at distinct amounts of 1e-3 to 1e3 (a few injected twice). */
  const amounts = fc
    .uniqueArray(uniform(-3, 3), {
      minLength: 3,
      maxLength: 8,
      comparator: (a, b) => Math.abs(a - b) < 0.05,
    })
    .map((logs) => logs.map((l) => 10 ** l));
  const line = fc.record({
    intercept: uniform(-100, 100),
    slope: fc.double({ min: 0.01, max: 1e4, noNaN: true }),
  });
  const models = fc.constantFrom('linear', 'linear_through_origin', 'quadratic', 'average_response_factor');
  const weightings = fc.constantFrom('none', '1/x', '1/x2');

  it('a straight line through the points is fitted exactly and reads every amount back (R² = 1)', () => {
    fc.assert(
      fc.property(amounts, line, weightings, (xs, { intercept, slope }, weighting) => {
        const points = xs.map((amount) => ({ amount, response: intercept + slope * amount }));
        const fit = fitCalibrationModel(points, { model: 'linear', weighting });
        expect(fit.ok).toBe(true);
        if (!fit.ok) return;
        const scale = Math.max(...points.map((p) => Math.abs(p.response)));
        expect(Math.abs(fit.slope - slope) * Math.max(...xs)).toBeLessThan(1e-7 * scale);
        expect(Math.abs(fit.intercept - intercept)).toBeLessThan(1e-7 * scale);
        for (const r of fit.residuals) expect(relative(r.backCalculatedAmount!, r.amount)).toBeLessThan(1e-6);
      }),
      { seed: 3401, numRuns: 300 },
    );
  });

  it('the order of the standards changes no fit; responses × k scale the curve by k and read the same amounts', () => {
    fc.assert(
      fc.property(
        amounts,
        line,
        models,
        weightings,
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        uniform(-3, 4),
        (xs, { intercept, slope }, model, weighting, seed, logFactor) => {
          const noise = seededNormal(seed);
          const points: CalibrationPoint[] = xs.map((amount) => ({
            amount,
            response: (intercept + slope * amount) * (1 + 0.02 * noise()),
          }));
          const shuffled = fc.sample(fc.shuffledSubarray(points, { minLength: points.length }), {
            seed,
            numRuns: 1,
          })[0]!;
          const fit = fitCalibrationModel(points, { model, weighting });
          const reordered = fitCalibrationModel(shuffled, { model, weighting });
          const factor = 10 ** logFactor;
          const scaled = fitCalibrationModel(
            points.map((p) => ({ amount: p.amount, response: p.response * factor })),
            { model, weighting },
          );
          expect(reordered.ok).toBe(fit.ok);
          expect(scaled.ok).toBe(fit.ok);
          if (!fit.ok || !reordered.ok || !scaled.ok) return;
          const size = Math.max(...points.map((p) => Math.abs(p.response)));
          for (const key of ['intercept', 'slope', 'curvature'] as const) {
            const reach = key === 'intercept' ? 1 : Math.max(...xs) ** (key === 'slope' ? 1 : 2);
            expect(Math.abs(reordered[key] - fit[key]) * reach).toBeLessThan(1e-6 * size);
            expect(Math.abs(scaled[key] / factor - fit[key]) * reach).toBeLessThan(1e-6 * size);
          }
          fit.residuals.forEach((r, k) => {
            const other = scaled.residuals[k]!.backCalculatedAmount;
            expect(other === null).toBe(r.backCalculatedAmount === null);
            if (r.backCalculatedAmount !== null && other !== null)
              expect(Math.abs(other - r.backCalculatedAmount)).toBeLessThan(1e-6 * Math.max(...xs));
          });
        },
      ),
      { seed: 3402, numRuns: 300 },
    );
  });

  it('a quadratic curve reads back the amount of any response it gives on its rising branch', () => {
    fc.assert(
      fc.property(line, uniform(-1, 1), uniform(0, 1), ({ intercept, slope }, bend, where) => {
        // Amounts 0–10; the curvature keeps the slope positive over them (vertex beyond 10 when bending over).
        const curvature = (bend * slope) / 20.5;
        const amount = 10 * where;
        const response = intercept + slope * amount + curvature * amount * amount;
        const back = amountFromCalibrationCurve({ intercept, slope, curvature }, response, 5);
        expect(back).not.toBeNull();
        expect(Math.abs(back! - amount)).toBeLessThan(1e-7 * 10);
      }),
      { seed: 3403, numRuns: 500 },
    );
  });
});
