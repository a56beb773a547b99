import { domainErrorText, type PeakLimits } from '@eluent/contracts';
import { describe, expect, it } from 'vitest';
import {
  addEdit,
  deleteEdits,
  keyboardSteps,
  mergeEdit,
  moveEdit,
  peakAt,
  splitEdit,
  stage,
  stageAll,
  startStaging,
  unstage,
} from './staging.ts';

// 0–120 s at 2 Hz; the value is 2 t.
const timeSec = Float64Array.from({ length: 241 }, (_, i) => i / 2);
const signal = { timeSec, values: timeSec.map((t) => 2 * t) };
const peak = (startSec: number, endSec: number): PeakLimits => ({
  startSec,
  endSec,
  baselineStartValue: 1,
  baselineEndValue: 1,
  startCode: 'B',
  stopCode: 'B',
});
const base = [peak(10, 20), peak(20, 30), peak(60, 70)];

describe('staging', () => {
  it('moves a peak end and shows the moved peak at once, the rest kept', () => {
    const { staging, refusal } = stage(signal, startStaging(signal, base), moveEdit(2, 'end', 75));
    expect(refusal).toBeNull();
    expect(staging.peaks[2]).toMatchObject({ endSec: 75, baselineEndValue: 150, keptIndex: null });
    expect(staging.peaks[0]!.keptIndex).toBe(0);
  });

  it('keeps drags and key presses on one peak as one change', () => {
    let staging = startStaging(signal, base);
    for (const end of [71, 72, 73]) staging = stage(signal, staging, moveEdit(2, 'end', end)).staging;
    staging = stage(signal, staging, moveEdit(2, 'baselineStart', 4)).staging;
    expect(staging.edits).toEqual([{ operation: 'move', peak_number: 3, end_sec: 73, baseline_start: 4 }]);
  });

  it('refuses a start moved into the neighbour with the catalogue text naming it, and keeps the staging', () => {
    const before = startStaging(signal, base);
    const outcome = stage(signal, before, moveEdit(1, 'start', 15));
    expect(outcome.refusal).toBe(domainErrorText('integration_overlap', { peak: 1 }));
    expect(outcome.refusal).toBe('The new limits overlap peak 1.');
    expect(outcome.staging).toBe(before);
  });

  it('refuses an end outside the signal, naming its range', () => {
    const outcome = stage(signal, startStaging(signal, base), moveEdit(2, 'end', 130));
    expect(outcome.refusal).toBe('Peak limits must lie inside the signal (0.00–2.00 min).');
  });

  it('deletes several selected peaks, highest first, and undoes one at a time', () => {
    let staging = stageAll(signal, startStaging(signal, base), deleteEdits([0, 2])).staging;
    expect(staging.edits).toEqual([
      { operation: 'delete', peak_number: 3 },
      { operation: 'delete', peak_number: 1 },
    ]);
    expect(staging.peaks.map((p) => p.startSec)).toEqual([20]);
    staging = stage(signal, staging, moveEdit(0, 'end', 35)).staging;
    staging = unstage(signal, staging);
    expect(staging.peaks.map((p) => p.endSec)).toEqual([30]);
    staging = unstage(signal, staging);
    expect(staging.peaks.map((p) => p.startSec)).toEqual([10, 20, 60]);
    expect(unstage(signal, staging)).toBe(staging);
  });

  it('merges selected neighbours, splits at a time and adds a range drawn either way', () => {
    let staging = stage(signal, startStaging(signal, base), mergeEdit([1, 0])).staging;
    expect(staging.peaks.map((p) => [p.startSec, p.endSec])).toEqual([
      [10, 30],
      [60, 70],
    ]);
    staging = stage(signal, staging, splitEdit(1, 65)).staging;
    staging = stage(signal, staging, addEdit(50, 40)).staging;
    expect(staging.peaks.map((p) => [p.startSec, p.endSec])).toEqual([
      [10, 30],
      [40, 50],
      [60, 65],
      [65, 70],
    ]);
    expect(stage(signal, staging, mergeEdit([0, 2])).refusal).toBe(
      'Only neighbouring peaks can be merged: peak 3 is not next to peak 1.',
    );
  });

  it('a batch staged together is refused whole', () => {
    const before = startStaging(signal, base);
    const outcome = stageAll(signal, before, [moveEdit(0, 'start', 5), moveEdit(2, 'start', 25)]);
    expect(outcome.refusal).toBe('The new limits overlap peak 2.');
    expect(outcome.staging).toBe(before);
  });

  it('keyboard steps are one sample and 1 % of the span; a time finds its peak', () => {
    expect(keyboardSteps(signal)).toEqual({ timeSec: 0.5, value: 2.4 });
    expect(peakAt(base, 65)).toBe(2);
    expect(peakAt(base, 40)).toBe(-1);
  });
});
