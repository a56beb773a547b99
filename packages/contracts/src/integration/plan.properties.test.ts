// Property tests (fast-check, seeded: docs/testing.md "Property tests") of the manual-integration plan:
// whatever batch of changes a user sends, the planned peaks stay a valid integration, and a split undone
// by a merge gives the peak back.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IntegrationEdit } from '../rest/integration.ts';
import {
  planIntegration,
  planIntegrationEdit,
  plannedPeaksOf,
  type PeakLimits,
  type PlannedPeak,
} from './plan.ts';
import { IntegrationRefusal } from './refusal.ts';

// 0–100 s at 2 Hz; the values a seeded wave, so baseline ends read from the signal differ by place.
const timeSec = Float64Array.from({ length: 201 }, (_, i) => i / 2);
const signal = { timeSec, values: timeSec.map((t) => Math.sin(t / 7) * 10 + t / 10) };

/** A real number spread evenly over [min, max] (fc.double's draws crowd near 0). */
const uniform = (min: number, max: number) =>
  fc.integer({ min: 0, max: 2 ** 30 }).map((i) => min + ((max - min) * i) / 2 ** 30);
const time = uniform(-5, 105);
const peakNumber = fc.integer({ min: 0, max: 8 });
const edit: fc.Arbitrary<IntegrationEdit> = fc.oneof(
  fc.record(
    { operation: fc.constant('move' as const), peak_number: peakNumber, start_sec: time, end_sec: time },
    { requiredKeys: ['operation', 'peak_number'] },
  ),
  fc.record({ operation: fc.constant('split' as const), peak_number: peakNumber, at_sec: time }),
  fc.record({
    operation: fc.constant('merge' as const),
    peak_numbers: fc.array(peakNumber, { minLength: 0, maxLength: 3 }),
  }),
  fc.record({ operation: fc.constant('delete' as const), peak_number: peakNumber }),
  fc.record({ operation: fc.constant('add' as const), start_sec: time, end_sec: time }),
);

/** Non-overlapping peaks inside the signal, from sorted distinct cut points. */
const peaks: fc.Arbitrary<PeakLimits[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 199 }), { minLength: 0, maxLength: 12 })
  .map((cuts) => {
    const sorted = [...cuts].sort((a, b) => a - b);
    const result: PeakLimits[] = [];
    for (let i = 0; i + 1 < sorted.length; i += 2) {
      const startSec = sorted[i]! / 2;
      const endSec = sorted[i + 1]! / 2;
      result.push({
        startSec,
        endSec,
        baselineStartValue: 0,
        baselineEndValue: 0,
        startCode: 'B',
        stopCode: 'B',
      });
    }
    return result;
  });

function expectValid(planned: readonly PlannedPeak[]) {
  planned.forEach((peak, k) => {
    expect(peak.startSec).toBeLessThan(peak.endSec);
    expect(peak.startSec).toBeGreaterThanOrEqual(0);
    expect(peak.endSec).toBeLessThanOrEqual(100);
    if (k > 0) expect(peak.startSec).toBeGreaterThanOrEqual(planned[k - 1]!.endSec);
  });
}

describe('planIntegration: properties over generated batches', () => {
  it('any batch leaves peaks in time order, each inside the signal, none overlapping; or refuses it whole', () => {
    fc.assert(
      fc.property(peaks, fc.array(edit, { maxLength: 12 }), (start, edits) => {
        // Each change on its own: an accepted one keeps the peaks valid, a refused one changes nothing.
        let planned = plannedPeaksOf(start);
        let accepted = 0;
        for (const change of edits) {
          try {
            planned = planIntegrationEdit(signal, planned, change);
            accepted++;
          } catch (error) {
            expect(error).toBeInstanceOf(IntegrationRefusal);
          }
          expectValid(planned);
        }
        // The batch as one: all or nothing, and the refusal names the first refused change.
        try {
          const whole = planIntegration(signal, start, edits);
          expect(accepted).toBe(edits.length);
          expect(whole).toEqual(planned);
        } catch (error) {
          expect(error).toBeInstanceOf(IntegrationRefusal);
          expect(accepted).toBeLessThan(edits.length);
        }
      }),
      { seed: 2201, numRuns: 300 },
    );
  });

  it('splitting a peak and merging its two halves gives the peak back (limits, baseline ends, codes)', () => {
    fc.assert(
      fc.property(
        peaks.filter((p) => p.length > 0),
        fc.nat(),
        uniform(0.01, 0.99),
        (start, pick, fraction) => {
          const number = (pick % start.length) + 1;
          const peak = plannedPeaksOf(start)[number - 1]!;
          const atSec = peak.startSec + fraction * (peak.endSec - peak.startSec);
          let split: PlannedPeak[];
          try {
            split = planIntegration(signal, start, [
              { operation: 'split', peak_number: number, at_sec: atSec },
            ]);
          } catch (error) {
            // Only a half without a sample inside it is refused.
            expect((error as IntegrationRefusal).code).toBe('integration_too_narrow');
            return;
          }
          expect(split).toHaveLength(start.length + 1);
          const merged = planIntegrationEdit(signal, split, {
            operation: 'merge',
            peak_numbers: [number + 1, number],
          });
          const { keptIndex: _kept, ...limits } = merged[number - 1]!;
          const { keptIndex: _before, ...original } = peak;
          expect(limits).toEqual(original);
          expect(merged).toHaveLength(start.length);
        },
      ),
      { seed: 2202, numRuns: 300 },
    );
  });
});
