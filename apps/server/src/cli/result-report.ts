// The text the CLI prints for a processing result: the peak table with separation codes, then what detection
// applied — each minimum with its value and unit and whether it was automatic or the template's — and the
// noise and peak width it measured. Shared by `process` (a file on disk) and `import` (a stored result).
import {
  detectionMinimums,
  formatFigure,
  formatMinimum,
  noiseSourceText,
  reportingLimitText,
  spikesText,
  separationCode,
  type DetectionSettings,
  type PeakFigures,
} from '@eluent/contracts';

/** One row of the printed peak table: the figures of packages/contracts' reading of a peak. */
export type ReportPeak = Pick<
  PeakFigures,
  | 'retentionTimeSec'
  | 'startSec'
  | 'endSec'
  | 'area'
  | 'height'
  | 'widthHalfSec'
  | 'tailing'
  | 'plates'
  | 'resolution'
  | 'signalToNoise'
  | 'startCode'
  | 'stopCode'
  | 'negative'
>;

export const codeOf = (peak: ReportPeak) => separationCode(peak.startCode, peak.stopCode, peak.negative);

const round = (value: number | null, digits: number) =>
  value === null || !Number.isFinite(value) ? '–' : String(Number(value.toFixed(digits)));

/** The peak table, right-aligned columns, one line per peak; `no peaks found` when there are none. */
export function peakTableLines(peaks: readonly ReportPeak[], unit: string): string[] {
  if (peaks.length === 0) return ['no peaks found'];
  const header = [
    '#',
    'code',
    'RT (s)',
    'start',
    'end',
    `area (${unit || 'a.u.'}·s)`,
    'height',
    'W50 (s)',
    'T',
    'N',
    'Rs',
    'S/N',
  ];
  const rows = peaks.map((p, index) => [
    String(index + 1),
    codeOf(p),
    round(p.retentionTimeSec, 2),
    round(p.startSec, 2),
    round(p.endSec, 2),
    round(p.area, 3),
    round(p.height, 3),
    round(p.widthHalfSec, 3),
    round(p.tailing, 2),
    round(p.plates, 0),
    round(p.resolution, 2),
    round(p.signalToNoise, 1),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ');
  return [line(header), ...rows.map(line)];
}

/**
 * What detection applied: `min prominence: 0.01234 mAU (automatic)` per minimum, then the measured noise
 * and the estimated peak width. A minimum the automatic default does not use reads `not needed (automatic)`.
 */
export function detectionLines(detection: DetectionSettings | null, unit: string): string[] {
  if (!detection) return ['detection settings: not reported (detection did not run for this result)'];
  const signalUnit = unit || 'a.u.';
  const lines = ['detection settings:'];
  for (const minimum of detectionMinimums) {
    const applied = detection[minimum.key];
    const value = formatMinimum(applied, minimum.time ? 's' : signalUnit);
    lines.push(
      `  ${minimum.label.toLowerCase()}: ${value} (${applied.automatic ? 'automatic' : 'template'})`,
    );
  }
  lines.push(
    `  noise: SD ${formatFigure(detection.noiseSd)} ${signalUnit}, p-p ${formatFigure(detection.noisePeakToPeak)} ${signalUnit}`,
  );
  const noiseSource = noiseSourceText(detection);
  if (noiseSource) lines.push(`  ${noiseSource}`);
  if (detection.spikesSec?.length) lines.push(`  ${spikesText(detection.spikesSec)}`);
  lines.push(
    `  estimated peak width (W50): ${
      detection.estimatedPeakWidthSec === null
        ? 'none (no well-resolved peak)'
        : `${formatFigure(detection.estimatedPeakWidthSec)} s`
    }`,
  );
  if (detection.quantitationLimit) lines.push(`  ${reportingLimitText(detection.quantitationLimit)}`);
  return lines;
}

/** A legend for the code column, printed once under the table. */
export const CODE_LEGEND =
  'codes: B baseline, V valley (drop line), T tangent skim, S shoulder; N negative peak';
