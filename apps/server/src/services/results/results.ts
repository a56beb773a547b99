// Processing a measurement into a versioned result: the template replayed on the raw signal (packages/signal),
// peaks named after the sequence's standards, system-suitability figures on every peak, and, inside a
// sequence, the calibration from its standards and the amounts of its samples.
import {
  checkProcessingTemplate,
  domainErrors,
  flattenTemplate,
  type FlatTemplate,
  type TemplatePayload,
} from '@eluent/contracts';
import {
  type Peak,
  type ProcessContext,
  type ProcessingResult,
  type ProcessingTemplate,
  type SignalInput,
} from '@eluent/signal';
import type { Insertable, Transaction } from 'kysely';
import type { ProcessingResultsTable } from '../../db/domain-schema.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { writeAudit } from '../../repositories/audit.ts';
import type { PeakValues, ResultRow, ResultsRepository } from '../../repositories/results.ts';
import type { SamplesRepository } from '../../repositories/samples.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SequencesRepository, TemplateRow } from '../../repositories/sequences.ts';
import { createResultContext } from './result-context.ts';
import { createRecalibration } from './sequence-recalibration.ts';
import { inThreadSignalWork, type SignalWorkers } from './signal-workers.ts';
import { componentsNotFound, namePeaks, type ExpectedComponent } from './components.ts';

/** What a result records about the template that made it. */
export interface TemplateSnapshot extends FlatTemplate {
  [key: string]: unknown;
}

export function snapshotOf(row: TemplateRow | undefined): TemplateSnapshot {
  if (!row) return { ...flattenTemplate({}), name: 'Default' };
  const payload = {
    ...row,
    params_pdet: row.params_pdet as Record<string, unknown>,
    params_peak: row.params_peak as Record<string, unknown>,
    params_base: row.params_base as Record<string, unknown>,
    params_binj: row.params_binj as Record<string, unknown>,
    params_nois: row.params_nois as Record<string, unknown>,
    params_dtim: row.params_dtim as Record<string, unknown>,
  } as Partial<TemplatePayload> & { id: number };
  // The components travel with the snapshot: a result names its peaks as the template did when it was made.
  return {
    ...flattenTemplate(payload),
    components: row.components ?? [],
    calibration_mode: row.calibration_mode ?? 'total',
  };
}

/**
 * A template snapshot checked against the one template schema (packages/contracts) before it reaches the
 * processing core; a stored template the core cannot read is a domain error naming its fields.
 */
export function processingTemplateOf(snapshot: TemplateSnapshot): ProcessingTemplate {
  const checked = checkProcessingTemplate(snapshot);
  if (!checked.ok) throw AppError.domain(400, 'processing_template_invalid', { fields: checked.problems });
  return checked.template;
}

/** Peak columns of the stored table from the processing core's figures. */
export function peakValues(peak: Peak, number: number): PeakValues {
  return {
    number,
    name: null,
    retention_time_sec: peak.retentionTimeSec,
    start_sec: peak.startSec,
    end_sec: peak.endSec,
    baseline_start: peak.baselineStartValue,
    baseline_end: peak.baselineEndValue,
    area: peak.area,
    area_percent: peak.areaPercent,
    height: peak.height,
    height_percent: peak.heightPercent,
    width_half_sec: peak.widthHalfSec,
    width_base_sec: peak.widthBaseSec,
    tailing: peak.tailing,
    asymmetry: peak.asymmetry10,
    plates_half: peak.platesHalfHeight,
    plates_tangent: peak.platesTangent,
    resolution: peak.resolution,
    retention_factor: peak.retentionFactor,
    signal_to_noise: peak.signalToNoise,
    amount: null,
    amount_unit: null,
    start_code: peak.startCode,
    stop_code: peak.stopCode,
  };
}

/** System-suitability summary of a result (reference/processing.md §2.2–2.4), per peak. */
export function suitabilityOf(peaks: PeakValues[]) {
  return peaks.map((peak) => ({
    number: peak.number,
    name: peak.name ?? null,
    retention_time_sec: peak.retention_time_sec,
    plates_half: peak.plates_half ?? null,
    plates_tangent: peak.plates_tangent ?? null,
    tailing: peak.tailing ?? null,
    asymmetry: peak.asymmetry ?? null,
    resolution: peak.resolution ?? null,
    signal_to_noise: peak.signal_to_noise ?? null,
  }));
}

/** The result's errors: each failing step, and 'No peaks found.' when nothing could be integrated. */
function resultErrors(outcome: ProcessingResult, peaksCount: number): unknown[] {
  const errors: unknown[] = outcome.steps.filter((step) => step.error !== null);
  if (peaksCount === 0)
    errors.push({
      code: 'processing_no_peaks',
      message: domainErrors.processing_no_peaks,
      // Why, in words (the run is flat, nothing above 10 × the noise, …): `noPeaksText` shows it.
      ...(outcome.noPeaks ? { reason: outcome.noPeaks.text, reason_code: outcome.noPeaks.code } : {}),
    });
  return errors;
}

