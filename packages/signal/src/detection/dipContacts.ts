import type { DetectedApex } from './detectAutomatic.ts';
import { levelAt, type BaselineLevel, type BelowBaselineStretch } from './runBaselineLevel.ts';

/**
 * A dip between two positive peaks, whose contact walks either or both followed their flanks down into it
 * (a stretch clearly under the run's baseline level with a peak on each side), is baseline penetration,
 * not the peaks' start or end (ChemStation), and a CDS baseline runs under the signal (Empower): each
 * contact in it moves back to where its flank meets the level and its baseline is anchored on the level
 * there. A dip with no peak on one side is left to the dip detection, which bounds its neighbour there.
 * Returns the moved contacts' anchor values.
 */
export function contactsOutOfDips(
  apexes: readonly DetectedApex[],
  found: { level: BaselineLevel; below: readonly BelowBaselineStretch[] } | null | undefined,
  /** Each apex's left and right contact (sample indices), moved in place. */
  left: Int32Array,
  right: Int32Array,
): Map<number, number> {
  const anchors = new Map<number, number>();
  if (!found?.below.length) return anchors;
  const inside = (index: number, stretch: BelowBaselineStretch) =>
    index >= stretch.from - 1 && index <= stretch.to + 1;
  for (const stretch of found.below) {
    // The nearest positive peaks before and after the stretch (a dip found as a negative apex lies inside).
    let before = -1;
    let after = -1;
    apexes.forEach((apex, k) => {
      if (apex.sign !== 1) return;
      if (apex.index < stretch.from) before = k;
      else if (apex.index > stretch.to && after < 0) after = k;
    });
    // A dip with a peak on each side is baseline penetration for whichever of their contacts lies in it: the
    // other peak's contact may stand on baseline between the dip and it (the dip was then read as the valley
    // between the two and not bounded as a dip, and the first peak's baseline ended at the dip's bottom).
    if (before < 0 || after < 0) continue;
    if (!inside(right[before]!, stretch) && !inside(left[after]!, stretch)) continue;
    // Every positive contact the walks left in it (a dip's edge read as a peak has its contacts there too).
    apexes.forEach(({ index: apex, sign }, k) => {
      if (sign !== 1) return;
      if (stretch.to < apex && inside(left[k]!, stretch)) {
        left[k] = stretch.to + 1;
        anchors.set(left[k], levelAt(found.level, left[k]).line);
      }
      if (stretch.from > apex && inside(right[k]!, stretch)) {
        right[k] = stretch.from - 1;
        anchors.set(right[k], levelAt(found.level, right[k]).line);
      }
    });
  }
  return anchors;
}
