// Report data: everything a printed sequence or injection report shows, assembled in one answer
// (instrument, method, template, sample, peak table with amounts, calibration, system suitability, audit).
import {
  domainErrors,
  type Calibration,
  type DomainErrorCode,
  type InjectionResult,
  type ProcessingResult,
} from '@eluent/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { auditOf } from '../../repositories/sequences-audit.ts';
import type { PeakRow, ResultRow, ResultsRepository } from '../../repositories/results.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SamplesRepository } from '../../repositories/samples.ts';
import type { SequencesRepository } from '../../repositories/sequences.ts';

function peakView(peak: PeakRow) {
  const { owner_id: _owner, result_id: _result, measurement_id: _measurement, ...rest } = peak;
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

/** The processing failure recorded with a measurement, as its catalogue text (never the raw code alone). */
function processingErrorOf(metadata: unknown): { code: DomainErrorCode; detail: string } | null {
  const code = (metadata as { processing_error?: unknown } | null)?.processing_error;
  if (typeof code !== 'string') return null;
  const known = Object.hasOwn(domainErrors, code) ? (code as DomainErrorCode) : 'processing_general_error';
  return { code: known, detail: domainErrors[known] };
}

export function createReportsService(deps: {
  db: Kysely<Database>;
  sequences: SequencesRepository;
  samples: SamplesRepository;
  runs: RunsRepository;
  results: ResultsRepository;
}) {
  const { db, sequences, samples, runs, results } = deps;

  async function instrumentOf(ownerId: number, deviceId: number | null) {
    if (deviceId === null) return null;
    const device = await samples.device(ownerId, deviceId);
    if (!device) return null;
    const { pairing_code_hash: _pairing, credential_hash: _credential, wifi: _wifi, ...rest } = device;
    return rest;
  }

  /** One row per injection of the sequence with its newest result; calibrations beside. */
  async function sequenceResults(ownerId: number, sequenceId: number) {
    const sequence = await sequences.find(ownerId, sequenceId);
    if (!sequence) throw AppError.domain(404, 'sequence_not_found');
    const measurements = await runs.measurementsOfSequence(sequenceId);
    const latest = await results.latestResults(measurements.map((m) => m.id));
    const peaks = await results.peaks(latest.map((r) => r.id));
    const sampleRows = await samples.findMany(
      ownerId,
      measurements.map((m) => m.sample_id).filter((id): id is number => id !== null),
    );
    const injections = measurements.map((m): InjectionResult => {
      const result = latest.find((r) => r.measurement_id === m.id);
      const sample = sampleRows.find((s) => s.id === m.sample_id);
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
        points_count: m.points_count,
        result: result ? resultView(result, peaks) : null,
        processing_error: processingErrorOf(m.metadata),
      };
    });
    const calibrations = (await results.calibrations(sequenceId)).map(
      ({ owner_id: _owner, ...rest }): Calibration => ({
        ...rest,
        // Stored as the list of points the fit was made from.
        points: rest.points as Calibration['points'],
        created_at: rest.created_at.toISOString(),
      }),
    );
    return { sequence, injections, calibrations };
  }

  return {
    sequenceResults,

    async sequenceReport(ownerId: number, sequenceId: number) {
      const { sequence, injections, calibrations } = await sequenceResults(ownerId, sequenceId);
      const method =
        sequence.method_id === null ? null : ((await samples.method(ownerId, sequence.method_id)) ?? null);
      const template = sequence.template_uuid
        ? ((await sequences.template(ownerId, sequence.template_uuid)) ?? null)
        : null;
      const drafts = await sequences.drafts([sequenceId]);
      const audit = await auditOf(db, [
        { entity: 'sequences', ids: [sequenceId] },
        { entity: 'drafts', ids: drafts.map((d) => d.id) },
        { entity: 'processing_results', ids: injections.flatMap((i) => (i.result ? [i.result.id] : [])) },
      ]);
      return {
        kind: 'sequence' as const,
        generated_at: new Date().toISOString(),
        sequence: { ...sequence, owner_id: undefined },
        instrument: await instrumentOf(ownerId, sequence.device_id),
        method,
        template,
        drafts,
        injections,
        calibrations,
        audit,
      };
    },

    async injectionReport(ownerId: number, injectionId: number) {
      const injection = await runs.injection(injectionId);
      if (!injection || injection.owner_id !== ownerId)
        throw AppError.domain(404, 'measurement_no_injection');
      const measurement = await runs.measurementOfInjection(injectionId);
      if (!measurement) throw AppError.domain(404, 'sequence_injection_without_measurement');
      const all = await results.results(measurement.id);
      const peaks = await results.peaks(all.map((r) => r.id));
      const signal = await results.signal(measurement.id);
      const sample =
        injection.sample_id === null ? null : ((await samples.find(ownerId, injection.sample_id)) ?? null);
      const calibrations =
        injection.sequence_id === null ? [] : await results.calibrations(injection.sequence_id);
      const audit = await auditOf(db, [
        { entity: 'processing_results', ids: all.map((r) => r.id) },
        { entity: 'measurements', ids: [measurement.id] },
      ]);
      return {
        kind: 'injection' as const,
        generated_at: new Date().toISOString(),
        injection,
        measurement: { ...measurement, owner_id: undefined },
        sample,
        analytes: sample ? await samples.analytes([sample.id]) : [],
        instrument: await instrumentOf(ownerId, injection.device_id),
        method_snapshot: injection.method_snapshot,
        chromatogram: { time_sec: signal.timeSec, signal: signal.signal, unit: measurement.signal_unit },
        results: all.map((r) => resultView(r, peaks)),
        calibrations,
        audit,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
