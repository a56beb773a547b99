import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../random/seededRandom.ts';
import { spectralMatchFactor, spectrumAt } from './readAgilentUv.ts';
import { spectrumFromLimits } from './spectrumFromLimits.ts';

const TIMES = Array.from({ length: 121 }, (_, i) => i * 0.5); // 0–60 s, a spectrum every 0.5 s
const WAVELENGTHS = Array.from({ length: 101 }, (_, i) => 200 + 2 * i); // 200–400 nm
const START_SEC = 20;
const APEX_SEC = 28; // off the middle of the limits, where the mean of both ends is wrong on a slope
const END_SEC = 40;

/** The pure compound's spectrum: two bands, of unit height at the apex. */
const pure = (nm: number) => Math.exp(-(((nm - 254) / 18) ** 2)) + 0.6 * Math.exp(-(((nm - 330) / 25) ** 2));

/** The peak's height profile: exactly zero at and beyond the limits, 1 at the apex. */
function profile(timeSec: number): number {
  if (timeSec <= START_SEC || timeSec >= END_SEC) return 0;
  const half = timeSec < APEX_SEC ? APEX_SEC - START_SEC : END_SEC - APEX_SEC;
  return (1 - ((timeSec - APEX_SEC) / half) ** 2) ** 2;
}

/** A cube of the peak on a background that drifts linearly in time, with its own slope at each wavelength. */
function cube() {
  const random = seededRandom(34);
  const offset = WAVELENGTHS.map(() => random() * 0.2);
  const slope = WAVELENGTHS.map(() => (random() - 0.3) * 0.01);
  const absorbance = new Float64Array(TIMES.length * WAVELENGTHS.length);
  TIMES.forEach((t, row) =>
    WAVELENGTHS.forEach((nm, i) => {
      absorbance[row * WAVELENGTHS.length + i] = offset[i]! + slope[i]! * t + profile(t) * pure(nm);
    }),
  );
  return { timeSec: Float64Array.from(TIMES), wavelengthNm: Float64Array.from(WAVELENGTHS), absorbance };
}

describe('spectrumFromLimits', () => {
  it("gives the pure spectrum back at the apex from the peak's limits on a sloping background", () => {
    const corrected = spectrumFromLimits(cube(), APEX_SEC, START_SEC, END_SEC);
    expect(corrected).toMatchObject({ timeSec: APEX_SEC, startSec: START_SEC, endSec: END_SEC });
    WAVELENGTHS.forEach((nm, i) => expect(Math.abs(corrected.absorbance[i]! - pure(nm))).toBeLessThan(1e-9));
  });

  it('gives the scaled pure spectrum on the slopes, so both slopes match the apex at 1000', () => {
    const data = cube();
    const apex = spectrumFromLimits(data, APEX_SEC, START_SEC, END_SEC).absorbance;
    for (const at of [24, 34]) {
      const slope = spectrumFromLimits(data, at, START_SEC, END_SEC).absorbance;
      expect(spectralMatchFactor(slope, apex)).toBeCloseTo(1000, 9);
    }
  });

  it('is a one-time reference when start and end are one spectrum, and leaves the cube as it was', () => {
    const data = cube();
    const before = data.absorbance.slice();
    const single = spectrumFromLimits(data, APEX_SEC, START_SEC, START_SEC);
    expect(Array.from(single.absorbance)).toEqual(
      Array.from(spectrumAt(data, APEX_SEC, START_SEC).absorbance),
    );
    expect(data.absorbance).toEqual(before);
  });

  it('shows why one end alone is not enough on a slope', () => {
    const data = cube();
    const fromStart = spectrumAt(data, APEX_SEC, START_SEC).absorbance;
    const worst = Math.max(...WAVELENGTHS.map((nm, i) => Math.abs(fromStart[i]! - pure(nm))));
    expect(worst).toBeGreaterThan(1e-3);
  });

  it('refuses an end before the start', () => {
    expect(() => spectrumFromLimits(cube(), APEX_SEC, END_SEC, START_SEC)).toThrow(RangeError);
  });
});
