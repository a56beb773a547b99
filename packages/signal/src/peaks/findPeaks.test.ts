import { describe, expect, it } from 'vitest';
import { findPeaks, type MaximaProminences } from './findPeaks.ts';
import { wholeSignalProminences } from './wholeSignalProminences.ts';
import { localMaxima } from './localMaxima.ts';
import { localMaximaIndices } from './localMaximaIndices.ts';
import { peakProminences } from './peakProminences.ts';
import { peakWidths } from './peakWidths.ts';
import { seededRandom } from '../random/seededRandom.ts';
import { threeValueRuns } from './threeValueRuns.ts';

const list = (values: ArrayLike<number>) => Array.from(values);
const rounded = (values: ArrayLike<number> | undefined, digits = 4) =>
  Array.from(values ?? [], (v) => Number(v.toFixed(digits)));

// Golden edge cases of processing.md §1.8 (identical on scipy 1.17.1 and 1.10.1).
describe('findPeaks golden edge cases', () => {
  it('reports an even plateau at its left middle', () => {
    const { peaks, properties } = findPeaks([0, 1, 1, 0], { plateauSize: 1 });
    expect(list(peaks)).toEqual([1]);
    expect(list(properties.plateauSizes!)).toEqual([2]);
    expect(list(properties.leftEdges!)).toEqual([1]);
    expect(list(properties.rightEdges!)).toEqual([2]);
  });
  it('reports an odd plateau at its middle', () => {
    const { peaks, properties } = findPeaks([0, 1, 1, 1, 0], { plateauSize: 1 });
    expect(list(peaks)).toEqual([2]);
    expect(list(properties.plateauSizes!)).toEqual([3]);
    expect([properties.leftEdges![0], properties.rightEdges![0]]).toEqual([1, 3]);
  });
  it('never counts the ends or a plateau running into the end', () => {
    expect(list(findPeaks([3, 1, 2, 1, 3]).peaks)).toEqual([2]);
    expect(list(findPeaks([0, 1, 1]).peaks)).toEqual([]);
  });
  it('applies distance with the rightmost-first tie rule and rounds distance up', () => {
    expect(list(findPeaks([0, 1, 0, 1, 0], { distance: 3 }).peaks)).toEqual([3]);
    expect(list(findPeaks([0, 1, 0, 1, 0, 1, 0], { distance: 3 }).peaks)).toEqual([1, 5]);
    expect(list(findPeaks([0, 1, 0, 2, 0, 1, 0], { distance: 2.1 }).peaks)).toEqual([3]);
    expect(list(findPeaks([0, 1, 0, 2, 0, 1, 0], { distance: 2 }).peaks)).toEqual([1, 3, 5]);
  });
  const x = [0, 2, 1, 3, 0.5, 2.5, 0];
  it('computes prominences and bases, with and without wlen', () => {
    const whole = findPeaks(x, { prominence: 0 });
    expect(list(whole.peaks)).toEqual([1, 3, 5]);
    expect(list(whole.properties.prominences!)).toEqual([1, 3, 2]);
    expect(list(whole.properties.leftBases!)).toEqual([0, 0, 4]);
    expect(list(whole.properties.rightBases!)).toEqual([2, 6, 6]);
    const windowed = findPeaks(x, { prominence: 0, wlen: 3 });
    expect(list(windowed.properties.prominences!)).toEqual([1, 2, 2]);
    expect(list(windowed.properties.leftBases!)).toEqual([0, 2, 4]);
    expect(list(windowed.properties.rightBases!)).toEqual([2, 4, 6]);
  });
  it('computes widths at half prominence and at the base', () => {
    const half = findPeaks(x, { width: 0 }).properties;
    expect(rounded(half.widths)).toEqual([0.75, 1.35, 0.9]);
    expect(rounded(half.widthHeights)).toEqual([1.5, 1.5, 1.5]);
    expect(rounded(half.leftIps)).toEqual([0.75, 2.25, 4.5]);
    expect(rounded(half.rightIps)).toEqual([1.5, 3.6, 5.4]);
    const base = findPeaks(x, { width: 0, relHeight: 1 }).properties;
    expect(rounded(base.widths)).toEqual([1.5, 6, 1.8]);
    expect(rounded(base.widthHeights)).toEqual([1, 0, 0.5]);
    expect(rounded(base.leftIps)).toEqual([0.5, 0, 4]);
    expect(rounded(base.rightIps)).toEqual([2, 6, 5.8]);
  });
  it('combines prominence and width', () => {
    const { properties } = findPeaks([0, 5, 3, 4, 1, 10, 0], { prominence: 0, width: 0 });
    expect(list(properties.prominences!)).toEqual([4, 1, 10]);
    expect(list(properties.leftBases!)).toEqual([0, 2, 0]);
    expect(list(properties.rightBases!)).toEqual([4, 4, 6]);
    expect(rounded(properties.widths)).toEqual([1.4, 0.6667, 1.0556]);
    expect(rounded(properties.widthHeights)).toEqual([3, 3.5, 5]);
    expect(rounded(properties.leftIps)).toEqual([0.6, 2.5, 4.4444]);
    expect(rounded(properties.rightIps)).toEqual([2, 3.1667, 5.5]);
  });
  it('applies threshold and height intervals', () => {
    const { peaks, properties } = findPeaks([0, 1, 3, 1, 0], { threshold: 1.5 });
    expect(list(peaks)).toEqual([2]);
    expect([properties.leftThresholds![0], properties.rightThresholds![0]]).toEqual([2, 2]);
    expect(list(findPeaks([0, 1, 0, 2, 0, 3, 0], { height: { min: 1, max: 2 } }).peaks)).toEqual([1, 3]);
  });
  it('finds nothing next to NaN', () => {
    expect(list(findPeaks([0, 1, Number.NaN, 1, 0]).peaks)).toEqual([]);
  });
  it('rejects invalid arguments with scipy messages', () => {
    expect(() => findPeaks([0, 1, 0], { distance: 0.5 })).toThrow('`distance` must be greater or equal to 1');
    expect(() => findPeaks([0, 1, 0], { prominence: 1, wlen: 1 })).toThrow('wlen must be larger than 1');
  });
  it('does not mutate its input', () => {
    const input = Float64Array.from([0, 2, 1, 3, 0.5, 2.5, 0]);
    findPeaks(input, { prominence: 1, width: 0.5 });
    expect(list(input)).toEqual([0, 2, 1, 3, 0.5, 2.5, 0]);
  });
});

