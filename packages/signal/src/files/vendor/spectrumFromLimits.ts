// A diode-array spectrum baseline-corrected from a peak's limits: the straight line between the spectra at
// the peak's start and end, taken at the spectrum's own time (docs/formats.md "Spectra").
import { nearestSpectrum, type SpectrumCube } from './readAgilentUv.ts';

export interface SpectrumFromLimits {
  /** When the corrected spectrum was recorded (the nearest to the asked time). */
  timeSec: number;
  /** When the spectra at the peak's start and end were recorded. */
  startSec: number;
  endSec: number;
  absorbance: Float64Array;
}

/**
 * The spectrum recorded nearest to `timeSec` minus the baseline spectrum drawn as a straight line, wavelength
 * by wavelength, between the spectra nearest to `startSec` and `endSec` and read at the spectrum's time. On a
 * background that drifts linearly in time this removes it exactly at any time of the peak, where the mean
 * of both ends is exact only halfway between them. Start and end on one spectrum subtract that spectrum.
 * @example spectrumFromLimits(cube, apexSec, peak.startSec, peak.endSec).absorbance
 */
export function spectrumFromLimits(
  cube: Pick<SpectrumCube, 'timeSec' | 'wavelengthNm' | 'absorbance'>,
  timeSec: number,
  startSec: number,
  endSec: number,
): SpectrumFromLimits {
  if (!(endSec >= startSec))
    throw new RangeError(`The peak's end (${endSec} s) is before its start (${startSec} s)`);
  const width = cube.wavelengthNm.length;
  const row = nearestSpectrum(cube, timeSec);
  const start = nearestSpectrum(cube, startSec);
  const end = nearestSpectrum(cube, endSec);
  const at = cube.timeSec[row] as number;
  const from = cube.timeSec[start] as number;
  const to = cube.timeSec[end] as number;
  const fraction = to > from ? (at - from) / (to - from) : 0;
  const absorbance = new Float64Array(width);
  for (let i = 0; i < width; i++) {
    const startValue = cube.absorbance[start * width + i] as number;
    const endValue = cube.absorbance[end * width + i] as number;
    const baseline = startValue + (endValue - startValue) * fraction;
    absorbance[i] = (cube.absorbance[row * width + i] as number) - baseline;
  }
  return { timeSec: at, startSec: from, endSec: to, absorbance };
}
