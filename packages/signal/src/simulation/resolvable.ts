import { emgValue } from '../models/emg.ts';
import type { ComponentTruth } from './simulateChromatogram.ts';

/**
 * Which true components a curvature-based detector can see at all: those the noise-free sum of every
 * component shows as a well of its own in the second derivative (the curvature minimum every peak has at
 * its apex, and the only sign a shoulder without a maximum of its own leaves).
 *
 * The CDS rule: ChemStation / OpenLab detect a shoulder by the peak's curvature as the second derivative
 * gives it and place its retention time at the shoulder's point of most negative curvature (OpenLab CDS
 * Data Analysis help, "Shoulders"); Empower's ApexTrack treats every maximum of the negated second
 * derivative above its detection threshold as a peak apex. A component the noise-free curvature does not
 * show is beyond both at any signal-to-noise ratio: a minor peak within about a width of a much larger one
 * forms no maximum and leaves no derivative sign of its own (O'Haver, "A Pragmatic Introduction to Signal
 * Processing", Appendix Q "Measuring a buried peak").
 *
 * Each well is given to the nearest component within half that component's W50 (one-to-one, nearest pairs
 * first); a component left without one is not resolvable: a report may list it, need not.
 */
export function resolvableComponents(
  timeSec: Float64Array,
  components: readonly Pick<ComponentTruth, 'centreSec' | 'sigmaSec' | 'tauSec' | 'area'>[],
  expected: readonly Pick<ComponentTruth, 'retentionTimeSec' | 'widthHalfSec'>[],
): boolean[] {
  const n = timeSec.length;
  const clean = new Float64Array(n);
  for (const component of components) {
    const parameters = {
      area: component.area,
      centreSec: component.centreSec,
      sigmaSec: component.sigmaSec,
      tauSec: component.tauSec,
    };
    for (let i = 0; i < n; i++) clean[i]! += emgValue(timeSec[i]!, parameters);
  }
  const bend = new Float64Array(n);
  for (let i = 1; i < n - 1; i++) bend[i] = clean[i + 1]! - 2 * clean[i]! + clean[i - 1]!;
  // Wells: negative local minima of the curvature (a plateau of equal values counts once, at its start).
  const wells: number[] = [];
  for (let i = 2; i < n - 2; i++) {
    if (bend[i]! < 0 && bend[i]! < bend[i - 1]! && bend[i]! <= bend[i + 1]!) wells.push(timeSec[i]!);
  }
  const pairs: { k: number; w: number; distance: number }[] = [];
  expected.forEach((truth, k) => {
    wells.forEach((at, w) => {
      const distance = Math.abs(at - truth.retentionTimeSec);
      if (distance <= truth.widthHalfSec / 2) pairs.push({ k, w, distance });
    });
  });
  pairs.sort((a, b) => a.distance - b.distance);
  const resolvable = expected.map(() => false);
  const usedWells = new Set<number>();
  for (const { k, w } of pairs) {
    if (resolvable[k] || usedWells.has(w)) continue;
    resolvable[k] = true;
    usedWells.add(w);
  }
  return resolvable;
}
