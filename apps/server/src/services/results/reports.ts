// Report data: everything a printed sequence or injection report shows, assembled in one answer
// (instrument, method, template, sample, peak table with amounts, calibration, system suitability, audit).
import {
  domainErrors,
  type AuditCheckpointRef,
  type AuditEntry,
  type Calibration,
  type DomainErrorCode,
  type InjectionResult,
  type ProcessingResult,
  type Review,
  type SignatureSubjectKind,
} from '@eluent/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { auditOf, writeAudit } from '../../repositories/audit.ts';
import { issueReport, sequenceNumbers } from '../../repositories/records.ts';
import { describeAuditRows } from '../audit/describe.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';
import type { CalibrationRow, PeakRow, ResultRow, ResultsRepository } from '../../repositories/results.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SamplesRepository } from '../../repositories/samples.ts';
import type { SequencesRepository } from '../../repositories/sequences.ts';
import type { UsersRepository } from '../../repositories/users.ts';
import { replicateSummaries } from './replicates.ts';
import { injectionSuitability, sequenceSuitability, type PlannedSample } from './suitability.ts';
import { bracketsOf, calibrates, calibrationModeOf, plannedInjection } from './sequence-calibration.ts';
import { knownAmountsOf } from './standard-levels.ts';

function peakView(peak: PeakRow) {
  const {
    owner_id: _owner,
    workspace_id: _workspace,
    result_id: _result,
    measurement_id: _measurement,
    ...rest
  } = peak;
  return rest;
}

export function resultView(result: ResultRow, peaks: PeakRow[]): ProcessingResult {
  return {
    id: result.id,
    version: result.version,
    kind: result.kind,
    template_uuid: result.template_uuid,
    template_snapshot: result.template_snapshot,
    algorithm_versions: result.algorithm_versions,
    figures: result.figures,
    errors: result.errors,
    reason: result.reason,
    parent_result_id: result.parent_result_id,
    created_at: result.created_at.toISOString(),
    peaks: peaks.filter((p) => p.result_id === result.id).map(peakView),
  };
}

/** A stored calibration as the REST answer types it (points, residuals and problem are JSON columns). */
export function calibrationView({
  owner_id: _owner,
  workspace_id: _workspace,
  ...rest
}: CalibrationRow): Calibration {
  return {
    ...rest,
    points: rest.points as Calibration['points'],
    residuals: (rest.residuals ?? []) as Calibration['residuals'],
    problem: (rest.problem ?? null) as Calibration['problem'],
    created_at: rest.created_at.toISOString(),
  };
}

/** The processing failure recorded with a measurement, as its catalogue text (never the raw code alone). */
function processingErrorOf(metadata: unknown): { code: DomainErrorCode; detail: string } | null {
  const code = (metadata as { processing_error?: unknown } | null)?.processing_error;
  if (typeof code !== 'string') return null;
  const known = Object.hasOwn(domainErrors, code) ? (code as DomainErrorCode) : 'processing_general_error';
  return { code: known, detail: domainErrors[known] };
}

/** Who reads a report: its owner, or a visitor through a share link. */
interface Audience {
  visitor: boolean;
}

/**
 * A visitor's report names who changed what by full name (or user number while they have none): no e-mail
 * address leaves through a link.
 */
function forAudience(audit: AuditEntry[], audience: Audience): AuditEntry[] {
  if (!audience.visitor) return audit;
  return audit.map((entry) => ({
    ...entry,
    user: entry.user ? { id: entry.user.id, email: null, name: entry.user.name } : null,
  }));
}

/** Who made an injection, as a report names them (a visitor: no address). */
interface Operator {
  id: number;
  email: string | null;
  name: string | null;
}

/**
 * A visitor's report prints each signer's name as signed (§11.50), but never an address: a signature made
 * before its signer gave a full name carries the address as its name and prints as the user number.
 */
function reviewFor(review: Review, audience: Audience): Review {
  if (!audience.visitor) return review;
  return {
    ...review,
    signatures: review.signatures.map((signature) => ({
      ...signature,
      signer: {
        id: signature.signer.id,
        name:
          signature.signer.name === signature.signer.email || signature.signer.name.includes('@')
            ? `User ${signature.signer.id}`
            : signature.signer.name,
        email: '',
      },
    })),
  };
}

