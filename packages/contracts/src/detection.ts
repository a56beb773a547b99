// What peak detection applied, as a result stores it (figures.detection: the processing core's
// `DetectionSettings`), and the separation codes of a peak: how the CLI, the template editor and the viewer
// put them into words.

import type { AppliedMinimum, DetectionSettings } from '@eluent/signal';

export type { AppliedMinimum, DetectionSettings };

/** The four minimums in template order, with the template field each one fills and its unit. */
export const detectionMinimums = [
  { key: 'minProminence', field: 'peak_detection_min_prominence', label: 'Min prominence', time: false },
  { key: 'minHeight', field: 'peak_detection_min_height', label: 'Min height', time: false },
  { key: 'minWidthSec', field: 'peak_detection_min_width', label: 'Min width', time: true },
  { key: 'minDistanceSec', field: 'peak_detection_min_distance', label: 'Min distance', time: true },
] as const;

export type DetectionMinimumKey = (typeof detectionMinimums)[number]['key'];

/** A number in 4 significant digits, without exponent noise for ordinary magnitudes. */
export function formatFigure(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-4 && magnitude < 1e6) return String(Number(value.toPrecision(4)));
  return value.toExponential(3);
}

/** `0.05 mAU`, `1.2 s`, or `not needed` for a minimum the automatic default does not apply. */
export function formatMinimum(applied: AppliedMinimum, unit: string): string {
  if (applied.value === null) return 'not needed';
  return `${formatFigure(applied.value)} ${unit}`.trim();
}

/**
 * Where the noise was read when not over the run's quietest windows, in words; null when it was read there.
 * Printed under the noise figure by the CLI and the template editor.
 */
export function noiseSourceText(
  detection: Pick<DetectionSettings, 'noiseFromGaps' | 'noiseFromDifferences'>,
): string | null {
  if (detection.noiseFromDifferences)
    return "noise read from the samples' 8th differences: every gap between the peaks held a peak, so no baseline was left to measure it on (the white part of the noise)";
  if (detection.noiseFromGaps)
    return 'noise measured between the peaks (every noise window of the run held one)';
  return null;
}

/** The automatic reporting limit in words: `reporting limit: S/N ≥ 10 (automatic), 3 peaks below it left out`. */
export function reportingLimitText(limit: NonNullable<DetectionSettings['quantitationLimit']>): string {
  const below =
    limit.removed === 0
      ? 'none below it'
      : `${limit.removed} peak${limit.removed === 1 ? '' : 's'} below it left out`;
  return `reporting limit: S/N ≥ ${limit.signalToNoise} (automatic), ${below}`;
}

/**
 * The spikes the automatic default replaced, in words: `2 one-sample spikes replaced by their neighbours'
 * mean (at 57.68, 85.52 s)`; the first five times, then how many more.
 */
export function spikesText(spikesSec: readonly number[]): string {
  const shown = spikesSec.slice(0, 5).map((t) => formatFigure(t));
  const more = spikesSec.length > 5 ? ` and ${spikesSec.length - 5} more` : '';
  const what = spikesSec.length === 1 ? 'one-sample spike' : 'one-sample spikes';
  return `${spikesSec.length} ${what} replaced by their neighbours' mean (at ${shown.join(', ')}${more} s)`;
}

/** The separation code letters and what each one means. */
export const separationCodeNames: Record<string, string> = {
  B: 'baseline',
  V: 'valley (drop line)',
  T: 'tangent skim',
  S: 'shoulder',
  N: 'negative peak',
};

/**
 * A peak's separation code as chromatography data systems print it: start and stop code (BB, BV, VB, VV, TB,
 * SV…), followed by N when the peak is negative. Peaks stored before codes were kept have none: `—`
 * (or `N` alone when negative).
 */
export function separationCode(
  startCode: string | null | undefined,
  stopCode: string | null | undefined,
  negative: boolean,
): string {
  const start = startCode?.trim().charAt(0) ?? '';
  const stop = stopCode?.trim().charAt(0) ?? '';
  if (!start || !stop) return negative ? 'N' : '—';
  const code = `${start}${stop}`;
  return negative && !code.includes('N') ? `${code} N` : code;
}

/** `BV: baseline start, valley (drop line) end` for a tooltip. */
export function describeSeparationCode(code: string): string {
  if (code === 'N') return 'N: negative peak';
  if (code.length < 2) return 'No separation code stored';
  const [start = '', stop = ''] = code.replace(/\s+N$/, '').split('');
  const parts = [`${separationCodeNames[start] ?? start} start`, `${separationCodeNames[stop] ?? stop} end`];
  if (/\sN$/.test(code)) parts.push('negative peak');
  return `${code}: ${parts.join(', ')}`;
}

/**
 * The sentence of a result without peaks, from its stored errors: `No peaks found: the run is flat: …` when
 * processing said why, `No peaks found.` for results stored before it did; null when the result has peaks.
 */
export function noPeaksText(errors: unknown): string | null {
  if (!Array.isArray(errors)) return null;
  const entry = (errors as unknown[]).find(
    (error): error is { code: string; reason?: unknown } =>
      typeof error === 'object' &&
      error !== null &&
      (error as { code?: unknown }).code === 'processing_no_peaks',
  );
  if (!entry) return null;
  return typeof entry.reason === 'string' && entry.reason !== ''
    ? `No peaks found: ${entry.reason}.`
    : 'No peaks found.';
}