describe('findPeaks on a long noisy signal', () => {
  // Seeded: a sine with spikes every 997 samples, so a height filter leaves one peak per ~1000 samples.
  const uniform = seededRandom(11);
  const values = Float64Array.from({ length: 50_000 }, (_, i) => Math.sin(i / 700) + 0.3 * uniform());
  for (let i = 500; i < values.length; i += 997) values[i]! += 2 + uniform();

  it('gives the same prominences whether few peaks are walked or every maximum is scanned', () => {
    // A height filter leaves few peaks (walked from each peak); without it every maximum is kept (one pass).
    const few = findPeaks(values, { height: 1.5, prominence: 0, width: 0 });
    const all = findPeaks(values, { prominence: 0, width: 0 });
    expect(few.peaks.length).toBeGreaterThan(20);
    expect(few.peaks.length * 64).toBeLessThan(values.length);
    expect(all.peaks.length * 64).toBeGreaterThan(values.length);
    const reference = peakProminences(values, few.peaks);
    expect(list(few.properties.prominences!)).toEqual(list(reference.prominences));
    expect(list(few.properties.leftBases!)).toEqual(list(reference.leftBases));
    expect(list(few.properties.rightBases!)).toEqual(list(reference.rightBases));
    const position = new Map(Array.from(all.peaks, (peak, n) => [peak, n]));
    for (let n = 0; n < few.peaks.length; n++) {
      const k = position.get(few.peaks[n]!)!;
      expect(all.properties.prominences![k]).toBe(few.properties.prominences![n]);
      expect(all.properties.widths![k]).toBe(few.properties.widths![n]);
    }
  });

  it('takes the prominences of every maximum from the caller where it would compute them, with the same result', () => {
    const maxima = localMaximaIndices(values);
    const known: MaximaProminences = { maxima, ...wholeSignalProminences(values, maxima, maxima, false) };
    const kept = { ...known, prominences: known.prominences.slice() };
    let calls = 0;
    const provider = () => {
      calls++;
      return known;
    };
    for (const options of [
      { prominence: 0.5 },
      { prominence: 0.2, width: 3 },
      { width: 2 },
      { distance: 5, prominence: 0.3 },
      { height: 0, threshold: 0.01, prominence: { min: 0.1, max: 2 } },
    ]) {
      const before = calls;
      const given = findPeaks(values, options, provider);
      const plain = findPeaks(values, options);
      // Every case here leaves more than one peak per 64 samples before the prominence filter.
      expect(calls).toBe(before + 1);
      expect(list(given.peaks)).toEqual(list(plain.peaks));
      for (const key of ['prominences', 'leftBases', 'rightBases', 'widths'] as const) {
        expect(list(given.properties[key] ?? [])).toEqual(list(plain.properties[key] ?? []));
      }
    }
    // The caller's arrays are read, never compacted in place.
    expect(list(known.prominences)).toEqual(list(kept.prominences));
    // With few peaks left before the prominence filter, scipy's walks come first and the caller is not asked.
    findPeaks(values, { height: 1.5, prominence: 0 }, provider);
    expect(calls).toBe(5);
  });

  it('applies a distance alone (heights from the scan, work buffers) exactly as after a height filter', () => {
    // A minimum height of -Infinity keeps every maximum but takes the filters' general path.
    const other = values.map((value, i) => value + 0.5 * Math.sin(i / 50));
    for (const options of [
      { distance: 40 },
      { distance: 300, prominence: 0.5 },
      { distance: 60, width: 5 },
    ]) {
      const alone = findPeaks(values, options);
      const kept = list(alone.peaks);
      findPeaks(other, options); // reuses the work buffers: the first result must not change
      const general = findPeaks(values, { ...options, height: Number.NEGATIVE_INFINITY });
      expect(list(alone.peaks)).toEqual(kept);
      expect(kept).toEqual(list(general.peaks));
      expect(rounded(alone.properties.prominences)).toEqual(rounded(general.properties.prominences));
      expect(rounded(alone.properties.widths)).toEqual(rounded(general.properties.widths));
    }
  });

  it('applies a plain minimum height in the scan exactly as the height filter', () => {
    const scanned = findPeaks(values, { height: 1.5 });
    const filtered = findPeaks(values, { height: { min: 1.5 } });
    expect(list(scanned.peaks)).toEqual(list(filtered.peaks));
    expect(list(scanned.properties.peakHeights!)).toEqual(list(filtered.properties.peakHeights!));
    const maxima = findPeaks(values).peaks;
    expect(list(scanned.peaks)).toEqual(list(maxima).filter((peak) => values[peak]! >= 1.5));
  });

  it('applies a plain minimum threshold in the scan exactly as the threshold filter', () => {
    // Quantised copy: plateaus of every size, some of them maxima; a NaN and an infinite sample too.
    const quantised = values.map((value) => Math.round(value * 8) / 8);
    quantised[1000] = Number.NaN;
    quantised[2000] = Number.POSITIVE_INFINITY;
    for (const signal of [values, quantised]) {
      for (const least of [0, 0.05, 0.2, 1.5]) {
        const scanned = findPeaks(signal, { threshold: least });
        const filtered = findPeaks(signal, { threshold: { min: least } });
        expect(scanned.peaks.length).toBeGreaterThan(0);
        expect(list(scanned.peaks)).toEqual(list(filtered.peaks));
        expect(list(scanned.properties.leftThresholds!)).toEqual(list(filtered.properties.leftThresholds!));
        expect(list(scanned.properties.rightThresholds!)).toEqual(list(filtered.properties.rightThresholds!));
        const both = findPeaks(signal, { height: 0.5, threshold: least, prominence: 0.1 });
        const apart = findPeaks(signal, { height: { min: 0.5 }, threshold: { min: least }, prominence: 0.1 });
        expect(list(both.peaks)).toEqual(list(apart.peaks));
        expect(list(both.properties.prominences!)).toEqual(list(apart.properties.prominences!));
        expect(list(both.properties.leftBases!)).toEqual(list(apart.properties.leftBases!));
      }
    }
    // Plateau maxima measure their threshold at the reported middle (0 beside a flat top).
    expect(list(findPeaks([0, 2, 2, 2, 0, 1, 0], { threshold: 0 }).peaks)).toEqual([2, 5]);
    expect(list(findPeaks([0, 2, 2, 2, 0, 1, 0], { threshold: 0.5 }).peaks)).toEqual([5]);
    expect(list(findPeaks([0, 2, 2, 0, 3, 0], { threshold: 0 }).properties.leftThresholds!)).toEqual([2, 3]);
  });
});

