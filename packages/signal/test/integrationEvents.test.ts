// Known answers for the timed integration events (docs/processing.md "Integration events") on seeded
// synthetic signals whose truth is known: Gaussian and EMG components, linear drift, seeded noise.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IntegrationEventInput } from '../src/events/timedEvents.ts';
import type { Peak } from '../src/figures/peak.ts';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { assayExample, eventSignal, gaussianArea, type Component } from './eventSignals.ts';

const gaussian = (height: number, centreSec: number, sigmaSec: number): Component => ({
  area: gaussianArea(height, sigmaSec),
  centreSec,
  sigmaSec,
});
const withEvents = (signal: ReturnType<typeof eventSignal>, events: IntegrationEventInput[]) =>
  processChromatogram(signal, { integration_events: events });
const times = (result: { peaks: readonly Peak[] }) =>
  result.peaks.map((peak) => 5 * Math.round(peak.retentionTimeSec / 5));

describe('inhibit', () => {
  const pair = eventSignal([gaussian(10, 100, 4), gaussian(8, 200, 4)]);

  it('over the second peak of a pair leaves one peak', () => {
    expect(times(processChromatogram(pair))).toEqual([100, 200]);
    const result = withEvents(pair, [{ kind: 'inhibit', start_sec: 150, end_sec: 250 }]);
    expect(times(result)).toEqual([100]);
    expect(result.detection?.events).toEqual([
      { kind: 'inhibit', start_sec: 150, end_sec: 250, value: null },
    ]);
  });

  it('ends a peak crossing its start at the edge', () => {
    const [first] = withEvents(pair, [{ kind: 'inhibit', start_sec: 105, end_sec: 150 }]).peaks;
    expect(first).toMatchObject({ endSec: 105, stopCode: 'B' });
    // The Gaussian's share up to 105 s (apex 100 s, σ 4 s): Φ(1.25) = 0.894.
    expect(first!.area / gaussianArea(10, 4)).toBeCloseTo(0.894, 1);
  });

  it('over the whole run gives no peaks, with the reason', () => {
    const result = withEvents(pair, [{ kind: 'inhibit', start_sec: 0 }]);
    expect(result.peaks).toEqual([]);
    expect(result.noPeaks?.code).toBe('inhibited');
    expect(result.noPeaks?.text).toContain('2 peaks were found');
  });
});

describe('split_peak', () => {
  it('at the apex of one Gaussian gives two halves of equal area', () => {
    const one = eventSignal([gaussian(10, 150, 4)]);
    const [whole] = processChromatogram(one).peaks;
    const halves = withEvents(one, [{ kind: 'split_peak', start_sec: 150 }]).peaks;
    expect(halves).toHaveLength(2);
    expect(halves[0]!.area / halves[1]!.area).toBeCloseTo(1, 2);
    expect((halves[0]!.area + halves[1]!.area) / whole!.area).toBeCloseTo(1, 6);
    expect([halves[0]!.stopCode, halves[1]!.startCode]).toEqual(['V', 'V']);
  });
});

describe('threshold, area_reject and peak_width act from their time on', () => {
  // A large peak, two small ones (120 s and 220 s, area 5) and two narrow ones (150 s and 260 s, W50 1.9 s).
  const mixed = eventSignal([
    gaussian(10, 60, 4),
    gaussian(0.5, 120, 4),
    gaussian(3, 150, 0.8),
    gaussian(0.5, 220, 4),
    gaussian(3, 260, 0.8),
  ]);

  it('finds all five without events', () => {
    expect(times(processChromatogram(mixed))).toEqual([60, 120, 150, 220, 260]);
  });

  it('area_reject removes the small peak after its time only', () => {
    const result = withEvents(mixed, [{ kind: 'area_reject', start_sec: 180, value: 5.5 }]);
    expect(times(result)).toEqual([60, 120, 150, 260]);
  });

  it('threshold (minimum prominence) removes the small peak after its time only', () => {
    const result = withEvents(mixed, [{ kind: 'threshold', start_sec: 180, value: 1 }]);
    expect(times(result)).toEqual([60, 120, 150, 260]);
  });

  it('a later threshold event takes over from an earlier one', () => {
    const result = withEvents(mixed, [
      { kind: 'threshold', start_sec: 100, value: 1 },
      { kind: 'threshold', start_sec: 200, value: 0.2 },
    ]);
    expect(times(result)).toEqual([60, 150, 220, 260]);
  });

  it('peak_width removes peaks narrower than a quarter of it after its time only', () => {
    const result = withEvents(mixed, [{ kind: 'peak_width', start_sec: 180, value: 20 }]);
    expect(times(result)).toEqual([60, 120, 150, 220]);
  });
});

