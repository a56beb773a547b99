// The parts of a printed report, each read from the typed report the server answered (`reportSchema` of
// @eluent/contracts): peaks, calibrations, the audit trail, errors, signatures and the result's figures.
import {
  calibrationProblemText,
  componentWeightingLabels,
  noPeaksText,
  personLabel,
  reportErrorsSchema,
  reportColumnSchema,
  reportFiguresSchema,
  reportSnapshotSchema,
  reviewStateLabels,
  peakSeparation,
  signatureMeaningLabels,
  type AuditEntry,
  type Calibration,
  type ReportFigures,
  type ReportPeakRow,
  type Review,
} from '@eluent/contracts';
import { parseAnswer } from '../api/parse.ts';
import { flagBelowThreshold } from '../features/chromatograms/peakRows.ts';
import type {
  ReportAuditEntry,
  ReportCalibration,
  ReportModel,
  ReportPeak,
  ReportSignature,
  ReportTrace,
} from './reportModel.ts';

/** The columns a printed peak reads: a report's peaks and a shared sample's (GraphQL) alike. */
export type PrintedPeakColumns = Pick<
  ReportPeakRow,
  | 'number'
  | 'name'
  | 'retention_time_sec'
  | 'area'
  | 'area_percent'
  | 'height'
  | 'amount'
  | 'amount_unit'
  | 'plates_half'
  | 'tailing'
  | 'resolution'
  | 'signal_to_noise'
  | 'start_code'
  | 'stop_code'
>;

/** A printed peak: its code read by `peakSeparation`, as every peak table reads it; a missing area stays missing. */
export function peakOf(row: PrintedPeakColumns): ReportPeak {
  const area = row.area ?? null;
  return {
    number: row.number,
    name: row.name,
    retentionTimeSec: row.retention_time_sec,
    area,
    areaPercent: row.area_percent,
    height: row.height,
    amount: row.amount,
    amountUnit: row.amount_unit,
    platesHalf: row.plates_half,
    tailing: row.tailing,
    resolution: row.resolution,
    signalToNoise: row.signal_to_noise,
    code: peakSeparation({ ...row, area }).code,
  };
}

/**
 * A stored signal as the report draws it: points the detector gave no value for (null, a dropout) are left
 * out, so the line joins its neighbours instead of dropping to 0.
 */
export function traceOf(data: {
  time_sec: readonly number[];
  signal: ReadonlyArray<number | null>;
  unit: string;
}): ReportTrace {
  const timeSec: number[] = [];
  const signal: number[] = [];
  data.time_sec.forEach((time, index) => {
    const value = data.signal[index];
    if (typeof value === 'number') {
      timeSec.push(time);
      signal.push(value);
    }
  });
  return { timeSec, signal, unit: data.unit };
}

/** A result's free-form figures as the report reads them (an unreadable part is an error, not a blank). */
export const figuresOf = (figures: unknown): ReportFigures =>
  parseAnswer(reportFiguresSchema, figures, 'result figures');

/** The name a stored method or template snapshot carries; null when it has none. */
export const snapshotName = (snapshot: unknown): string | null =>
  parseAnswer(reportSnapshotSchema, snapshot, 'snapshot')?.name ?? null;

/** The name of an instrument's stored column; null when none is set. */
export const columnName = (column: unknown): string | null =>
  parseAnswer(reportColumnSchema, column, 'instrument column')?.name ?? null;

/** The injection volume (µL) of a method snapshot; null when it does not say. */
export const snapshotVolume = (snapshot: unknown): number | null =>
  parseAnswer(reportSnapshotSchema, snapshot, 'method snapshot')?.injection_ul ?? null;

/** The reporting threshold (%) a result's detection applied; null when it applied none or does not say. */
export const thresholdOf = (figures: ReportFigures): number | null =>
  figures?.detection?.reportingThreshold?.percent ?? null;

export const noiseOf = (figures: ReportFigures): number | null => figures?.noise?.rms ?? null;

/**
 * A result's peaks, those under the threshold it applied flagged again with the core's rule (the stored
 * peaks keep no flag; `flagBelowThreshold`).
 */
export function resultPeaksOf(peaks: readonly PrintedPeakColumns[], figures: ReportFigures): ReportPeak[] {
  return flagBelowThreshold(peaks.map(peakOf), thresholdOf(figures));
}

export function calibrationOf(row: Calibration): ReportCalibration {
  return {
    // A bracketed calibration has one curve per bracket of standards (docs/assay.md).
    analyte: `${row.analyte}${row.bracket > 0 ? `, bracket ${row.bracket}` : ''}`,
    model: row.model,
    slope: row.slope,
    intercept: row.intercept,
    rSquared: row.r_squared,
    amountUnit: row.amount_unit,
    points: row.points.length,
    problem: row.problem ? calibrationProblemText(row.problem) : null,
    curvature: row.curvature,
    residualSd: row.residual_sd,
    weighting: componentWeightingLabels[row.weighting],
    residuals: row.residuals.map(({ amount, area, residual }) => ({ amount, area, residual })),
  };
}

/**
 * A user as the report names them: full name and address; a share-link visitor reads no address, so the
 * name alone (or the user number while the person has given none).
 */
export const personOf = (user: { id: number; name: string | null; email: string | null } | null) =>
  user ? personLabel(user) : null;

export function auditOf(row: AuditEntry): ReportAuditEntry {
  return {
    at: row.at,
    who: row.user ? personLabel(row.user) : 'Eluent server',
    what: `${row.entity_label} ${row.entity_id}${row.label ? ` (${row.label})` : ''}`,
    action: row.action_label,
    reason: row.reason,
    changes: row.changes.map((change) => {
      const after = change.new ?? '—';
      return `${change.label} ${change.old === null ? after : `${change.old} → ${after}`}`;
    }),
  };
}

/** Result errors as readable lines: catalogue errors carry `message`, processing steps `{step, error}`. */
export function errorsOf(value: unknown): string[] {
  const errors = parseAnswer(reportErrorsSchema, value, 'result errors') ?? [];
  return errors.map((error) => {
    if (error.error) return error.step ? `${error.step}: ${error.error}` : error.error;
    if (error.code === 'processing_no_peaks') return noPeaksText([error]) ?? 'No peaks found.';
    return error.message || error.code || 'error';
  });
}

const meaningWords: Record<string, string> = signatureMeaningLabels;

export function signaturesOf(review: Review | null, scope: ReportSignature['scope']): ReportSignature[] {
  return (review?.signatures ?? []).map((row) => {
    const { name, email } = row.signer;
    return {
      scope,
      meaning: meaningWords[row.meaning] ?? row.meaning,
      signer: name === email || !email ? name : `${name} (${email})`,
      signedAt: row.signed_at,
      reason: row.reason,
      versions: row.results.map((item) => `v${item.version}`).join(', '),
      valid: row.valid,
      status: row.valid ? 'valid' : row.status === 'superseded' ? 'superseded' : 'invalid',
      invalidReason: row.invalid_reason,
    };
  });
}

export const reviewStateOf = (review: Review): string => reviewStateLabels[review.state];

export function checkpointOf(
  checkpoint: { chain_seq: number; head_hash: string } | null,
): ReportModel['auditCheckpoint'] {
  return checkpoint ? { chainSeq: checkpoint.chain_seq, headHash: checkpoint.head_hash } : null;
}
