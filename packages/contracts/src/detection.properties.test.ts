// Property tests (fast-check, seeded: docs/testing.md "Property tests") of how figures are put into words.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFigure } from './detection.ts';

// Up to 1e300: 4 digits of a value above 1.7975e308 round to 1.798e308, past the largest double, and
// read back as Infinity (no figure of a chromatogram comes near).
const finite = fc.double({ min: -1e300, max: 1e300, noNaN: true });

describe('formatFigure: properties', () => {
  it('reads back within half a unit of its 4th significant digit', () => {
    fc.assert(
      fc.property(finite, (value) => {
        const text = formatFigure(value);
        const back = Number(text);
        expect(Number.isFinite(back), text).toBe(true);
        if (value === 0) expect(back).toBe(0);
        else expect(Math.abs(back - value) / Math.abs(value)).toBeLessThanOrEqual(5e-4);
      }),
      { seed: 2301, numRuns: 2000 },
    );
  });

  it('is odd (the text of −v is "-" and the text of v) and keeps order (v ≤ w reads back ≤)', () => {
    fc.assert(
      fc.property(finite, finite, (v, w) => {
        const magnitude = Math.abs(v);
        if (magnitude !== 0) expect(formatFigure(-magnitude)).toBe(`-${formatFigure(magnitude)}`);
        const [low, high] = v <= w ? [v, w] : [w, v];
        expect(Number(formatFigure(low))).toBeLessThanOrEqual(Number(formatFigure(high)));
      }),
      { seed: 2302, numRuns: 2000 },
    );
  });

  it('never writes more than 4 significant digits nor an exponent for magnitudes in [1e-4, 1e6)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-4, max: 999_999, noNaN: true }),
        fc.boolean(),
        (magnitude, negative) => {
          const text = formatFigure(negative ? -magnitude : magnitude);
          expect(text).not.toMatch(/e/);
          const digits = text.replace(/[-.]/g, '').replace(/^0+/, '').replace(/0+$/, '');
          expect(digits.length, text).toBeLessThanOrEqual(4);
        },
      ),
      { seed: 2303, numRuns: 2000 },
    );
  });
});