describe('skim events', () => {
  // A rider (area 7.52) on the exponential tail of a large EMG (τ 10 s), its valley a third of its height:
  // the automatic rules skim it under the parent's fitted tail.
  const rider = gaussian(2.5, 140, 1.2);
  const signal = eventSignal([{ area: 400, centreSec: 100, sigmaSec: 2, tauSec: 10 }, rider]);
  const near = (result: ReturnType<typeof processChromatogram>, sec: number) =>
    result.peaks.find((peak) => Math.abs(peak.retentionTimeSec - sec) < 1)!;
  // The same parent with a rider (area 15.0) 6 τ past it, standing 36 times over its valley: more than the
  // skim valley ratio (20), so the automatic rules keep its drop line, which gives it the tail under it.
  const far = gaussian(5, 160, 1.2);
  const farSignal = eventSignal([{ area: 400, centreSec: 100, sigmaSec: 2, tauSec: 10 }, far]);

  it('without events the rider on the tail is skimmed (T) within 6 % of the truth', () => {
    const found = near(processChromatogram(signal), 140);
    expect([found.startCode, found.stopCode]).toEqual(['T', 'T']);
    expect(Math.abs(found.area / rider.area - 1)).toBeLessThan(0.06);
  });

  it('without events a rider standing over 20 times its valley keeps its drop line and the tail under it', () => {
    const found = near(processChromatogram(farSignal), 160);
    expect(found.startCode).toBe('V');
    expect(found.area / far.area).toBeGreaterThan(1.03);
  });

  it('tangent_skim skims it with a tangent: code T, area within 10 % of the truth', () => {
    const found = near(withEvents(signal, [{ kind: 'tangent_skim', start_sec: 110, end_sec: 160 }]), 140);
    expect([found.startCode, found.stopCode]).toEqual(['T', 'T']);
    expect(Math.abs(found.area / rider.area - 1)).toBeLessThan(0.1);
  });

  it('exponential_skim skims the drop-lined rider with an exponential: code T, closer to the truth', () => {
    const dropped = near(processChromatogram(farSignal), 160);
    const found = near(withEvents(farSignal, [{ kind: 'exponential_skim', start_sec: 110 }]), 160);
    expect([found.startCode, found.stopCode]).toEqual(['T', 'T']);
    expect(Math.abs(found.area - far.area)).toBeLessThan(Math.abs(dropped.area - far.area) / 2);
  });
});

describe('a skim event on two riders of one tail', () => {
  // Riders at 130 and 140 s on the tail of the EMG above: the first one's exponential skim ends past the
  // second's valley (137.0 against 136.7 s).
  const second = gaussian(2, 140, 1.2);
  const signal = eventSignal([
    { area: 400, centreSec: 100, sigmaSec: 2, tauSec: 10 },
    gaussian(2.5, 130, 1.2),
    second,
  ]);

  it('exponential_skim skims both, the second from where the first ends, within 10 % of the truth', () => {
    const [, first, last] = withEvents(signal, [{ kind: 'exponential_skim', start_sec: 110 }]).peaks;
    expect([first!.startCode, last!.startCode, last!.stopCode]).toEqual(['T', 'T', 'T']);
    expect(last!.startSec).toBeGreaterThanOrEqual(first!.endSec);
    expect(Math.abs(last!.area / second.area - 1)).toBeLessThan(0.1);
  });
});

describe('baseline events', () => {
  // Two fused Gaussians (Rs 0.875): one baseline under the cluster and a drop line at the valley.
  const fused = eventSignal([gaussian(10, 100, 4), gaussian(8, 114, 4)]);

  it('valley_to_valley bases each peak at the signal in the valley', () => {
    const [a, b] = processChromatogram(fused).peaks;
    const [c, d] = withEvents(fused, [{ kind: 'valley_to_valley', start_sec: 50, end_sec: 150 }]).peaks;
    expect(a!.baselineEndValue).toBeCloseTo(0, 1);
    const valley = c!.endSec;
    // The noise-free signal in the valley.
    const level = 10 * Math.exp(-((valley - 100) ** 2) / 32) + 8 * Math.exp(-((valley - 114) ** 2) / 32);
    expect(c!.baselineEndValue).toBeCloseTo(level, 1);
    expect(d!.baselineStartValue).toBeCloseTo(level, 1);
    expect(c!.area).toBeLessThan(a!.area);
    expect(d!.area).toBeLessThan(b!.area);
  });

  it('force_baseline at the valley splits the common baseline there (code B)', () => {
    const [c, d] = withEvents(fused, [{ kind: 'force_baseline', start_sec: 107 }]).peaks;
    const level = 10 * Math.exp(-(7 ** 2) / 32) + 8 * Math.exp(-(7 ** 2) / 32);
    expect(c).toMatchObject({ endSec: 107, stopCode: 'B' });
    expect(c!.baselineEndValue).toBeCloseTo(level, 1);
    expect(d!.baselineStartValue).toBeCloseTo(level, 1);
  });

  it('baseline_hold holds the level of its start under a peak on a drift', () => {
    const drift = eventSignal([gaussian(10, 150, 4)], { slope: 0.01 });
    const [held] = withEvents(drift, [{ kind: 'baseline_hold', start_sec: 100, end_sec: 200 }]).peaks;
    expect(held!.baselineStartValue).toBeCloseTo(1, 1);
    expect(held!.baselineEndValue).toBe(held!.baselineStartValue);
    // The area above the level of 100 s: the Gaussian plus the drift's rise over the peak's range.
    const rise = 0.01 * ((held!.startSec + held!.endSec) / 2 - 100) * (held!.endSec - held!.startSec);
    expect(held!.area / (gaussianArea(10, 4) + rise)).toBeCloseTo(1, 1);
  });
});

