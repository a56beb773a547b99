import { negated } from '../statistics/negated.ts';
import { peakWidths } from '../peaks/peakWidths.ts';
import { wholeSignalProminences } from '../peaks/wholeSignalProminences.ts';
import type { DetectedApex } from './detectAutomatic.ts';
import type { SignalScale } from './detectionSettings.ts';

/**
 * Half-prominence width (samples) of each apex on the detection signal, measured at the maximum the apex
 * climbs to (a shoulder takes its parent's width); never below the narrow-end width of the run.
 */
export function apexWidths(scale: SignalScale, apexes: readonly DetectedApex[]): Float64Array {
  const result = new Float64Array(apexes.length).fill(scale.widthSamples);
  for (const sign of [1, -1] as const) {
    const positions = apexes.flatMap((apex, k) => (apex.sign === sign ? [k] : []));
    if (!positions.length) continue;
    const signal = sign === 1 ? scale.smoothed : negated(scale.smoothed);
    const tops = Int32Array.from(positions, (k) => climb(signal, apexes[k]!.index));
    const unique = Int32Array.from(new Set(tops)).sort();
    const position = new Map(Array.from(unique, (top, u) => [top, u]));
    const widths = peakWidths(signal, unique, {
      // The detection signal is smooth: its one pass over the maxima is cheaper than walking from each apex.
      prominenceData: wholeSignalProminences(signal, unique, undefined, false),
    }).widths;
    positions.forEach((k, j) => {
      const width = widths[position.get(tops[j]!)!]!;
      result[k] = Math.max(scale.widthSamples, Number.isFinite(width) ? width : 0);
    });
  }
  return result;
}

/** Follows the signal uphill to the local maximum (plateaus end the climb). */
function climb(signal: Float64Array, index: number): number {
  let i = index;
  for (;;) {
    if (i > 0 && signal[i - 1]! > signal[i]!) i--;
    else if (i < signal.length - 1 && signal[i + 1]! > signal[i]!) i++;
    else return i;
  }
}
