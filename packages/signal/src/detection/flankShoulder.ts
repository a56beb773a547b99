/**
 * Height of a Gaussian's inflection points over its apex height, e^−½: a peak's flanks lie below it (its
 * curvature convex outside the inflection points), its top above.
 */
export const INFLECTION_HEIGHT_SHARE = Math.exp(-0.5);

export interface FlankWell {
  /** The detection signal's curvature (second difference). */
  bend: Float64Array;
  /** The host's own curvature well (`curvatureCentre`). */
  hostCentre: number;
  /** The candidate shoulder's curvature well. */
  well: number;
  /** The host's curvature at its apex, as a positive depth. */
  hostCurvature: number;
  /** The curvature's quantitation limit (the depth a well needs to be detected at all). */
  threshold: number;
  /** The candidate's height over the host's base as a share of the host's height. */
  heightShare: number;
  /** The share of the host's curvature a shoulder's own curvature reaches. */
  relativeCurvature: number;
}

/**
 * A shoulder on its host's flank, ChemStation's definition (OpenLab CDS help, "Shoulders": a child with
 * no valley between inflection points of its own): the well stands on the flank, below the host's
 * inflection height; the curvature turns convex between it and the next well towards the host by the
 * curvature's quantitation limit (its own inflection pair); and its own curvature reaches `relativeCurvature` of the
 * host's. Its own curvature is the sum's well less the host's: on a flank the host's convex lobe fills
 * part of the shoulder's well, so the host's curvature at the same distance on its other flank, where no
 * shoulder is, is added back.
 *
 * @example isFlankShoulder({ bend, hostCentre: 101, well: 76, hostCurvature: 2.1, threshold: 0.01, heightShare: 0.21, relativeCurvature: 0.1 })
 */
export function isFlankShoulder(candidate: FlankWell): boolean {
  const { bend, hostCentre, well } = candidate;
  if (!(candidate.heightShare < INFLECTION_HEIGHT_SHARE)) return false;
  if (convexTowardsHost(candidate) < candidate.threshold) return false;
  const mirror = 2 * hostCentre - well;
  const hostOwn = mirror >= 0 && mirror < bend.length ? Math.max(0, bend[mirror]!) : 0;
  return -bend[well]! + hostOwn >= candidate.relativeCurvature * candidate.hostCurvature;
}

/**
 * The highest curvature between the well and the next well towards the host (the host's own, or another
 * shoulder's between them): the convex lobe that gives the well an inflection pair of its own.
 */
function convexTowardsHost({ bend, hostCentre, well, threshold }: FlankWell): number {
  const direction = hostCentre > well ? 1 : -1;
  let convex = -Infinity;
  for (let i = well + direction; i !== hostCentre + direction; i += direction) {
    convex = Math.max(convex, bend[i]!);
    const nextWell = bend[i]! < -threshold && bend[i]! <= bend[i - 1]! && bend[i]! <= bend[i + 1]!;
    if (nextWell) break;
  }
  return convex;
}