describe("the preview's assay example: a main peak with a shoulder (95 s, 104.9 s, split at 100.3 s, code S)", () => {
  const assay = assayExample();
  const events = (kind: 'valley_to_valley' | 'tangent_skim') => [{ kind, start_sec: 87, end_sec: 123 }];
  const cluster = (result: ReturnType<typeof processChromatogram>) =>
    result.peaks.filter((peak) => peak.retentionTimeSec > 87 && peak.retentionTimeSec < 123);
  /** ∫ (min(line, signal) − drop-line baseline) over a peak: the area valley-to-valley takes away. */
  const between = (after: Peak, before: Peak) => {
    let sum = 0;
    assay.timeSec.forEach((t, i) => {
      if (t < after.startSec || t >= after.endSec) return;
      const u = (t - after.startSec) / (after.endSec - after.startSec);
      const line = after.baselineStartValue + u * (after.baselineEndValue - after.baselineStartValue);
      const common = before.baselineStartValue + u * (before.baselineEndValue - before.baselineStartValue);
      sum += (Math.min(line, assay.values[i]!) - common) * 0.1;
    });
    return sum;
  };

  it('valley_to_valley keeps both peaks, bases them at the split point, areas positive', () => {
    const before = cluster(processChromatogram(assay));
    const after = cluster(withEvents(assay, events('valley_to_valley')));
    expect(times({ peaks: before })).toEqual([95, 105]);
    expect(times({ peaks: after })).toEqual([95, 105]);
    expect([after[0]!.stopCode, after[1]!.startCode]).toEqual(['S', 'S']);
    // The split point is the contact: both lines meet there, high on the shoulder
    // (the drop-line baseline lies at 1.6 there).
    expect(after[0]!.baselineEndValue).toBe(after[1]!.baselineStartValue);
    expect(after[0]!.baselineEndValue).toBeGreaterThan(40);
    // The outer ends keep the cluster's line.
    expect(after[0]!.baselineStartValue).toBeCloseTo(before[0]!.baselineStartValue, 9);
    expect(after[1]!.baselineEndValue).toBeCloseTo(before[1]!.baselineEndValue, 9);
    for (const peak of after) expect(peak.area).toBeGreaterThan(0);
    // The sum shrinks by exactly what lies between the two baselines (the line clipped to the signal).
    const lost = between(after[0]!, before[0]!) + between(after[1]!, before[1]!);
    const sum = (peaks: Peak[]) => peaks.reduce((total, peak) => total + peak.area, 0);
    expect(lost).toBeGreaterThan(0);
    expect((sum(before) - lost) / sum(after)).toBeCloseTo(1, 2);
  });

  it('shoulders_off integrates the main peak through the shoulder: one peak, the cluster sum kept', () => {
    const before = cluster(processChromatogram(assay));
    const result = withEvents(assay, [{ kind: 'shoulders_off', start_sec: 100, end_sec: 110 }]);
    const after = cluster(result);
    expect(times({ peaks: after })).toEqual([95]);
    expect([after[0]!.startCode, after[0]!.stopCode]).toEqual(['B', 'B']);
    // The drop line is gone; the area under the common line is the two peaks' sum (within the 1 % the
    // end contact may move by, now walked from the main apex).
    const sum = before.reduce((total, peak) => total + peak.area, 0);
    expect(after[0]!.area / sum).toBeCloseTo(1, 2);
    expect(result.detection?.events).toEqual([
      { kind: 'shoulders_off', start_sec: 100, end_sec: 110, value: null },
    ]);
    // A range that holds no shoulder changes nothing (the main apex at 95 s is a maximum, not a shoulder).
    const elsewhere = cluster(withEvents(assay, [{ kind: 'shoulders_off', start_sec: 88, end_sec: 99 }]));
    expect(elsewhere.map((peak) => peak.area)).toEqual(before.map((peak) => peak.area));
  });

  it('tangent_skim skims the tail-side shoulder from its split point (code T), the cluster sum kept', () => {
    const before = cluster(processChromatogram(assay));
    const [parent, shoulder] = cluster(withEvents(assay, events('tangent_skim')));
    expect([shoulder!.startCode, shoulder!.stopCode]).toEqual(['T', 'T']);
    // From the split point's sample (0.1 s a sample).
    expect(Math.abs(shoulder!.startSec - before[1]!.startSec)).toBeLessThanOrEqual(0.1);
    // The parent takes the cluster back to its outer contacts and gives up what lies over the skim.
    expect([parent!.startCode, parent!.stopCode]).toEqual(['B', 'B']);
    expect(Math.abs(parent!.endSec - before[1]!.endSec)).toBeLessThanOrEqual(0.1);
    expect(shoulder!.area).toBeGreaterThan(0);
    expect(shoulder!.area).toBeLessThan(before[1]!.area);
    expect((parent!.area + shoulder!.area) / (before[0]!.area + before[1]!.area)).toBeCloseTo(1, 3);
  });
});

