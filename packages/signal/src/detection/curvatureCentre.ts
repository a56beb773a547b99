/**
 * The curvature well a peak's maximum belongs to: from the maximum, the curvature (`bend`, the detection
 * signal's second difference) is followed the way it deepens until it stops deepening. On a lone peak the
 * maximum sits in its own well and stays; where a neighbour of similar size fuses with it, the sum's
 * maximum lies between the two components and is pulled off its own component's well towards the
 * neighbour, while each component keeps its well (Empower's ApexTrack places apexes at the curvature's
 * wells, not at maxima). Distances between components are measured from here.
 */
export function curvatureCentre(bend: Float64Array, apex: number): number {
  if (apex <= 0 || apex >= bend.length - 1) return apex;
  const direction = bend[apex + 1]! < bend[apex - 1]! ? 1 : -1;
  let centre = apex;
  while (centre + direction > 0 && centre + direction < bend.length - 1) {
    if (!(bend[centre + direction]! < bend[centre]!)) break;
    centre += direction;
  }
  return centre;
}
