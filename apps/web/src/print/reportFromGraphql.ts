// Report data read through a share link: the visitor token reads the sequence or injection through GraphQL
// (instrument, calibration and the audit trail stay with the owner; processing versions stand in for audit).
import {
  asList,
  asObject,
  errorsOf,
  noiseOf,
  num,
  peakOf,
  templateName,
  text,
  type ReportAuditEntry,
  type ReportInjection,
  type ReportModel,
} from './reportModel.ts';

const INJECTION_FIELDS = `id state replicate vial started_at method_snapshot sample { id name type }
  measurements { id signal_unit
    peaks { number name retention_time_sec area area_percent height amount amount_unit plates_half tailing resolution signal_to_noise
      start_code stop_code }
    processing_results { id version kind reason created_at template_snapshot errors } }`;

export const SHARED_SEQUENCE_REPORT = `query SharedSequenceReport($id: Int!) {
  sequences_by_pk(id: $id) { id name state started_at injections { ${INJECTION_FIELDS} } }
}`;

export const SHARED_INJECTION_REPORT = `query SharedInjectionReport($id: Int!) {
  injections_by_pk(id: $id) { ${INJECTION_FIELDS} }
}`;

function latestOf(results: Record<string, unknown>[]) {
  return results.reduce<Record<string, unknown> | null>(
    (best, result) => (best && (num(best.version) ?? 0) >= (num(result.version) ?? 0) ? best : result),
    null,
  );
}

function injectionOf(row: Record<string, unknown>): {
  injection: ReportInjection;
  audit: ReportAuditEntry[];
} {
  const measurement = asList(row.measurements)[0] ?? {};
  const results = asList(measurement.processing_results);
  const latest = latestOf(results) ?? {};
  const sample = asObject(row.sample);
  return {
    injection: {
      injectionId: num(row.id) ?? 0,
      measurementId: num(measurement.id),
      sampleName: text(sample.name) ?? '—',
      sampleType: text(sample.type),
      replicate: num(row.replicate),
      vial: num(row.vial),
      state: text(row.state),
      startedAt: text(row.started_at),
      method: text(asObject(row.method_snapshot).name),
      template: templateName(latest.template_snapshot),
      unit: text(measurement.signal_unit) ?? '',
      noise: noiseOf(latest.figures),
      trace: null,
      peaks: asList(measurement.peaks).map(peakOf),
      errors: errorsOf(latest.errors),
    },
    audit: results.map((result) => ({
      at: text(result.created_at) ?? '',
      entity: 'processing_results',
      entityId: text(result.id) ?? '',
      action: `${text(result.kind) ?? 'processing'} v${num(result.version) ?? 1}`,
      reason: text(result.reason),
      changed: [],
    })),
  };
}

export function reportFromGraphql(kind: 'injection' | 'sequence', data: unknown): ReportModel | null {
  const root = asObject(data);
  const base = { generatedAt: new Date().toISOString(), instrument: null, column: null, calibrations: [] };
  if (kind === 'injection') {
    const row = asObject(root.injections_by_pk);
    if (num(row.id) === null) return null;
    const { injection, audit } = injectionOf(row);
    return {
      ...base,
      kind,
      title: 'Injection report',
      method: injection.method,
      template: injection.template,
      sample: injection.sampleName,
      date: injection.startedAt,
      injections: [injection],
      audit,
    };
  }
  const sequence = asObject(root.sequences_by_pk);
  if (num(sequence.id) === null) return null;
  const parts = asList(sequence.injections).map(injectionOf);
  const first = parts[0]?.injection;
  return {
    ...base,
    kind,
    title: 'Sequence report',
    method: first?.method ?? null,
    template: first?.template ?? null,
    sample: text(sequence.name),
    date: text(sequence.started_at),
    injections: parts.map((part) => part.injection),
    audit: parts.flatMap((part) => part.audit),
  };
}
