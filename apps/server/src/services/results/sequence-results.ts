// A sequence's results as its report and results page read them: one row per injection with its newest
// result, amounts, bracket and suitability; the calibrations, replicates and the plan per sample beside.
import type { AuditCheckpointRef, InjectionResult, Review, SignatureSubjectKind } from '@eluent/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { ResultsRepository } from '../../repositories/results.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SamplesRepository } from '../../repositories/samples.ts';
import type { SequencesRepository } from '../../repositories/sequences.ts';
import type { UsersRepository } from '../../repositories/users.ts';
import { replicateSummaries } from './replicates.ts';
import { injectionSuitability, sequenceSuitability, type PlannedSample } from './suitability.ts';
import { bracketsOf, calibrates, calibrationModeOf, plannedInjection } from './sequence-calibration.ts';
import { knownAmountsOf } from './standard-levels.ts';
import { calibrationView, processingErrorOf, resultView } from './result-views.ts';

export interface ReportsDependencies {
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
}

export function createSequenceResults({ sequences, samples, runs, results }: ReportsDependencies) {
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

  return sequenceResults;
}
