import { firstLowest } from './firstLowest.ts';
import type { LimitsInput } from './integrationLimits.ts';

/**
 * A valley standing above this share of the lower peak (from the cluster's baseline) fuses the two peaks
 * even where their walks did not meet; below it, a valley the signal rests in is a baseline contact.
 */
const FUSED_VALLEY_SHARE = 0.25;

/** Each apex's contacts (sample indices) after the walks and the moves into valleys. */
interface Contacts {
  left: Int32Array;
  right: Int32Array;
}

/**
 * The clusters (first and last apex, inclusive, in order): neighbours of the same sign form one cluster
 * when the valley between them stays above the cluster's baseline (`valleyAboveBaseline`).
 */
export function fusedClusters(input: LimitsInput, contacts: Contacts): { from: number; to: number }[] {
  const { apexes } = input;
  const count = apexes.length;
  const groups: { from: number; to: number }[] = [];
  let from = 0;
  for (let k = 0; k < count; k++) {
    const fused =
      k < count - 1 &&
      apexes[k]!.sign === apexes[k + 1]!.sign &&
      valleyAboveBaseline(input, contacts, k, from);
    if (fused) continue;
    groups.push({ from, to: k });
    from = k + 1;
  }
  return groups;
}

/** Whether the walks of apexes j and j + 1 (of the same sign) meet, within the detection kernel's reach. */
function walksMeet(input: LimitsInput, { left, right }: Contacts, j: number): boolean {
  const { apexes } = input;
  return (
    j + 1 < apexes.length &&
    apexes[j]!.sign === apexes[j + 1]!.sign &&
    right[j]! >= left[j + 1]! - Math.max(2, input.smoothingSamples ?? 1)
  );
}

/**
 * Whether the valley between apexes k and k + 1 stays above the baseline of the cluster that starts at
 * `groupFrom`: the line from the cluster's first contact to the last contact of the run of walks that meet
 * from here on (a rider on a tail, a fused pair, a staircase). Heights are measured from that line, never
 * from a peak's own contact inside the cluster (that contact is the previous valley: on a descending
 * staircase every valley then read "not above baseline", the cluster was cut high on a tail and the last
 * peak's area went negative). A valley is a baseline contact only near that baseline (within twice the
 * noise range).
 */
function valleyAboveBaseline(input: LimitsInput, contacts: Contacts, k: number, groupFrom: number): boolean {
  const { smoothed, apexes, widths, noisePeakToPeak } = input;
  const { left, right } = contacts;
  const meets = (j: number) => walksMeet(input, contacts, j);
  const sign = apexes[k]!.sign;
  const valley = firstLowest(smoothed, sign, apexes[k]!.index, apexes[k + 1]!.index);
  let end = k + 1;
  while (meets(end)) end++;
  const outerLeft = left[groupFrom]!;
  const outerRight = right[end]!;
  const lineAt = (i: number) =>
    smoothed[outerLeft]! +
    ((smoothed[outerRight]! - smoothed[outerLeft]!) * (i - outerLeft)) / Math.max(1, outerRight - outerLeft);
  // Each peak's height from the cluster's outer contact on its side (for a lone pair, its own contact).
  const leftHeight = sign * (smoothed[apexes[k]!.index]! - smoothed[outerLeft]!);
  const rightHeight = sign * (smoothed[apexes[k + 1]!.index]! - smoothed[outerRight]!);
  const leftLower = leftHeight < rightHeight;
  const height = Math.min(leftHeight, rightHeight);
  // Above the line, and above the outer contact on the lower peak's side (a valley on a curving baseline
  // is not above it).
  const contact = smoothed[leftLower ? outerLeft : outerRight]!;
  const valleyHeight = Math.min(
    sign * (smoothed[valley]! - lineAt(valley)),
    sign * (smoothed[valley]! - contact),
  );
  if (!(valleyHeight > 2 * noisePeakToPeak)) return false;
  // A valley the signal rests in (flat within the noise for a third of the narrower peak's width) is a
  // baseline contact, as a slope-driven integrator (ChemStation's slope sensitivity) sees it: the
  // baseline itself has risen there.
  let restFrom = valley;
  let restTo = valley;
  const rest = 2 * noisePeakToPeak;
  while (restFrom > apexes[k]!.index && Math.abs(smoothed[restFrom - 1]! - smoothed[valley]!) <= rest)
    restFrom--;
  while (restTo < apexes[k + 1]!.index && Math.abs(smoothed[restTo + 1]! - smoothed[valley]!) <= rest)
    restTo++;
  // Not where the walks met in a valley above a quarter of the lower peak: that flat stretch is the
  // bottom of a fused pair's valley, not baseline (a pair cut there had its first peak's area go negative).
  const rests = restTo - restFrom >= Math.min(widths[k] as number, widths[k + 1] as number) / 3;
  if (rests && !(meets(k) && valleyHeight > FUSED_VALLEY_SHARE * height)) return false;
  // Fused when the walks met in the valley, or when the valley stands above a quarter of the lower peak.
  return meets(k) || valleyHeight > FUSED_VALLEY_SHARE * height;
}