describe('localMaximaIndices', () => {
  it('equals the plain scan with a minimum on long signals that rarely and that often cross it', () => {
    const uniform = seededRandom(29);
    // A slow wave quantised (plateaus) with a NaN and infinities: the minimum is crossed rarely. White noise:
    // crossed at every other sample.
    const wave = Float64Array.from(
      { length: 50_000 },
      (_, n) => Math.round(Math.sin(n / 700) * 40 + uniform() * 3) / 8,
    );
    wave[100] = Number.NaN;
    wave[7000] = Number.POSITIVE_INFINITY;
    wave[7001] = Number.POSITIVE_INFINITY;
    wave[20_000] = Number.NEGATIVE_INFINITY;
    const noise = Float64Array.from({ length: 50_000 }, () => uniform() - 0.5);
    for (const values of [wave, noise]) {
      const plain = list(localMaxima(values).peaks);
      for (const minimum of [-0.2, 0, 0.3, 2]) {
        expect(list(localMaximaIndices(values, minimum))).toEqual(
          plain.filter((peak) => values[peak]! >= minimum),
        );
      }
    }
  });
  it('equals the plain scan on short arrays of few values, with ±Infinity, NaN and plateaus at both ends', () => {
    const choices = [Number.NEGATIVE_INFINITY, -1, -0, 0, 1, 2, Number.POSITIVE_INFINITY, Number.NaN];
    const uniform = seededRandom(17);
    for (let trial = 0; trial < 3000; trial++) {
      const length = Math.floor(uniform() * 12);
      const values = Float64Array.from({ length }, () => choices[Math.floor(uniform() * choices.length)]!);
      const plain = list(localMaxima(values).peaks);
      expect(list(localMaximaIndices(values))).toEqual(plain);
      expect(list(localMaximaIndices(values, 1))).toEqual(plain.filter((peak) => values[peak]! >= 1));
      const drop = (peak: number) =>
        Math.min(values[peak]! - values[peak - 1]!, values[peak]! - values[peak + 1]!);
      expect(list(localMaximaIndices(values, Number.NEGATIVE_INFINITY, 1))).toEqual(
        plain.filter((peak) => drop(peak) >= 1),
      );
    }
  });
  it('equals the plain scan on runs of up to 64 samples of three values: NaN, ±0, tiny and huge steps', () => {
    for (const values of threeValueRuns(41)) {
      const plain = list(localMaxima(values).peaks);
      expect(list(localMaximaIndices(values))).toEqual(plain);
      // A minimum above every sample passes each step over; 1 is crossed often (the branch-free scan).
      for (const minimum of [1, 3]) {
        expect(list(localMaximaIndices(values, minimum))).toEqual(
          plain.filter((peak) => values[peak]! >= minimum),
        );
      }
    }
  });
});

describe('peakWidths', () => {
  it('measures a sampled Gaussian of σ = 10 as 23.553 samples at half prominence', () => {
    const gaussian = Float64Array.from({ length: 201 }, (_, i) => Math.exp(-0.5 * ((i - 100) / 10) ** 2));
    const widths = peakWidths(gaussian, [100], { prominenceData: peakProminences(gaussian, [100]) });
    expect(widths.widths[0]).toBeCloseTo(23.553, 3);
  });
});
