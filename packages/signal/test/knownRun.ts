// The check the known-answer runs share: a simulated run processed with no template reports each true
// component once and nothing else, and reads its noise on baseline (under twice the noise put in).
import { expect } from 'vitest';
import { processChromatogram } from '../src/pipeline/processChromatogram.ts';
import { simulateChromatogram } from '../src/simulation/simulateChromatogram.ts';

export function expectEveryPeakOnceOnBaselineNoise(
  options: Parameters<typeof simulateChromatogram>[0],
): void {
  const run = simulateChromatogram(options);
  const { peaks, detection } = processChromatogram({ timeSec: run.timeSec, values: run.values }, {});
  const reported = peaks.filter((peak) => !peak.belowReportingThreshold);
  const listed = reported.map((peak) => peak.retentionTimeSec.toFixed(2)).join(', ');
  for (const truth of run.truth) {
    const found = reported.filter(
      (peak) => Math.abs(peak.retentionTimeSec - truth.retentionTimeSec) <= truth.widthHalfSec / 2,
    );
    expect(found, `${truth.retentionTimeSec.toFixed(2)} s among ${listed}`).toHaveLength(1);
  }
  expect(reported, listed).toHaveLength(run.truth.length);
  expect(detection!.noiseSd).toBeLessThan(2 * options.noiseSd!);
}
