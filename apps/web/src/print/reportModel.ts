// What a printed report shows, independent of where the data came from (the cabinet's stored report data,
// a share link's report, or a shared sample read through GraphQL). The server's report is read with
// `reportSchema` of @eluent/contracts: a report that does not match it is an error naming the field, and a
// figure it lacks prints "—", never 0.
import { reportSchema, type InjectionReport } from '@eluent/contracts';
import { parseAnswer } from '../api/parse.ts';
import {
  auditOf,
  calibrationOf,
  checkpointOf,
  columnName,
  errorsOf,
  figuresOf,
  noiseOf,
  personOf,
  resultPeaksOf,
  reviewStateOf,
  signaturesOf,
  snapshotName,
  snapshotVolume,
  thresholdOf,
  traceOf,
} from './reportParts.ts';
import { sequenceParts } from './reportSequence.ts';

export interface ReportPeak {
  number: number;
  name: string | null;
  retentionTimeSec: number;
  /** Null when the data lacks it: printed "—". */
  area: number | null;
  areaPercent: number | null;
  height: number | null;
  amount: number | null;
  amountUnit: string | null;
  platesHalf: number | null;
  tailing: number | null;
  resolution: number | null;
  signalToNoise: number | null;
  /** Separation code (BB, BV, TB…, `N` added for a negative peak). */
  code: string;
  /** Under the reporting threshold the result applied: listed apart, out of Area %. */
  belowReportingThreshold?: boolean;
}

export interface ReportTrace {
  timeSec: number[];
  signal: number[];
  unit: string;
}

export interface ReportInjection {
  injectionId: number;
  measurementId: number | null;
  sampleName: string;
  sampleType: string | null;
  replicate: number | null;
  vial: number | null;
  state: string | null;
  startedAt: string | null;
  method: string | null;
  template: string | null;
  unit: string;
  noise: number | null;
  /** Present when the report data carried the signal; otherwise the page loads it by measurement id. */
  trace: ReportTrace | null;
  peaks: ReportPeak[];
  /** The reporting threshold (%) the result applied (`figures.detection.reportingThreshold`); null: none. */
  reportingThresholdPercent: number | null;
  errors: string[];
  /** The injection volume the instrument ran with (µL), the row's weight (mg) and dilution. */
  injectionUl: number | null;
  weightMg: number | null;
  dilution: number | null;
  /** The system-suitability verdict of the injection; null when no component has limits. */
  suitabilityPass: boolean | null;
  /** Each tested component: "caffeine: Pass (plates 5400 ≥ 2000, tailing 1.1 ≤ 2)". */
  suitability: string[];
}

/** One line of the summary: a sample's component over its injections. */
export interface ReportSummaryRow {
  sample: string;
  sampleType: string | null;
  component: string;
  injections: number;
  /** Each injection's amount, in run order (null: not quantified). */
  amounts: Array<number | null>;
  unit: string | null;
  /** Over replicate injections (the server's statistics); null for a single injection. */
  mean: number | null;
  rsdPercent: number | null;
  /** The injection volumes used, µL ("10" or "5, 10"). */
  volumes: string;
  /** Every injection of the line passed its tests; null: not tested. */
  suitabilityPass: boolean | null;
  /** Injections the rows plan for the sample (the server's replicates); null: not a replicate line. */
  planned: number | null;
  /** False when a planned injection has no result ("n 3 of 4", incomplete: never a pass). */
  complete: boolean;
  /**
   * A calibrating standard's nominal amount: its `amounts` are then read back through the curve, each with
   * its deviation from nominal in `deviations` (%); null for samples, blanks and check standards.
   */
  nominal: number | null;
  deviations: Array<number | null>;
}

/** The sequence's verdict per component (standards and the area %RSD). */
export interface ReportSuitability {
  component: string;
  pass: boolean;
  /** Incomplete when a planned standard injection has no result. */
  status: 'pass' | 'fail' | 'incomplete';
  /** Standard injections planned by the rows. */
  injectionsPlanned: number;
  injections: number;
  injectionsFailed: number;
  areaRsd: string;
}

export interface ReportCalibration {
  analyte: string;
  model: string;
  /** Null when the component could not be calibrated; `problem` says why. */
  slope: number | null;
  intercept: number | null;
  rSquared: number | null;
  amountUnit: string;
  points: number;
  problem: string | null;
  curvature: number;
  /** s_y/x, the residual standard deviation. */
  residualSd: number | null;
  /** The weighting's words: "1", "1/x", "1/x²". */
  weighting: string;
  /** The standards' points with their residuals, for the curve's drawing. */
  residuals: Array<{ amount: number; area: number; residual: number }>;
}

/** One audit entry as the server writes it readable (docs/audit.md): who, what, each field old → new. */
export interface ReportAuditEntry {
  at: string;
  who: string;
  what: string;
  action: string;
  reason: string | null;
  changes: string[];
}