describe('negative_peaks', () => {
  const dip = eventSignal([gaussian(10, 100, 4), { ...gaussian(3, 200, 4), area: -gaussianArea(3, 4) }]);

  it('reports a dip inside its range only', () => {
    expect(times(processChromatogram(dip))).toEqual([100]);
    const inside = withEvents(dip, [{ kind: 'negative_peaks', start_sec: 150, end_sec: 250 }]).peaks;
    expect(inside.map((peak) => [Math.round(peak.retentionTimeSec), peak.negative])).toEqual([
      [100, false],
      [200, true],
    ]);
    expect(times(withEvents(dip, [{ kind: 'negative_peaks', start_sec: 0, end_sec: 150 }]))).toEqual([100]);
  });
});

interface Run {
  seed: number;
  components: { height: number; centre: number; sigma: number }[];
}

describe('properties (seeded)', () => {
  const kinds = [
    'inhibit',
    'threshold',
    'peak_width',
    'area_reject',
    'valley_to_valley',
    'tangent_skim',
    'exponential_skim',
    'negative_peaks',
    'force_baseline',
    'baseline_hold',
    'split_peak',
    'shoulders_off',
  ];
  const run: fc.Arbitrary<Run> = fc.record({
    seed: fc.integer({ min: 1, max: 1e6 }),
    components: fc.array(
      fc.record({
        height: fc.double({ min: 0.5, max: 10, noNaN: true }),
        centre: fc.double({ min: 30, max: 170, noNaN: true }),
        sigma: fc.double({ min: 1, max: 5, noNaN: true }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  });
  const signalOf = ({ seed, components }: Run) =>
    eventSignal(
      components.map((c) => gaussian(c.height, c.centre, c.sigma)),
      { durationSec: 200, seed },
    );

  it('events outside the run change nothing', () => {
    fc.assert(
      fc.property(
        run,
        fc.array(
          fc.record({
            kind: fc.constantFrom(...kinds),
            start_sec: fc.double({ min: 201, max: 1e4, noNaN: true }),
            value: fc.double({ min: 0.01, max: 100, noNaN: true }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        (spec, events) => {
          const signal = signalOf(spec);
          expect(withEvents(signal, events)).toEqual(processChromatogram(signal));
        },
      ),
      { seed: 30, numRuns: 25 },
    );
  });

  it('an inhibit over the whole run gives no peaks, with the reason recorded', () => {
    fc.assert(
      fc.property(run, (spec) => {
        const signal = signalOf(spec);
        const plain = processChromatogram(signal);
        const inhibited = withEvents(signal, [{ kind: 'inhibit', start_sec: 0, end_sec: 200 }]);
        expect(inhibited.peaks).toEqual([]);
        if (plain.peaks.length > 0) expect(inhibited.noPeaks?.code).toBe('inhibited');
      }),
      { seed: 30, numRuns: 25 },
    );
  });

  it('an empty event list equals no events', () => {
    fc.assert(
      fc.property(run, (spec) => {
        const signal = signalOf(spec);
        expect(withEvents(signal, [])).toEqual(processChromatogram(signal));
      }),
      { seed: 30, numRuns: 25 },
    );
  });
});
