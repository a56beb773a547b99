// How near a simulated assay's amount must read to the simulator's truth. The simulator draws each
// injection's area with a 0.3 % RSD (packages/simulator physics/plan.ts, AREA_JITTER_RSD) and adds detector
// noise; through a curve of two or more levels the caffeine drink's amount then spreads by an SD of 0.6 % of
// its value (measured on ten simulator serials). The bound is five of those SDs. The arithmetic a test checks
// (curve, volume, dilution, weight) is compared exactly, from the stored curve; this bound only says the
// whole chain reads the truth.
import { expect } from 'vitest';

/** Five SDs of a simulated assay's amount about its truth. */
export const SIMULATED_AMOUNT_TOLERANCE = 0.03;

export function expectNearTruth(amount: number, truth: number): void {
  expect(Math.abs(amount - truth) / truth, `${amount} against a true ${truth}`).toBeLessThan(
    SIMULATED_AMOUNT_TOLERANCE,
  );
}