/** One electronic signature as printed: who, what it means, when (local time with zone) and validity. */
export interface ReportSignature {
  /** What it covers: the whole sequence or this injection alone. */
  scope: 'Sequence' | 'Injection';
  meaning: string;
  signer: string;
  signedAt: string;
  reason: string | null;
  versions: string;
  valid: boolean;
  /** valid, superseded (a newer version is current; the signed one is kept as signed) or invalid. */
  status: 'valid' | 'superseded' | 'invalid';
  /** Why it no longer holds for the current results (catalogue words from the server). */
  invalidReason: string | null;
}

export interface ReportModel {
  kind: 'injection' | 'sequence';
  title: string;
  /** Who started the run (the audit trail's start); null when the data does not say. */
  operator: string | null;
  /** The summary table of a sequence report (empty for an injection report). */
  summary: ReportSummaryRow[];
  suitability: ReportSuitability[];
  generatedAt: string;
  instrument: string | null;
  column: string | null;
  method: string | null;
  template: string | null;
  sample: string | null;
  date: string | null;
  injections: ReportInjection[];
  calibrations: ReportCalibration[];
  /** The issued report's record number (none for a report read through a share link). */
  reportNumber: number | null;
  /**
   * The audit chain's latest signed checkpoint when the report was made (docs/audit.md "Checkpoints"): its
   * position and head hash, so a rewritten chain no longer matches what was printed.
   */
  auditCheckpoint: { chainSeq: number; headHash: string } | null;
  /** The sequence's record number in its workspace. */
  sequenceNumber: number | null;
  /** The review state of what the report covers, when the report data carries one. */
  reviewState: string | null;
  signatures: ReportSignature[];
  audit: ReportAuditEntry[];
}

/**
 * Who made it: an injection's report names its operator (the server's `operator`); a sequence's is whoever
 * started the run, the newest start of the sequence in its audit trail.
 */
function operatorOf(report: ReturnType<typeof reportSchema.parse>): string | null {
  if (report.kind === 'injection') return personOf(report.operator);
  const start = report.audit.findLast((entry) => entry.entity === 'sequences' && entry.action === 'start');
  return personOf(start?.user ?? null);
}

function injectionParts(report: InjectionReport): Omit<ReportModel, keyof ReturnType<typeof baseOf>> {
  const { injection, measurement, sample, chromatogram } = report;
  const latest = report.results.at(-1) ?? null;
  const figures = figuresOf(latest?.figures);
  const method = snapshotName(report.method_snapshot);
  const template = latest ? snapshotName(latest.template_snapshot) : null;
  const trace = traceOf(chromatogram);
  return {
    kind: 'injection',
    title: 'Injection report',
    method,
    template,
    sample: sample?.name ?? null,
    date: injection.started_at,
    injections: [
      {
        injectionId: injection.id,
        measurementId: measurement.id,
        sampleName: sample?.name ?? measurement.name,
        sampleType: sample?.type ?? null,
        replicate: injection.replicate,
        vial: injection.vial,
        state: injection.state,
        startedAt: injection.started_at,
        method,
        template,
        unit: measurement.signal_unit,
        noise: noiseOf(figures),
        trace,
        peaks: resultPeaksOf(latest?.peaks ?? [], figures),
        reportingThresholdPercent: thresholdOf(figures),
        errors: errorsOf(latest?.errors),
        injectionUl: snapshotVolume(report.method_snapshot),
        weightMg: null,
        dilution: null,
        suitabilityPass: null,
        suitability: [],
      },
    ],
    summary: [],
    suitability: [],
  };
}

function baseOf(report: ReturnType<typeof reportSchema.parse>) {
  return {
    generatedAt: report.generated_at,
    instrument: report.instrument?.name ?? null,
    column: columnName(report.instrument?.installed_column),
    calibrations: report.calibrations.map(calibrationOf),
    audit: report.audit.map(auditOf),
    operator: operatorOf(report),
    reportNumber: report.record?.report_number ?? null,
    auditCheckpoint: checkpointOf(report.audit_checkpoint),
    sequenceNumber: report.sequence_number,
    reviewState: reviewStateOf(report.review),
    signatures: [
      ...(report.kind === 'injection' ? signaturesOf(report.sequence_review, 'Sequence') : []),
      ...signaturesOf(report.review, report.kind === 'injection' ? 'Injection' : 'Sequence'),
    ],
  };
}

/** The server's `/api/reports/{kind}/{id}/` answer, as the cabinet stores it or a share link reads it. */
export function reportFromServer(data: unknown): ReportModel {
  const report = parseAnswer(reportSchema, data, 'report');
  const base = baseOf(report);
  if (report.kind === 'injection') return { ...base, ...injectionParts(report) };
  const method = report.method?.name ?? null;
  const template = report.template?.name ?? null;
  return {
    ...base,
    kind: 'sequence',
    title: 'Sequence report',
    method,
    template,
    sample: report.sequence.name,
    date: report.sequence.started_at,
    ...sequenceParts(report, method, template),
  };
}
