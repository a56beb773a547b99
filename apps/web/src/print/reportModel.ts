// What a printed report shows, independent of where the data came from (the cabinet's stored report data
// or a share link read through GraphQL).
import {
  backCalculatedOf,
  calibrationProblemSchema,
  calibrationProblemText,
  componentWeightingLabels,
  componentWeightings,
  noPeaksText,
  personLabel,
  reviewStateLabels,
  signatureMeaningLabels,
  storedPeakFigures,
  suitabilityCheckSchema,
  suitabilityCheckText,
  replicateCountText,
  type BackCalculationSource,
} from '@eluent/contracts';
import { flagBelowThreshold } from '../features/chromatograms/peakRows.ts';

export interface ReportPeak {
  number: number;
  name: string | null;
  retentionTimeSec: number;
  area: number;
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

type Json = Record<string, unknown>;

export const asObject = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
export const asList = (value: unknown): Json[] => (Array.isArray(value) ? value.map(asObject) : []);
export const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
export const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** A stored peak of the report data, read through the one reading of stored peaks (`storedPeakFigures`). */
export function peakOf(row: Json): ReportPeak {
  const peak = storedPeakFigures({
    number: num(row.number) ?? 0,
    name: text(row.name),
    retention_time_sec: num(row.retention_time_sec) ?? 0,
    start_sec: num(row.start_sec) ?? 0,
    end_sec: num(row.end_sec) ?? 0,
    baseline_start: num(row.baseline_start),
    baseline_end: num(row.baseline_end),
    area: num(row.area) ?? 0,
    area_percent: num(row.area_percent),
    height: num(row.height),
    width_half_sec: num(row.width_half_sec),
    tailing: num(row.tailing),
    plates_half: num(row.plates_half),
    resolution: num(row.resolution),
    signal_to_noise: num(row.signal_to_noise),
    amount: num(row.amount),
    amount_unit: text(row.amount_unit),
    start_code: text(row.start_code),
    stop_code: text(row.stop_code),
  });
  return {
    number: peak.number,
    name: peak.name,
    retentionTimeSec: peak.retentionTimeSec,
    area: peak.area,
    areaPercent: peak.areaPercent,
    height: peak.height,
    amount: peak.amount,
    amountUnit: peak.amountUnit,
    platesHalf: peak.plates,
    tailing: peak.tailing,
    resolution: peak.resolution,
    signalToNoise: peak.signalToNoise,
    code: peak.code,
  };
}

/** A stored calibration problem as the catalogue sentence; null when there is none or it is not readable. */
function problemOf(value: unknown): string | null {
  const parsed = calibrationProblemSchema.safeParse(value);
  return parsed.success ? calibrationProblemText(parsed.data) : null;
}

function weightingText(value: unknown): string {
  return componentWeightings.find((w) => w === value) ? componentWeightingLabels[value as 'none'] : '1';
}

export function calibrationOf(row: Json): ReportCalibration {
  const bracket = num(row.bracket) ?? 0;
  return {
    // A bracketed calibration has one curve per bracket of standards (docs/assay.md).
    analyte: `${text(row.analyte) ?? ''}${bracket > 0 ? `, bracket ${bracket}` : ''}`,
    model: text(row.model) ?? '',
    slope: num(row.slope),
    intercept: num(row.intercept),
    rSquared: num(row.r_squared),
    amountUnit: text(row.amount_unit) ?? '',
    points: Array.isArray(row.points) ? row.points.length : 0,
    problem: problemOf(row.problem),
    curvature: num(row.curvature) ?? 0,
    residualSd: num(row.residual_sd),
    weighting: weightingText(row.weighting),
    residuals: asList(row.residuals).flatMap((point) => {
      const [amount, area, residual] = [num(point.amount), num(point.area), num(point.residual)];
      return amount === null || area === null || residual === null ? [] : [{ amount, area, residual }];
    }),
  };
}

export function auditOf(row: Json): ReportAuditEntry {
  const user = asObject(row.user);
  const label = text(row.label);
  return {
    at: text(row.at) ?? '',
    who: row.user ? (personOf(user) ?? '') : 'Eluent server',
    what: `${text(row.entity_label) ?? text(row.entity) ?? ''} ${text(row.entity_id) ?? ''}${label ? ` (${label})` : ''}`,
    action: text(row.action_label) ?? text(row.action) ?? '',
    reason: text(row.reason),
    changes: asList(row.changes).map((change) => {
      const before = text(change.old);
      const after = text(change.new) ?? '—';
      return `${text(change.label) ?? ''} ${before === null ? after : `${before} → ${after}`}`;
    }),
  };
}

/** Result errors as readable lines: catalogue errors carry `message`, processing steps `{step, error}`. */
export function errorsOf(value: unknown): string[] {
  return asList(value).map((error) => {
    const stepError = text(error.error);
    const step = text(error.step);
    if (stepError) return step ? `${step}: ${stepError}` : stepError;
    if (error.code === 'processing_no_peaks') return noPeaksText([error]) ?? 'No peaks found.';
    return text(error.message) ?? text(error.code) ?? 'error';
  });
}

export function templateName(snapshot: unknown): string | null {
  return text(asObject(snapshot).name);
}

/** The reporting threshold (%) a result's detection applied; null when it applied none or does not say. */
export function thresholdOf(figures: unknown): number | null {
  return num(asObject(asObject(asObject(figures).detection).reportingThreshold).percent);
}

/**
 * A result's peaks, those under the threshold it applied flagged again with the core's rule (the stored
 * peaks keep no flag; `flagBelowThreshold`).
 */
export function resultPeaksOf(peaks: unknown, figures: unknown): ReportPeak[] {
  return flagBelowThreshold(asList(peaks).map(peakOf), thresholdOf(figures));
}

export function noiseOf(figures: unknown): number | null {
  return num(asObject(asObject(figures).noise).rms);
}

/** An injection row's suitability: the verdict and each component's tests in words. */
export function suitabilityOf(value: unknown): { pass: boolean | null; lines: string[] } {
  const lines = asList(value);
  if (lines.length === 0) return { pass: null, lines: [] };
  return {
    pass: lines.every((line) => line.pass === true),
    lines: lines.map((line) => {
      const checks = asList(line.checks).flatMap((check) => {
        const parsed = suitabilityCheckSchema.safeParse(check);
        return parsed.success ? [suitabilityCheckText(parsed.data)] : [];
      });
      return `${text(line.component) ?? ''}: ${line.pass === true ? 'Pass' : 'Fail'} (${checks.join(', ')})`;
    }),
  };
}

/** The summary lines: per sample and component, in the order they first ran, with the server's replicates. */
export function summaryOf(
  injections: readonly ReportInjection[],
  replicates: unknown,
  suitability: unknown[],
  /** The sequence's verdicts: a standard's found and planned injections come from its area %RSD line. */
  sequenceSuitability: unknown = [],
  /** The sequence's calibrations: a calibrating standard's amounts are read back through its curve. */
  calibrations: unknown = [],
): ReportSummaryRow[] {
  const rows = new Map<string, ReportSummaryRow & { volumeSet: Set<number>; tested: boolean[] }>();
  const curves = backCalculationSources(calibrations);
  injections.forEach((injection, index) => {
    const tested = asList(suitability[index]);
    for (const peak of injection.peaks) {
      if (!peak.name) continue;
      const back =
        injection.measurementId === null
          ? null
          : backCalculatedOf(curves, injection.measurementId, peak.name, peak.amount);
      const key = JSON.stringify([injection.sampleName, peak.name]);
      const row = rows.get(key) ?? {
        sample: injection.sampleName,
        sampleType: injection.sampleType,
        component: peak.name,
        injections: 0,
        amounts: [],
        unit: peak.amountUnit,
        mean: null,
        rsdPercent: null,
        volumes: '',
        suitabilityPass: null,
        planned: null,
        complete: true,
        nominal: null,
        deviations: [],
        volumeSet: new Set<number>(),
        tested: [],
      };
      row.injections += 1;
      row.amounts.push(back ? back.amount : peak.amount);
      row.deviations.push(back ? back.deviationPercent : null);
      row.nominal ??= back?.nominal ?? null;
      row.unit ??= peak.amountUnit;
      if (injection.injectionUl !== null) row.volumeSet.add(injection.injectionUl);
      const line = tested.find((item) => item.component === peak.name);
      if (line) row.tested.push(line.pass === true);
      rows.set(key, row);
    }
  });
  const statistics = asList(replicates);
  return [...rows.values()].map(({ volumeSet, tested, ...row }) => {
    const replicate = statistics.find(
      (line) => text(asObject(line.sample).name) === row.sample && line.component === row.component,
    );
    const standardLine = asList(sequenceSuitability)
      .filter((line) => line.component === row.component)
      .flatMap((line) => asList(line.area_rsd))
      .find((line) => text(asObject(line.sample).name) === row.sample);
    const counted = replicate ?? standardLine;
    const planned = counted ? num(counted.planned) : null;
    const count = counted && planned !== null ? (num(counted.count) ?? row.injections) : row.injections;
    return {
      ...row,
      injections: count,
      planned,
      complete: planned === null || count >= planned,
      mean: replicate ? num(replicate.mean) : null,
      rsdPercent: replicate ? num(replicate.relative_sd_percent) : null,
      volumes: [...volumeSet].sort((a, b) => a - b).join(', '),
      suitabilityPass: tested.length === 0 ? null : tested.every(Boolean),
    };
  });
}

/** The calibrations of the report data as backCalculatedOf reads them. */
function backCalculationSources(value: unknown): BackCalculationSource[] {
  return asList(value).map((calibration) => ({
    analyte: text(calibration.analyte) ?? '',
    residuals: asList(calibration.residuals).map((point) => ({
      measurement_id: num(point.measurement_id) ?? undefined,
      amount: num(point.amount) ?? 0,
      back_calculated_amount: num(point.back_calculated_amount),
    })),
  }));
}

function sequenceSuitabilityOf(value: unknown): ReportSuitability[] {
  return asList(value).map((line) => ({
    component: text(line.component) ?? '',
    pass: line.pass === true,
    status:
      line.status === 'incomplete' || line.status === 'fail' || line.status === 'pass'
        ? line.status
        : line.pass === true
          ? 'pass'
          : 'fail',
    injectionsPlanned: num(line.injections_planned) ?? num(line.injections) ?? 0,
    injections: num(line.injections) ?? 0,
    injectionsFailed: num(line.injections_failed) ?? 0,
    areaRsd: asList(line.area_rsd)
      .map((rsd) => {
        const parsed = suitabilityCheckSchema.safeParse(rsd.check);
        const name = text(asObject(rsd.sample).name) ?? '';
        return parsed.success
          ? `${name} (n = ${replicateCountText(num(rsd.count) ?? 0, num(rsd.planned) ?? 0)}): ${suitabilityCheckText(parsed.data)}`
          : name;
      })
      .join('; '),
  }));
}

/**
 * A user as the report names them: full name and address; a share-link visitor reads no address, so the name
 * alone (or the user number while the person has given none).
 */
function personOf(value: unknown): string | null {
  if (!value) return null;
  const user = asObject(value);
  return personLabel({ id: num(user.id) ?? 0, name: text(user.name), email: text(user.email) });
}

/**
 * Who made it: an injection's report names its operator (the server's `operator`); a sequence's is whoever
 * started the run, the newest start of the sequence in its audit trail.
 */
function operatorOf(report: Json): string | null {
  if (report.kind === 'injection') return personOf(report.operator);
  const start = [...asList(report.audit)]
    .reverse()
    .find((entry) => entry.entity === 'sequences' && entry.action === 'start');
  return personOf(start?.user);
}

const meaningWords: Record<string, string> = signatureMeaningLabels;
const stateWords: Record<string, string> = reviewStateLabels;

function signaturesOf(review: unknown, scope: ReportSignature['scope']): ReportSignature[] {
  return asList(asObject(review).signatures).map((row) => {
    const signer = asObject(row.signer);
    const name = text(signer.name) ?? '';
    const email = text(signer.email) ?? '';
    return {
      scope,
      meaning: meaningWords[text(row.meaning) ?? ''] ?? text(row.meaning) ?? '',
      signer: name === email || !email ? name : `${name} (${email})`,
      signedAt: text(row.signed_at) ?? '',
      reason: text(row.reason),
      versions: asList(row.results)
        .map((item) => `v${num(item.version) ?? '?'}`)
        .join(', '),
      valid: row.valid === true,
      status: row.valid === true ? 'valid' : text(row.status) === 'superseded' ? 'superseded' : 'invalid',
      invalidReason: text(row.invalid_reason),
    };
  });
}

function reviewStateOf(review: unknown): string | null {
  const state = text(asObject(review).state);
  return state ? (stateWords[state] ?? state) : null;
}

function checkpointOf(value: unknown): ReportModel['auditCheckpoint'] {
  const checkpoint = asObject(value);
  const chainSeq = num(checkpoint.chain_seq);
  const headHash = text(checkpoint.head_hash);
  return chainSeq === null || !headHash ? null : { chainSeq, headHash };
}

/** The server's `/api/reports/{kind}/{id}/` answer, as the cabinet stores it. */
export function reportFromServer(data: unknown): ReportModel {
  const report = asObject(data);
  const instrument = asObject(report.instrument);
  const column = text(asObject(instrument.installed_column).name);
  const base = {
    generatedAt: text(report.generated_at) ?? new Date().toISOString(),
    instrument: text(instrument.name),
    column,
    calibrations: asList(report.calibrations).map(calibrationOf),
    audit: asList(report.audit).map(auditOf),
    operator: operatorOf(report),
    reportNumber: num(asObject(report.record).report_number),
    auditCheckpoint: checkpointOf(report.audit_checkpoint),
    sequenceNumber: num(report.sequence_number),
    reviewState: reviewStateOf(report.review),
    signatures: [
      ...signaturesOf(report.sequence_review, 'Sequence'),
      ...signaturesOf(report.review, report.kind === 'injection' ? 'Injection' : 'Sequence'),
    ],
  };
  if (report.kind === 'injection') {
    const injection = asObject(report.injection);
    const measurement = asObject(report.measurement);
    const sample = asObject(report.sample);
    const results = asList(report.results);
    const latest = results.at(-1) ?? {};
    const chromatogram = asObject(report.chromatogram);
    const method = text(asObject(report.method_snapshot).name);
    const template = templateName(latest.template_snapshot);
    const trace =
      Array.isArray(chromatogram.time_sec) && Array.isArray(chromatogram.signal)
        ? {
            timeSec: chromatogram.time_sec as number[],
            signal: chromatogram.signal as number[],
            unit: text(chromatogram.unit) ?? '',
          }
        : null;
    return {
      ...base,
      kind: 'injection',
      title: 'Injection report',
      method,
      template,
      sample: text(sample.name),
      date: text(injection.started_at),
      injections: [
        {
          injectionId: num(injection.id) ?? 0,
          measurementId: num(measurement.id),
          sampleName: text(sample.name) ?? text(measurement.name) ?? '—',
          sampleType: text(sample.type),
          replicate: num(injection.replicate),
          vial: num(injection.vial),
          state: text(injection.state),
          startedAt: text(injection.started_at),
          method,
          template,
          unit: text(measurement.signal_unit) ?? trace?.unit ?? '',
          noise: noiseOf(latest.figures),
          trace,
          peaks: resultPeaksOf(latest.peaks, latest.figures),
          reportingThresholdPercent: thresholdOf(latest.figures),
          errors: errorsOf(latest.errors),
          injectionUl: num(asObject(report.method_snapshot).injection_ul),
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
  const sequence = asObject(report.sequence);
  const method = text(asObject(report.method).name);
  const template = text(asObject(report.template).name);
  return {
    ...base,
    kind: 'sequence',
    title: 'Sequence report',
    method,
    template,
    sample: text(sequence.name),
    date: text(sequence.started_at),
    ...sequenceParts(report, method, template),
  };
}

/** The injections of a sequence report, its summary and its verdicts. */
function sequenceParts(
  report: Json,
  method: string | null,
  template: string | null,
): Pick<ReportModel, 'injections' | 'summary' | 'suitability'> {
  const rows = asList(report.injections);
  const injections = rows.map((row): ReportInjection => {
    const result = asObject(row.result);
    const sample = asObject(row.sample);
    const tested = suitabilityOf(row.suitability);
    return {
      injectionId: num(row.injection_id) ?? 0,
      measurementId: num(row.measurement_id),
      sampleName: text(sample.name) ?? '—',
      sampleType: text(sample.type),
      replicate: num(row.replicate),
      vial: num(row.vial),
      state: text(row.injection_state),
      startedAt: null,
      method,
      template: templateName(result.template_snapshot) ?? template,
      unit: text(asObject(result.figures).unit) ?? '',
      noise: noiseOf(result.figures),
      trace: null,
      peaks: resultPeaksOf(result.peaks, result.figures),
      reportingThresholdPercent: thresholdOf(result.figures),
      errors: errorsOf(result.errors),
      injectionUl: num(row.injection_ul),
      weightMg: num(row.weight_mg),
      dilution: num(row.dilution),
      suitabilityPass: tested.pass,
      suitability: tested.lines,
    };
  });
  return {
    injections,
    summary: summaryOf(
      injections,
      report.replicates,
      rows.map((row) => row.suitability),
      report.suitability,
      report.calibrations,
    ),
    suitability: sequenceSuitabilityOf(report.suitability),
  };
}
