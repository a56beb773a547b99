// Report data as the server answers GET /api/reports/{kind}/{id}/ (`reportSchema` of @eluent/contracts):
// complete objects that tests change field by field, so each test states only what it is about.
import type {
  AuditEntry,
  Calibration,
  InjectionReport,
  InjectionSuitability,
  ReplicateSummary,
  ReportPeakRow,
  ReportResult,
  Review,
  SequenceReport,
  SequenceSuitability,
} from '@eluent/contracts';

type InjectionRow = SequenceReport['injections'][number];

export function peakRow(fields: Partial<ReportPeakRow> = {}): ReportPeakRow {
  return {
    id: 1,
    number: 1,
    name: null,
    retention_time_sec: 332,
    start_sec: 320,
    end_sec: 345,
    baseline_start: 0,
    baseline_end: 0,
    area: 1000,
    area_percent: 100,
    height: 50,
    width_half_sec: 4,
    tailing: 1.1,
    plates_half: 5400,
    resolution: null,
    signal_to_noise: 300,
    amount: null,
    amount_unit: null,
    start_code: 'B',
    stop_code: 'B',
    height_percent: 100,
    width_base_sec: 10,
    asymmetry: 1.1,
    plates_tangent: 5200,
    retention_factor: 2.5,
    ...fields,
  };
}

export function resultOf(fields: Partial<ReportResult> = {}): ReportResult {
  return {
    id: 1,
    version: 1,
    kind: 'automatic',
    template_uuid: null,
    template_snapshot: { name: 'Default' },
    algorithm_versions: {},
    figures: { unit: 'mAU' },
    errors: [],
    reason: null,
    parent_result_id: null,
    created_at: '2026-11-24T10:00:00.000Z',
    peaks: [peakRow()],
    ...fields,
  };
}

export function injectionRow(fields: Partial<InjectionRow> = {}): InjectionRow {
  return {
    injection_id: 1,
    injection_state: 'complete',
    interrupted_reason: null,
    measurement_id: 11,
    measurement_state: 'complete',
    draft_id: null,
    replicate: 1,
    vial: 1,
    sample: { id: 1, name: 'Sample', type: 'sample' },
    weight_mg: null,
    dilution: null,
    injection_ul: 10,
    check_standard: false,
    calibration_level: null,
    bracket: null,
    points_count: 1000,
    result: resultOf(),
    processing_error: null,
    suitability: [],
    ...fields,
  };
}

export function suitabilityLine(fields: Partial<InjectionSuitability> = {}): InjectionSuitability {
  return { component: 'caffeine', peak_number: 1, checks: [], pass: true, ...fields };
}

export function calibrationOfAnalyte(fields: Partial<Calibration> = {}): Calibration {
  return {
    id: 1,
    sequence_id: 4,
    analyte: 'caffeine',
    bracket: 0,
    amount_unit: 'µg/mL',
    model: 'linear',
    weighting: 'none',
    slope: 40,
    intercept: 0,
    curvature: 0,
    r_squared: 1,
    residual_sd: null,
    points: [],
    residuals: [],
    problem: null,
    created_at: '2026-11-24T10:00:00.000Z',
    ...fields,
  };
}

export function replicateLine(fields: Partial<ReplicateSummary> = {}): ReplicateSummary {
  return {
    sample: { id: 9, name: 'Drink', type: 'sample' },
    component: 'caffeine',
    amount_unit: 'µg/mL',
    count: 2,
    planned: 2,
    complete: true,
    mean: 0,
    standard_deviation: null,
    relative_sd_percent: null,
    injection_ids: [],
    ...fields,
  };
}

export function sequenceVerdict(fields: Partial<SequenceSuitability> = {}): SequenceSuitability {
  return {
    component: 'caffeine',
    injections: 1,
    injections_failed: 0,
    injections_planned: 1,
    area_rsd: [],
    status: 'pass',
    pass: true,
    ...fields,
  };
}

export function auditRow(fields: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    chain_seq: 1,
    at: '2026-11-24T09:00:00.000Z',
    user: null,
    entity: 'sequences',
    entity_label: 'Sequence',
    entity_id: '4',
    label: null,
    action: 'create',
    action_label: 'Created',
    summary: 'Created Sequence 4',
    changes: [],
    reason: null,
    hash: 'ab'.repeat(32),
    ...fields,
  };
}

const review = (kind: Review['subject']['kind'], id: number): Review => ({
  subject: { kind, id },
  state: 'processed',
  results: [],
  can_sign: [],
  signatures: [],
});

export function sequenceReport(fields: Partial<SequenceReport> = {}): SequenceReport {
  return {
    kind: 'sequence',
    generated_at: '2026-11-24T12:00:00.000Z',
    sequence: { id: 4, name: 'Assay', state: 'FINISHED', started_at: null },
    instrument: null,
    method: null,
    template: null,
    drafts: [],
    injections: [],
    calibrations: [],
    replicates: [],
    suitability: [],
    sequence_number: 1,
    review: review('sequence', 4),
    audit: [],
    audit_checkpoint: null,
    ...fields,
  };
}

export function injectionReport(fields: Partial<InjectionReport> = {}): InjectionReport {
  return {
    kind: 'injection',
    generated_at: '2026-11-24T12:00:00.000Z',
    injection: { id: 9, state: 'complete', started_at: null, replicate: null, vial: null },
    measurement: { id: 12, name: 'Direct run', signal_unit: 'mAU' },
    sample: null,
    analytes: [],
    instrument: null,
    method_snapshot: null,
    chromatogram: { time_sec: [], signal: [], unit: 'mAU' },
    results: [resultOf()],
    calibrations: [],
    sequence_number: null,
    review: review('measurement', 12),
    sequence_review: null,
    operator: null,
    audit: [],
    audit_checkpoint: null,
    ...fields,
  };
}
