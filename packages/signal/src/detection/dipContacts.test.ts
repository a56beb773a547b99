import { describe, expect, it } from 'vitest';
import type { DetectedApex } from './detectAutomatic.ts';
import { contactsOutOfDips } from './dipContacts.ts';
import type { BaselineLevel } from './runBaselineLevel.ts';

// A flat level of 1 from flat windows at samples 10 and 190; one dip stretch under it at 90–110.
const level: BaselineLevel = {
  centres: Int32Array.from([10, 190]),
  levels: Float64Array.from([1, 1]),
  reachSamples: 0,
};
const below = [{ from: 90, to: 110 }];
const peak = (index: number): DetectedApex => ({ index, sign: 1, shoulder: false });

describe('contactsOutOfDips', () => {
  it('moves both walks out of a dip between two peaks to where it meets the level, anchored there', () => {
    const left = Int32Array.from([40, 100]);
    const right = Int32Array.from([100, 160]);
    const anchors = contactsOutOfDips([peak(60), peak(130)], { level, below }, left, right);
    expect(Array.from(right)).toEqual([89, 160]);
    expect(Array.from(left)).toEqual([40, 111]);
    expect(anchors.get(89)).toBe(1);
    expect(anchors.get(111)).toBe(1);
  });

  it('leaves a dip whose other side has no peak walking into it (baseline there: the dip detection)', () => {
    const left = Int32Array.from([100]);
    const right = Int32Array.from([160]);
    expect(contactsOutOfDips([peak(130)], { level, below }, left, right).size).toBe(0);
    expect(Array.from(left)).toEqual([100]);
  });

  it('moves the one walk that went into a dip between two peaks (the other stopped on baseline)', () => {
    // The dip, with a peak on each side within reach, was read as their valley and not bounded as a dip.
    const left = Int32Array.from([40, 100]);
    const right = Int32Array.from([75, 160]);
    const anchors = contactsOutOfDips([peak(60), peak(130)], { level, below }, left, right);
    expect(Array.from(left)).toEqual([40, 111]);
    expect(Array.from(right)).toEqual([75, 160]);
    expect(anchors.get(111)).toBe(1);
    expect(anchors.size).toBe(1);
  });

  it('does nothing without a level', () => {
    const left = Int32Array.from([100]);
    expect(contactsOutOfDips([peak(130)], null, left, Int32Array.from([160])).size).toBe(0);
  });
});
