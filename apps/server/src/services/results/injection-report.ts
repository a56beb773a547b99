// The injection report: one injection's measurement, chromatogram, every result version, calibration,
// reviews, operator and audit trail.
import type { AuditEntry } from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import { auditOf } from '../../repositories/audit.ts';
import { sequenceNumbers } from '../../repositories/records.ts';
import { describeAuditRows } from '../audit/describe.ts';
import {
  calibrationView,
  forAudience,
  instrumentOf,
  resultView,
  reviewFor,
  type Audience,
  type Operator,
} from './result-views.ts';
import type { ReportsDependencies } from './sequence-results.ts';

export function createInjectionReport(deps: ReportsDependencies) {
  const { db, sequences, samples, runs, results, review, users } = deps;

  async function person(userId: number | null, audience: Audience): Promise<Operator | null> {
    if (userId === null) return null;
    const user = await users.findById(userId);
    const name = user?.full_name ? user.full_name : null;
    if (audience.visitor) return { id: userId, email: null, name };
    return { id: userId, email: user?.email ?? null, name };
  }

  /**
   * Who made the injection: in a sequence, the user its `start` event names (the runner writes it for whoever
   * started the run), else the sequence's starter; outside a sequence, whoever started it on the instrument
   * page (the injection's creator).
   */
  async function operatorOf(
    injection: { id: number; owner_id: number; workspace_id: number; sequence_id: number | null },
    audit: AuditEntry[],
    audience: Audience,
  ): Promise<Operator | null> {
    if (injection.sequence_id === null) return person(injection.owner_id, audience);
    const start = audit.findLast(
      (entry) =>
        entry.entity === 'injections' && entry.action === 'start' && entry.entity_id === String(injection.id),
    );
    if (start?.user) return start.user;
    const sequence = await sequences.find(injection.workspace_id, injection.sequence_id);
    return person(sequence?.started_by ?? null, audience);
  }

  async function injectionReport(
    workspaceId: number,
    injectionId: number,
    audience: Audience = { visitor: false },
  ) {
    const injection = await runs.injection(injectionId);
    if (!injection || injection.workspace_id !== workspaceId)
      throw AppError.domain(404, 'measurement_no_injection');
    const measurement = await runs.measurementOfInjection(injectionId);
    if (!measurement) throw AppError.domain(404, 'sequence_injection_without_measurement');
    const all = await results.results(measurement.id);
    const peaks = await results.peaks(all.map((r) => r.id));
    const signal = await results.signal(measurement.id);
    const sample =
      injection.sample_id === null ? null : ((await samples.find(workspaceId, injection.sample_id)) ?? null);
    const calibrations =
      injection.sequence_id === null
        ? []
        : (await results.calibrations(injection.sequence_id)).map(calibrationView);
    const audit = await describeAuditRows(
      db,
      injection.owner_id,
      await auditOf(db, [
        { entity: 'processing_results', ids: all.map((r) => r.id) },
        { entity: 'measurements', ids: [measurement.id] },
        { entity: 'injections', ids: [injectionId] },
      ]),
    );
    const shown = forAudience(audit, audience);
    return {
      kind: 'injection' as const,
      generated_at: new Date().toISOString(),
      injection,
      sequence_number:
        injection.sequence_id === null
          ? null
          : ((await sequenceNumbers(db, [injection.sequence_id])).get(injection.sequence_id) ?? null),
      measurement: { ...measurement, owner_id: undefined, workspace_id: undefined },
      sample,
      analytes: sample ? await samples.analytes([sample.id]) : [],
      instrument: await instrumentOf(samples, workspaceId, injection.device_id),
      method_snapshot: injection.method_snapshot,
      chromatogram: {
        time_sec: Array.from(signal.timeSec),
        signal: Array.from(signal.signal),
        unit: measurement.signal_unit,
      },
      results: all.map((r) => resultView(r, peaks)),
      calibrations,
      review: reviewFor(await review(workspaceId, 'measurement', measurement.id), audience),
      // The signatures of its sequence cover this injection too.
      sequence_review:
        injection.sequence_id === null
          ? null
          : reviewFor(await review(workspaceId, 'sequence', injection.sequence_id), audience),
      operator: await operatorOf(injection, shown, audience),
      audit: shown,
      audit_checkpoint: await deps.checkpoint(),
    };
  }

  return injectionReport;
}
