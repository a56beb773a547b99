import { describe, expect, it } from 'vitest';
import { domainErrorText } from '../errors.ts';
import { planIntegration, type PeakLimits } from './plan.ts';
import { IntegrationRefusal } from './refusal.ts';

// 0–100 s at 1 Hz, value = t (so the signal's value at a time is that time).
const timeSec = Float64Array.from({ length: 101 }, (_, i) => i);
const signal = { timeSec, values: timeSec };
const peak = (startSec: number, endSec: number): PeakLimits => ({
  startSec,
  endSec,
  baselineStartValue: 0,
  baselineEndValue: 0,
  startCode: 'B',
  stopCode: 'B',
});
const peaks = [peak(10, 20), peak(20, 30), peak(50, 60)];

function refusal(run: () => unknown): IntegrationRefusal {
  try {
    run();
  } catch (error) {
    if (error instanceof IntegrationRefusal) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('planIntegration', () => {
  it('moves an end, takes the baseline from the signal there and keeps the other peaks', () => {
    const planned = planIntegration(signal, peaks, [{ operation: 'move', peak_number: 3, end_sec: 65 }]);
    expect(planned[2]).toMatchObject({ startSec: 50, endSec: 65, baselineEndValue: 65, keptIndex: null });
    expect(planned.slice(0, 2).map((p) => p.keptIndex)).toEqual([0, 1]);
  });

  it('moves a baseline end to a given value without moving the time', () => {
    const planned = planIntegration(signal, peaks, [
      { operation: 'move', peak_number: 1, baseline_start: 3 },
    ]);
    expect(planned[0]).toMatchObject({ startSec: 10, baselineStartValue: 3, baselineEndValue: 0 });
  });

  it('names the overlapped peak by its number', () => {
    const refused = refusal(() =>
      planIntegration(signal, peaks, [{ operation: 'move', peak_number: 3, start_sec: 25 }]),
    );
    expect(refused.code).toBe('integration_overlap');
    expect(refused.message).toBe('The new limits overlap peak 2.');
    expect(refused.change).toBe(1);
  });

  it('refuses limits outside the signal, naming its range, and a start after the end', () => {
    const outside = refusal(() =>
      planIntegration(signal, peaks, [{ operation: 'add', start_sec: 90, end_sec: 120 }]),
    );
    expect(outside.message).toBe(
      domainErrorText('integration_outside_signal', { first: '0.00', last: '1.67' }),
    );
    const reversed = refusal(() =>
      planIntegration(signal, peaks, [{ operation: 'move', peak_number: 1, start_sec: 25 }]),
    );
    expect(reversed.code).toBe('integration_start_after_end');
  });

  it('refuses a peak without a sample inside', () => {
    const narrow = refusal(() =>
      planIntegration(signal, peaks, [{ operation: 'add', start_sec: 70.2, end_sec: 70.8 }]),
    );
    expect(narrow.code).toBe('integration_too_narrow');
  });

  it('applies a batch in order: numbers count the peaks the changes before left', () => {
    const planned = planIntegration(signal, peaks, [
      { operation: 'add', start_sec: 35, end_sec: 45 },
      { operation: 'delete', peak_number: 4 },
      { operation: 'split', peak_number: 3, at_sec: 40 },
    ]);
    expect(planned.map((p) => [p.startSec, p.endSec])).toEqual([
      [10, 20],
      [20, 30],
      [35, 40],
      [40, 45],
    ]);
    expect(planned[2]).toMatchObject({ stopCode: 'V' });
    expect(planned[3]).toMatchObject({ startCode: 'V', baselineStartValue: 35 + (45 - 35) * 0.5 });
  });

  it('names the change of a batch that was refused', () => {
    const refused = refusal(() =>
      planIntegration(signal, peaks, [
        { operation: 'delete', peak_number: 1 },
        { operation: 'delete', peak_number: 3 },
      ]),
    );
    expect(refused).toMatchObject({ code: 'integration_peak_not_found', change: 2 });
    expect(refused.message).toBe('There is no peak 3 in the result.');
  });

  it('merges neighbours into one and refuses peaks that are not neighbours', () => {
    const merged = planIntegration(signal, peaks, [{ operation: 'merge', peak_numbers: [2, 1] }]);
    expect(merged.map((p) => [p.startSec, p.endSec])).toEqual([
      [10, 30],
      [50, 60],
    ]);
    const refused = refusal(() =>
      planIntegration(signal, peaks, [{ operation: 'merge', peak_numbers: [1, 3] }]),
    );
    expect(refused.message).toBe('Only neighbouring peaks can be merged: peak 3 is not next to peak 1.');
    const alone = refusal(() => planIntegration(signal, peaks, [{ operation: 'merge', peak_numbers: [2] }]));
    expect(alone.code).toBe('integration_merge_too_few');
  });

  it('refuses a split outside the peak, naming it', () => {
    const refused = refusal(() =>
      planIntegration(signal, peaks, [{ operation: 'split', peak_number: 2, at_sec: 40 }]),
    );
    expect(refused.message).toBe('The split time must lie inside peak 2.');
  });
});
