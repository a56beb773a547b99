import { findPeaks } from '../peaks/findPeaks.ts';

function rickerRow(values: ArrayLike<number>, scale: number): Float64Array {
  const half = Math.min(Math.ceil(5 * scale), values.length);
  const kernel = new Float64Array(2 * half + 1);
  const norm = 2 / (Math.sqrt(3 * scale) * Math.PI ** 0.25);
  for (let k = -half; k <= half; k++) {
    const x = (k / scale) ** 2;
    kernel[k + half] = norm * (1 - x) * Math.exp(-x / 2);
  }
  const row = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    let sum = 0;
    const from = Math.max(-half, -i);
    const to = Math.min(half, values.length - 1 - i);
    for (let k = from; k <= to; k++) sum += (kernel[k + half] as number) * (values[i + k] as number);
    row[i] = sum;
  }
  return row;
}

function percentile10(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(0.1 * (sorted.length - 1))] ?? 0;
}

export interface WaveletOptions {
  /** Ricker scales in samples. @default 12 scales from 1 to the signal's longest expected half-width */
  scales?: readonly number[];
  /** Minimum ridge signal-to-noise. @default 1 */
  minSnr?: number;
}

/**
 * `wavelet_v1` detection, after `scipy.signal.find_peaks_cwt` with a Ricker wavelet: maxima of every CWT
 * row are linked into ridges from the largest scale down (a ridge may move scale/4 samples per row); ridges
 * spanning at least a quarter of the scales whose smallest-scale response beats the 10th percentile of
 * |CWT| in a window of n/20 samples (SNR ≥ minSnr) are peaks, placed at the highest sample near the ridge.
 * A simplified ridge tracker: results are close to, not identical with, scipy's.
 */
export function detectWavelet(values: ArrayLike<number>, options: WaveletOptions = {}): Int32Array {
  const n = values.length;
  const scales =
    options.scales ?? Array.from({ length: 12 }, (_, i) => 1 * Math.pow(Math.max(2, n / 200), i / 11));
  const minSnr = options.minSnr ?? 1;
  const rows = scales.map((scale) => rickerRow(values, scale));
  const maxima = rows.map((row) => findPeaks(row).peaks);
  const last = rows.length - 1;
  const ridges: number[][] = Array.from(maxima[last] ?? [], (index) => [index]);
  for (let r = last - 1; r >= 0; r--) {
    const allowed = Math.max(1, Math.ceil((scales[r] as number) / 4));
    for (const ridge of ridges) {
      const previous = ridge[ridge.length - 1] as number;
      let best = -1;
      for (const candidate of maxima[r] as Int32Array) {
        if (
          Math.abs(candidate - previous) <= allowed &&
          (best < 0 || Math.abs(candidate - previous) < Math.abs(best - previous))
        ) {
          best = candidate;
        }
      }
      if (best >= 0) ridge.push(best);
    }
  }
  const minLength = Math.ceil(scales.length / 4);
  const smallest = rows[0] as Float64Array;
  const window = Math.max(1, Math.ceil(n / 20));
  const found = new Set<number>();
  for (const ridge of ridges) {
    if (ridge.length < minLength) continue;
    const position = ridge[ridge.length - 1] as number;
    const from = Math.max(0, position - window);
    const to = Math.min(n, position + window);
    const noise = percentile10(Array.from(smallest.subarray(from, to), Math.abs)) || 1e-12;
    if (Math.abs(smallest[position] as number) / noise < minSnr) continue;
    let apex = position;
    const reach = Math.ceil((scales[0] as number) * 2);
    for (let i = Math.max(1, position - reach); i <= Math.min(n - 2, position + reach); i++) {
      if ((values[i] as number) > (values[apex] as number)) apex = i;
    }
    if (apex > 0 && apex < n - 1) found.add(apex);
  }
  return Int32Array.from([...found].sort((a, b) => a - b));
}
