// A baseline step down through the detector's filter (an RC of 2 samples: the step settles over several
// samples, where the one- and two-sample step rules look for one): the lower level after it is read as a dip
// (negative peaks off, so an unreported one), and the dip's walk climbs the next peak's front. The level at
// which the dip and the peak before it part was the mean of their outer contacts, the dip's on that front:
// it crossed the peak 4 samples past its apex, the peak's area over that line came out negative, and the peak
// (487 noise SD high) was dropped (docs/processing.md, "A step through the detector's filter").
import { describe, expect, it } from 'vitest';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { simulateChromatogram } from '../src/simulation/simulateChromatogram.ts';

describe('a peak before a filtered baseline step down', () => {
  it('is listed with its area, and so is the peak after the step', () => {
    const stepSec = 0.5;
    const sigmaSec = 3.3;
    const run = simulateChromatogram({
      points: 600,
      stepSec,
      noiseSd: 0.05,
      seed: 8,
      detectorTimeConstantSec: 2 * stepSec,
      components: [
        { centreSec: 45, sigmaSec, tauSec: 1, height: 135 },
        { centreSec: 105, sigmaSec, tauSec: 0.5, height: 24 },
        { centreSec: 186, sigmaSec, tauSec: 1.5, height: 47 },
        { centreSec: 255, sigmaSec, tauSec: 1, height: 79 },
      ],
    });
    // The step: 5.85 down at 146 s, settling with the detector's time constant.
    const atSec = 146;
    const values = run.values.map((v, i) => {
      const t = run.timeSec[i]!;
      return t >= atSec ? v - 5.85 * (1 - Math.exp(-(t - atSec) / (2 * stepSec))) : v;
    });
    const result = processChromatogram({ timeSec: run.timeSec, values }, {});
    const listed = result.peaks.filter((peak) => !peak.belowReportingThreshold && !peak.negative);
    for (const truth of run.truth) {
      const peak = listed.find(
        (p) => Math.abs(p.retentionTimeSec - truth.retentionTimeSec) < truth.widthHalfSec / 2,
      );
      expect(peak, `${truth.retentionTimeSec.toFixed(1)} s`).toBeDefined();
      expect(peak!.area / truth.area, `${truth.retentionTimeSec.toFixed(1)} s`).toBeGreaterThan(0.9);
      expect(peak!.area / truth.area, `${truth.retentionTimeSec.toFixed(1)} s`).toBeLessThan(1.1);
    }
    expect(listed).toHaveLength(run.truth.length);
  });
});