export function createReportsService(deps: {
  db: Kysely<Database>;
  sequences: SequencesRepository;
  samples: SamplesRepository;
  runs: RunsRepository;
  results: ResultsRepository;
  /** The review state and signatures of a sequence or a measurement (services/signatures). */
  review: (workspaceId: number, kind: SignatureSubjectKind, id: number) => Promise<Review>;
  users: Pick<UsersRepository, 'findById'>;
  /** The audit chain's latest signed checkpoint, printed on every report (docs/audit.md "Checkpoints"). */
  checkpoint: () => Promise<AuditCheckpointRef | null>;
}) {
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

  async function instrumentOf(workspaceId: number, deviceId: number | null) {
    if (deviceId === null) return null;
    const device = await samples.device(workspaceId, deviceId);
    if (!device) return null;
    const { pairing_code_hash: _pairing, credential_hash: _credential, wifi: _wifi, ...rest } = device;
    return rest;
  }

  /** One row per injection of the sequence with its newest result; calibrations beside. */
  async function sequenceResults(workspaceId: number, sequenceId: number) {
    const sequence = await sequences.find(workspaceId, sequenceId);
    if (!sequence) throw AppError.domain(404, 'sequence_not_found');
    const measurements = await runs.measurementsOfSequence(sequenceId);
    const latest = await results.latestResults(measurements.map((m) => m.id));
    const peaks = await results.peaks(latest.map((r) => r.id));
    const draftRows = await sequences.drafts([sequenceId]);
    const drafts = new Map(draftRows.map((d) => [d.id, d]));
    const sampleRows = await samples.findMany(workspaceId, [
      ...new Set(
        [...measurements.map((m) => m.sample_id), ...draftRows.map((d) => d.sample_id)].filter(
          (id): id is number => id !== null,
        ),
      ),
    ]);
    const planned = measurements.map((m) =>
      plannedInjection(
        m,
        sampleRows.find((s) => s.id === m.sample_id),
        m.draft_id === null ? undefined : drafts.get(m.draft_id),
        m.state === 'complete' ? latest.find((r) => r.measurement_id === m.id) : undefined,
      ),
    );
    const firstStandard = planned.find(calibrates);
    const { bracketOf } = bracketsOf(planned, calibrationModeOf(firstStandard?.result?.template_snapshot));
    const injections = measurements.map((m, index): InjectionResult => {
      const result = latest.find((r) => r.measurement_id === m.id);
      const sample = sampleRows.find((s) => s.id === m.sample_id);
      const draft = m.draft_id === null ? undefined : drafts.get(m.draft_id);
      return {
        // Read through the injections join: every row has its injection.
        injection_id: m.injection_id!,
        injection_state: m.injection_state,
        interrupted_reason: m.interrupted_reason,
        measurement_id: m.id,
        measurement_state: m.state,
        draft_id: m.draft_id,
        replicate: m.replicate,
        vial: m.vial,
        sample: sample ? { id: sample.id, name: sample.name, type: sample.type } : null,
        weight_mg: draft?.weight_mg ?? null,
        dilution: draft?.dilution ?? null,
        injection_ul: planned[index]!.volumeUl,
        check_standard: sample?.type === 'standard' && (draft?.check_standard ?? false),
        calibration_level: sample?.type === 'standard' ? (draft?.calibration_level ?? null) : null,
        bracket: bracketOf.get(m.id) ?? null,
        points_count: m.points_count,
        result: result ? resultView(result, peaks) : null,
        processing_error: processingErrorOf(m.metadata),
        suitability: [],
      };
    });
    // System suitability against the components' limits: a check standard reads its known amounts.
    const known = await samples.analytes(sampleRows.filter((s) => s.type === 'standard').map((s) => s.id));
    injections.forEach((injection, index) => {
      injection.suitability = injectionSuitability(injection, knownAmountsOf(planned[index]!, known));
    });
    const calibrations = (await results.calibrations(sequenceId)).map(calibrationView);
    // What the rows plan per sample: enabled rows, and rows that ran (a row disabled after it ran still
    // planned what it ran). Replicates and system suitability count found against it ("3 of 4").
    const ran = new Set(measurements.map((m) => m.draft_id));
    const plan = new Map<number, PlannedSample>();
    for (const draft of draftRows) {
      if (draft.sample_id === null || !(draft.enabled || ran.has(draft.id))) continue;
      const sample = sampleRows.find((s) => s.id === draft.sample_id);
      if (!sample) continue;
      const line = plan.get(sample.id) ?? { name: sample.name, type: sample.type, injections: 0 };
      line.injections += draft.injections_count;
      plan.set(sample.id, line);
    }
    return {
      sequence,
      injections,
      calibrations,
      replicates: replicateSummaries(
        injections,
        new Map([...plan].map(([id, line]) => [id, line.injections])),
      ),
      suitability: sequenceSuitability(injections, plan),
    };
  }

  const reports = {
    sequenceResults,

    async sequenceReport(workspaceId: number, sequenceId: number, audience: Audience = { visitor: false }) {
      const { sequence, injections, calibrations, replicates, suitability } = await sequenceResults(
        workspaceId,
        sequenceId,
      );
      const method =
        sequence.method_id === null
          ? null
          : ((await samples.method(workspaceId, sequence.method_id, undefined, sequence.method_version)) ??
            null);
      // The versions the sequence pinned, as it ran and was signed (migration 0029).
      const template = sequence.template_uuid
        ? ((await sequences.template(
            workspaceId,
            sequence.template_uuid,
            undefined,
            sequence.template_version,
          )) ?? null)
        : null;
      const drafts = await sequences.drafts([sequenceId]);
      // The sequence's trail (its rows, injections, calibrations and reprocessing point to it) and the
      // trails of its measurements (imports, processing, manual integration), readable.
      const audit = await describeAuditRows(
        db,
        sequence.owner_id,
        await auditOf(db, [
          { entity: 'sequences', ids: [sequenceId] },
          { entity: 'drafts', ids: drafts.map((d) => d.id) },
          {
            entity: 'measurements',
            ids: injections.flatMap((i) => (i.measurement_id ? [i.measurement_id] : [])),
          },
        ]),
      );
      return {
        kind: 'sequence' as const,
        generated_at: new Date().toISOString(),
        sequence: { ...sequence, owner_id: undefined, workspace_id: undefined, started_by: undefined },
        sequence_number: (await sequenceNumbers(db, [sequenceId])).get(sequenceId) ?? null,
        instrument: await instrumentOf(workspaceId, sequence.device_id),
        method,
        template,
        drafts,
        injections,
        calibrations,
        replicates,
        suitability,
        review: reviewFor(await review(workspaceId, 'sequence', sequenceId), audience),
        audit: forAudience(audit, audience),
        audit_checkpoint: await deps.checkpoint(),
      };
    },

    async injectionReport(workspaceId: number, injectionId: number, audience: Audience = { visitor: false }) {
      const injection = await runs.injection(injectionId);
      if (!injection || injection.workspace_id !== workspaceId)
        throw AppError.domain(404, 'measurement_no_injection');
      const measurement = await runs.measurementOfInjection(injectionId);
      if (!measurement) throw AppError.domain(404, 'sequence_injection_without_measurement');
      const all = await results.results(measurement.id);
      const peaks = await results.peaks(all.map((r) => r.id));
      const signal = await results.signal(measurement.id);
      const sample =
        injection.sample_id === null
          ? null
          : ((await samples.find(workspaceId, injection.sample_id)) ?? null);
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
        instrument: await instrumentOf(workspaceId, injection.device_id),
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
    },
  };

  return {
    ...reports,

    /**
     * Issues a report (POST /api/reports/{kind}/{id}/): its data with the workspace's next report number,
     * recorded and audited in one transaction, so the register of reports has no gaps.
     */
    async issue(actor: Actor, kind: 'sequence' | 'injection', id: number) {
      requireRole(actor, 'reports.issue');
      const data =
        kind === 'sequence'
          ? await reports.sequenceReport(actor.workspaceId, id)
          : await reports.injectionReport(actor.workspaceId, id);
      const parent =
        data.kind === 'sequence'
          ? { entity: 'sequences', id }
          : { entity: 'measurements', id: data.measurement.id };
      const issued = await db.transaction().execute(async (trx) => {
        const row = await issueReport(trx, {
          workspaceId: actor.workspaceId,
          kind,
          subjectId: id,
          issuedBy: actor.userId,
        });
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId: actor.workspaceId,
          entity: 'reports',
          entityId: row.id,
          label: `Report ${row.number}`,
          parent,
          action: 'issue',
          newValues: { number: row.number, kind, subject_id: id },
        });
        return row;
      });
      return {
        ...data,
        record: { report_number: issued.number, issued_at: new Date(issued.issued_at).toISOString() },
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
