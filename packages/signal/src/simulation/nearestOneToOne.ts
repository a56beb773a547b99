/**
 * Pairs (a, b) of two lists, one-to-one and nearest pairs first: every pair whose `distance` is not null (the
 * caller's tolerance) is taken in order of distance, each a and each b at most once. A peak beside a close
 * neighbour is never matched to the neighbour because the neighbour came first, and a nearer pair is never
 * taken by one that only reaches it. Returns b's index by a's.
 */
export function nearestOneToOne(
  countA: number,
  countB: number,
  distance: (a: number, b: number) => number | null,
): Map<number, number> {
  const pairs: { a: number; b: number; distance: number }[] = [];
  for (let a = 0; a < countA; a++) {
    for (let b = 0; b < countB; b++) {
      const d = distance(a, b);
      if (d !== null) pairs.push({ a, b, distance: d });
    }
  }
  pairs.sort((x, y) => x.distance - y.distance);
  const byA = new Map<number, number>();
  const takenB = new Set<number>();
  for (const { a, b } of pairs) {
    if (byA.has(a) || takenB.has(b)) continue;
    byA.set(a, b);
    takenB.add(b);
  }
  return byA;
}
