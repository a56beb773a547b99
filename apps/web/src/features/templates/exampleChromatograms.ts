// Bundled example chromatograms for the live preview, generated (seeded) so nothing is downloaded.
import { seededNormal } from '@eluent/signal';
import type { ChromatogramSignal } from '../../workers/processingClient.ts';

interface ExamplePeak {
  retentionSec: number;
  sigmaSec: number;
  tauSec: number;
  height: number;
}

export interface ExampleChromatogram {
  key: string;
  label: string;
  durationSec: number;
  rateHz: number;
  peaks: ExamplePeak[];
  noise: number;
  driftPerMin: number;
}

const assay: ExamplePeak[] = [
  { retentionSec: 62, sigmaSec: 2.2, tauSec: 0.8, height: 14 },
  { retentionSec: 95, sigmaSec: 2.6, tauSec: 1.2, height: 85 },
  { retentionSec: 104, sigmaSec: 2.8, tauSec: 1.4, height: 42 },
  { retentionSec: 151, sigmaSec: 3.1, tauSec: 1.6, height: 6 },
  { retentionSec: 203, sigmaSec: 3.6, tauSec: 2.2, height: 120 },
  { retentionSec: 262, sigmaSec: 4.1, tauSec: 2.6, height: 5 },
  { retentionSec: 318, sigmaSec: 4.6, tauSec: 3.2, height: 55 },
  { retentionSec: 402, sigmaSec: 5.2, tauSec: 3.6, height: 4 },
  { retentionSec: 455, sigmaSec: 5.5, tauSec: 4.2, height: 28 },
];

/**
 * A related-substances run: a main peak with a rider on its tail, impurities either side (two of them under
 * the 0.05 % reporting threshold, ICH Q3A/Q3B) and a late pair split at a valley (a skim event makes the
 * second a rider) — what integration events and the threshold are for.
 */
const impurities: ExamplePeak[] = [
  { retentionSec: 70, sigmaSec: 2.4, tauSec: 1, height: 2.5 },
  { retentionSec: 150, sigmaSec: 3, tauSec: 4, height: 900 },
  { retentionSec: 172, sigmaSec: 1.8, tauSec: 0.6, height: 30 },
  { retentionSec: 240, sigmaSec: 3, tauSec: 1.2, height: 0.25 },
  { retentionSec: 300, sigmaSec: 3.2, tauSec: 1.2, height: 0.3 },
  { retentionSec: 380, sigmaSec: 3.5, tauSec: 1.6, height: 6 },
  { retentionSec: 394, sigmaSec: 2.6, tauSec: 1, height: 2.5 },
];

/**
 * A short crowded run, as fast screening methods and many imported files are: 400 points at 1 s a point,
 * peaks 2–4 W50 apart from the first seconds to the end, S/N 30–3,000 — no stretch of baseline to read the
 * noise on, so detection reads it from the samples' high-order differences (docs/processing.md, "A run with
 * no baseline left"). Spacings and heights follow low-discrepancy sequences (no randomness to seed).
 */
const crowded: ExamplePeak[] = [];
for (let k = 0, centre = 5; centre < 390; k++) {
  crowded.push({
    retentionSec: centre,
    sigmaSec: 2.5,
    tauSec: 1.5,
    height: 0.05 * 10 ** (1.5 + 2 * ((k * 0.414_213_56) % 1)),
  });
  centre += 2.355 * 2.5 * (2 + 2 * ((k * 0.618_033_99) % 1));
}

export const exampleChromatograms: ExampleChromatogram[] = [
  {
    key: 'example:assay',
    label: 'Example: 9-component assay, 10 min, UV 254 nm',
    durationSec: 600,
    rateHz: 10,
    peaks: assay,
    noise: 0.12,
    driftPerMin: 0.35,
  },
  {
    // The size the preview's figures are stated at (docs/performance.md): 200,000 points.
    key: 'example:fast',
    label: 'Example: fast detector, 200,000 points',
    durationSec: 2_000,
    rateHz: 100,
    peaks: Array.from({ length: 16 }, (_, index) => ({
      retentionSec: 100 + index * 115,
      sigmaSec: 4 + index * 0.25,
      tauSec: 2.5,
      height: 8 + ((index * 41) % 80),
    })),
    noise: 0.1,
    driftPerMin: 0.05,
  },
  {
    key: 'example:long',
    label: 'Example: long run, 1,000,000 points',
    durationSec: 10_000,
    rateHz: 100,
    peaks: Array.from({ length: 40 }, (_, index) => ({
      retentionSec: 200 + index * 240,
      sigmaSec: 6 + index * 0.2,
      tauSec: 3,
      height: 10 + ((index * 37) % 90),
    })),
    noise: 0.1,
    driftPerMin: 0.02,
  },
  {
    key: 'example:impurities',
    label: 'Example: impurity profile with a rider, 8 min',
    durationSec: 480,
    rateHz: 10,
    peaks: impurities,
    noise: 0.004,
    driftPerMin: 0.05,
  },
  {
    key: 'example:crowded',
    label: 'Example: crowded short run, 400 points (no baseline between peaks)',
    durationSec: 400,
    rateHz: 1,
    peaks: crowded,
    noise: 0.05,
    driftPerMin: 0,
  },
];

/** A tailing peak: Gaussian before the apex, wider by the tail constant after it. */
function peakValue(timeSec: number, peak: ExamplePeak): number {
  const width = timeSec < peak.retentionSec ? peak.sigmaSec : peak.sigmaSec + peak.tauSec;
  const z = (timeSec - peak.retentionSec) / width;
  return peak.height * Math.exp(-0.5 * z * z);
}

export function generateExample(example: ExampleChromatogram): ChromatogramSignal {
  const count = Math.round(example.durationSec * example.rateHz);
  const timeSec = new Float64Array(count);
  const values = new Float64Array(count);
  const normal = seededNormal(20_240_611);
  const sorted = [...example.peaks].sort((a, b) => a.retentionSec - b.retentionSec);
  for (let index = 0; index < count; index++) {
    const time = index / example.rateHz;
    timeSec[index] = time;
    let value = 1 + (example.driftPerMin * time) / 60 + example.noise * normal();
    for (const peak of sorted) {
      if (Math.abs(time - peak.retentionSec) > 12 * peak.sigmaSec + 10 * peak.tauSec) continue;
      value += peakValue(time, peak);
    }
    values[index] = value;
  }
  return { key: example.key, timeSec, values, unit: 'mAU' };
}