/** A processed result not stored yet: its columns (without measurement and owner) and its peaks. */
export interface PreparedResult {
  values: Omit<
    Insertable<ProcessingResultsTable>,
    'version' | 'measurement_id' | 'owner_id' | 'workspace_id'
  >;
  peaks: PeakValues[];
}

export interface ProcessOptions {
  snapshot: TemplateSnapshot;
  templateUuid: string | null;
  /** The template's version the snapshot is; null: the current one (migration 0029). */
  templateVersion?: number | null;
  kind?: 'automatic' | 'manual';
  jobId?: number | null;
  createdBy?: number | null;
  /**
   * Whom the audit event names when nobody made the version by hand (`createdBy` null): a run's injection
   * is processed for the user who started the run. Not an author for signatures.
   */
  onBehalfOf?: number | null;
  /** Rebuild the sequence's calibration after this result. @default true (a job does it once at its end) */
  recalibrate?: boolean;
  /** The stored signal when the caller holds it already (an import), so it is not read back. */
  signal?: { timeSec: ArrayLike<number>; values: ArrayLike<number> };
  /** The standard this measurement injected (its name and analytes): components it misses are reported. */
  standard?: { name: string; analytes: readonly string[] } | null;
}

/** The blank injection's signal a template subtracts, when it names one with enough points. */
async function blankOf(results: ResultsRepository, template: ProcessingTemplate) {
  const blankId = template.blank_injection_measurement_id;
  if (typeof blankId !== 'number') return null;
  const blank = await results.signal(blankId);
  return blank.timeSec.length >= 3 ? { timeSec: blank.timeSec, values: blank.signal } : null;
}

/** The result and its peaks from the processing core's outcome, named after `components`. */
function preparedResult(
  outcome: ProcessingResult,
  components: ExpectedComponent[],
  options: ProcessOptions,
): PreparedResult {
  const peaks = outcome.peaks.map((peak, index) => peakValues(peak, index + 1));
  namePeaks(peaks, components);
  const standard = options.standard ?? null;
  const missing = standard ? componentsNotFound(peaks, components, standard) : [];
  return {
    peaks,
    values: {
      kind: options.kind ?? 'automatic',
      template_uuid: options.templateUuid,
      template_version: options.templateVersion ?? null,
      template_snapshot: JSON.stringify(options.snapshot),
      algorithm_versions: JSON.stringify(outcome.versions),
      figures: JSON.stringify({
        unit: outcome.unit,
        noise: outcome.noise,
        detection_window_sec: outcome.detectionWindowSec,
        detection: outcome.detection,
        system_suitability: suitabilityOf(peaks),
      }),
      errors: JSON.stringify([...resultErrors(outcome, peaks.length), ...missing]),
      created_by: options.createdBy ?? null,
      job_id: options.jobId ?? null,
    },
  };
}

export function createResultsService(deps: {
  results: ResultsRepository;
  runs: RunsRepository;
  samples: SamplesRepository;
  sequences: SequencesRepository;
  /** Where the processing core runs: the worker threads in the server (signal-workers.ts). */
  work?: SignalWorkers;
}) {
  const { results, runs } = deps;
  const work = deps.work ?? inThreadSignalWork;
  const { db } = results;
  const context = createResultContext(deps);
  const { analytesOfSequence, standardOf, sequenceOf, componentsFor } = context;
  const recalibrate = createRecalibration(deps);
  const store = storeResult.bind(null, results);

  /**
   * The processing core on a stored signal, off the event loop; a signal it cannot process (times not
   * increasing) is a domain error.
   */
  async function processStored(
    signal: SignalInput,
    template: ProcessingTemplate,
    context: Pick<ProcessContext, 'blank' | 'includeSignals'>,
  ): Promise<ProcessingResult> {
    const answer = await work.process({ signal, template, context });
    if (!answer.ok) throw AppError.domain(400, 'processing_general_error');
    return answer.result;
  }

  /** The template replayed on a stored signal, with the corrected signal manual integration measures on. */
  async function replay(measurementId: number, snapshot: TemplateSnapshot) {
    const measurement = await runs.measurement(measurementId);
    if (!measurement) throw AppError.domain(404, 'measurement_not_found');
    const signal = await results.signal(measurementId);
    if (signal.timeSec.length < 3) throw AppError.domain(400, 'processing_general_error');
    const template = processingTemplateOf(snapshot);
    const outcome = await processStored(
      { timeSec: signal.timeSec, values: signal.signal, unit: measurement.signal_unit },
      template,
      { blank: await blankOf(results, template), includeSignals: true },
    );
    return {
      measurement,
      outcome,
      timeSec: Float64Array.from(signal.timeSec),
      correctedValues: Float64Array.from(outcome.signals?.correctedValues ?? signal.signal),
    };
  }

  async function storedSignal(measurementId: number) {
    const { timeSec, signal } = await results.signal(measurementId);
    return { timeSec, values: signal };
  }

  /**
   * Runs the template on a signal and builds the result and its peaks, without writing anything; peaks are
   * named after the standards of `sequenceId`'s table when given.
   */
  async function prepare(
    signal: { timeSec: ArrayLike<number>; values: ArrayLike<number>; unit: string },
    options: ProcessOptions,
    sequenceId: number | null,
  ): Promise<PreparedResult> {
    return (await startPrepare(signal, options, sequenceId)).prepared;
  }

  /**
   * `prepare` in two steps: answers once everything it reads from the database is read and the signal is
   * with a worker thread, with the result still to come. A caller may then hold a transaction (the embedded
   * database's one connection) while the signal is processed; the pending result is marked handled, so a
   * caller that fails before it waits for it leaves no unhandled rejection.
   */
  async function startPrepare(
    signal: { timeSec: ArrayLike<number>; values: ArrayLike<number>; unit: string },
    options: ProcessOptions,
    sequenceId: number | null,
  ): Promise<{ prepared: Promise<PreparedResult> }> {
    const template = processingTemplateOf(options.snapshot);
    const blank = await blankOf(results, template);
    const components = await componentsFor(options.snapshot, sequenceId);
    const prepared = processStored(signal, template, { blank }).then((outcome) =>
      preparedResult(outcome, components, options),
    );
    prepared.catch(() => undefined);
    return { prepared };
  }

  /** Processes one stored measurement with a template snapshot; a new version, earlier ones stay. */
  async function process(measurementId: number, options: ProcessOptions): Promise<ResultRow> {
    const measurement = await runs.measurement(measurementId);
    if (!measurement) throw AppError.domain(404, 'measurement_not_found');
    const signal = options.signal ?? (await storedSignal(measurementId));
    if (signal.timeSec.length < 3) throw AppError.domain(400, 'processing_general_error');
    const sequenceId = await sequenceOf(measurementId);
    const prepared = await prepare(
      { timeSec: signal.timeSec, values: signal.values, unit: measurement.signal_unit },
      { ...options, standard: options.standard ?? (await standardOf(measurement, options.snapshot)) },
      sequenceId,
    );
    const row = await db
      .transaction()
      .execute((trx) => store(trx, measurement, prepared, options.createdBy ?? options.onBehalfOf ?? null));
    if (sequenceId !== null && options.recalibrate !== false) await recalibrate(sequenceId);
    return row;
  }

  /** Whether the measurement has any result version yet. */
  async function hasResult(measurementId: number): Promise<boolean> {
    return (await results.results(measurementId)).length > 0;
  }

  /** A stored result's figures and peaks, as the CLI prints them after an import. */
  async function storedResult(resultId: number) {
    const result = await results.result(resultId);
    return { figures: result?.figures ?? null, peaks: await results.peaks([resultId]) };
  }

  return {
    process,
    prepare,
    startPrepare,
    store,
    replay,
    recalibrate,
    sequenceOf,
    standardOf,
    analytesOfSequence,
    componentsFor,
    hasResult,
    storedResult,
  };
}

/** Stores a prepared result as the measurement's next version, in the caller's transaction, audited. */
export async function storeResult(
  results: ResultsRepository,
  trx: Transaction<Database>,
  measurement: { id: number; owner_id: number; workspace_id: number },
  prepared: PreparedResult,
  auditUserId: number | null = prepared.values.created_by ?? null,
): Promise<ResultRow> {
  const row = await results.insertResult(
    trx,
    {
      ...prepared.values,
      owner_id: measurement.owner_id,
      workspace_id: measurement.workspace_id,
      measurement_id: measurement.id,
    },
    prepared.peaks,
  );
  await writeAudit(trx, {
    userId: auditUserId,
    ownerId: measurement.owner_id,
    workspaceId: measurement.workspace_id,
    entity: 'processing_results',
    entityId: row.id,
    label: `version ${row.version}`,
    parent: { entity: 'measurements', id: measurement.id },
    action: 'process',
    newValues: {
      version: row.version,
      kind: row.kind,
      template_uuid: row.template_uuid,
      peaks_count: prepared.peaks.length,
      errors: Array.isArray(row.errors) && row.errors.length > 0 ? row.errors : null,
    },
  });
  return row;
}

export type ResultsService = ReturnType<typeof createResultsService>;
