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
import type { AnalyteRow, SamplesRepository } from '../../repositories/samples.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SequencesRepository, TemplateRow } from '../../repositories/sequences.ts';
import { calibrates, calibrationModeOf, planCalibration, plannedInjection } from './sequence-calibration.ts';
import { knownAmountsOf } from './standard-levels.ts';
import { inThreadSignalWork, type SignalWorkers } from './signal-workers.ts';
import { componentsNotFound, expectedComponents, namePeaks, type ExpectedComponent } from './components.ts';

/** A peak's amount from a (re)computed calibration. */
interface NewAmount {
  amount: number | null;
  unit: string | null;
}

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

interface CalibrationLine {
  analyte: string;
  bracket?: number;
  model: string;
  slope?: number | null;
  intercept?: number | null;
  curvature?: number | null;
  r_squared?: number | null;
  weighting?: string | null;
}

/** A calibration in one line for the audit trail: its model, weighting, curve and R². */
function calibrationText(line: CalibrationLine): string {
  if (line.slope == null || line.intercept == null) return `${line.model}: not calibrated`;
  const weighting = line.weighting && line.weighting !== 'none' ? `, weighted ${line.weighting}` : '';
  const square = line.curvature ? `${line.curvature.toPrecision(6)} × amount² + ` : '';
  const r2 = line.r_squared == null ? '' : `, R² ${line.r_squared.toFixed(5)}`;
  return `${line.model}${weighting}: area = ${square}${line.slope.toPrecision(6)} × amount + ${line.intercept.toPrecision(6)}${r2}`;
}

function calibrationSummary(lines: CalibrationLine[]): Record<string, string> {
  const summary: Record<string, string> = {};
  for (const line of lines)
    summary[line.bracket ? `${line.analyte} (bracket ${line.bracket})` : line.analyte] =
      calibrationText(line);
  return summary;
}

export function createResultsService(deps: {
  results: ResultsRepository;
  runs: RunsRepository;
  samples: SamplesRepository;
  sequences: SequencesRepository;
  /** Where the processing core runs: the worker threads in the server (signal-workers.ts). */
  work?: SignalWorkers;
}) {
  const { results, runs, samples, sequences } = deps;
  const work = deps.work ?? inThreadSignalWork;
  const { db } = results;

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

  /** The analytes of every standard in a sequence's table, for naming peaks. */
  async function analytesOfSequence(sequenceId: number): Promise<AnalyteRow[]> {
    const drafts = await sequences.drafts([sequenceId]);
    const sampleIds = [...new Set(drafts.map((d) => d.sample_id).filter((id): id is number => id !== null))];
    const rows = await samples.analytes(sampleIds);
    const seen = new Set<string>();
    return rows.filter((row) => (seen.has(row.analyte) ? false : (seen.add(row.analyte), true)));
  }

  /**
   * The standard a measurement injected, with the analytes it holds (at its row's calibration level, the
   * components of `snapshot` with that level too); null for anything else.
   */
  async function standardOf(
    measurement: { workspace_id: number; sample_id: number | null; injection_id?: number | null },
    snapshot?: unknown,
  ) {
    if (measurement.sample_id === null) return null;
    const sample = await samples.find(measurement.workspace_id, measurement.sample_id);
    if (sample?.type !== 'standard') return null;
    const rows = await samples.analytes([sample.id]);
    const level = await levelOf(measurement.injection_id ?? null);
    const known = knownAmountsOf(
      { sample, draft: { calibration_level: level }, result: { template_snapshot: snapshot } },
      rows,
    );
    return { name: sample.name, analytes: known.map((a) => a.analyte), rows };
  }

  /** The calibration level of the sequence row an injection ran from; null outside one or without a level. */
  async function levelOf(injectionId: number | null): Promise<number | null> {
    const injection = injectionId === null ? undefined : await runs.injection(injectionId);
    if (!injection?.sequence_id || injection.draft_id === null) return null;
    const drafts = await sequences.drafts([injection.sequence_id]);
    return drafts.find((d) => d.id === injection.draft_id)?.calibration_level ?? null;
  }

  async function sequenceOf(measurementId: number): Promise<number | null> {
    const measurement = await runs.measurement(measurementId);
    if (!measurement?.injection_id) return null;
    return (await runs.injection(measurement.injection_id))?.sequence_id ?? null;
  }

  async function blankOf(template: ProcessingTemplate) {
    const blankId = template.blank_injection_measurement_id;
    if (typeof blankId !== 'number') return null;
    const blank = await results.signal(blankId);
    return blank.timeSec.length >= 3 ? { timeSec: blank.timeSec, values: blank.signal } : null;
  }

  /** The components a result made with `snapshot` names, the sequence's standards' analytes after them. */
  async function componentsFor(snapshot: unknown, sequenceId: number | null): Promise<ExpectedComponent[]> {
    return expectedComponents(snapshot, sequenceId === null ? [] : await analytesOfSequence(sequenceId));
  }

  /**
   * The calibration of each component from the standards' newest results (model and weighting from the
   * components those results were made with; one curve per bracket when they bracket), then every sample's
   * amounts corrected by its row's injection volume, dilution and weight (sequence-calibration.ts).
   */
  /**
   * A new version of a signed result with the amounts of a changed calibration, when they differ from the
   * signed ones; the signed version stays as it was (its signatures read superseded).
   */
  async function recalibratedVersion(
    trx: Transaction<Database>,
    resultId: number,
    amounts: Map<number, NewAmount>,
  ): Promise<void> {
    const source = await results.result(resultId, trx);
    if (!source) return;
    const sourcePeaks = await results.peaks([resultId], trx);
    const changes = sourcePeaks.some((peak) => {
      const next = amounts.get(peak.id);
      return next !== undefined && (next.amount !== peak.amount || next.unit !== peak.amount_unit);
    });
    if (!changes) return;
    await results.insertResult(
      trx,
      {
        owner_id: source.owner_id,
        workspace_id: source.workspace_id,
        measurement_id: source.measurement_id,
        kind: source.kind,
        template_uuid: source.template_uuid,
        template_version: source.template_version,
        template_snapshot: JSON.stringify(source.template_snapshot),
        algorithm_versions: JSON.stringify(source.algorithm_versions),
        figures: JSON.stringify(source.figures),
        errors: JSON.stringify(source.errors),
        reason: `Amounts from the changed calibration (signed version ${source.version} kept as signed)`,
        created_by: source.created_by,
        parent_result_id: source.id,
        job_id: null,
      },
      sourcePeaks.map((row) => {
        const {
          id,
          owner_id: _owner,
          workspace_id: _workspace,
          result_id: _result,
          measurement_id: _measurement,
          ...peak
        } = row;
        const next = amounts.get(id);
        return next ? { ...peak, amount: next.amount, amount_unit: next.unit } : peak;
      }),
    );
  }

  async function recalibrate(sequenceId: number): Promise<void> {
    const sequence = await sequences.byId(sequenceId);
    if (!sequence) return;
    const measurements = (await runs.measurementsOfSequence(sequenceId)).filter(
      (m) => m.state === 'complete',
    );
    const sampleRows = await samples.findMany(sequence.workspace_id, [
      ...new Set(measurements.map((m) => m.sample_id).filter((id): id is number => id !== null)),
    ]);
    const sampleById = new Map(sampleRows.map((row) => [row.id, row]));
    const drafts = new Map((await sequences.drafts([sequenceId])).map((d) => [d.id, d]));
    const analytes = await samples.analytes(sampleRows.filter((s) => s.type === 'standard').map((s) => s.id));
    const latest = await results.latestResults(measurements.map((m) => m.id));
    const peaks = await results.peaks(latest.map((r) => r.id));
    const latestOf = new Map(latest.map((r) => [r.measurement_id, r]));
    const injections = measurements.map((m) =>
      plannedInjection(
        m,
        m.sample_id === null ? undefined : sampleById.get(m.sample_id),
        m.draft_id === null ? undefined : drafts.get(m.draft_id),
        latestOf.get(m.id),
      ),
    );
    const firstStandard = injections.find(calibrates);
    const plan = planCalibration({
      injections,
      analytes,
      peaks,
      mode: calibrationModeOf(firstStandard?.result?.template_snapshot),
    });
    const rows = plan.rows.map((values) => ({
      ...values,
      owner_id: sequence.owner_id,
      workspace_id: sequence.workspace_id,
    }));
    await db.transaction().execute(async (trx) => {
      const before = calibrationSummary(await results.calibrations(sequenceId, trx));
      await results.replaceCalibrations(trx, sequenceId, rows);
      // A signed version keeps the amounts it was signed with: new amounts for it make a new version
      // (which supersedes its signatures); an unsigned version takes them in place.
      const resultOfPeak = new Map(peaks.map((peak) => [peak.id, peak.result_id]));
      const signed = await results.signedResultIds(
        [...new Set(plan.amounts.map((a) => resultOfPeak.get(a.peakId)))].filter(
          (id): id is number => id !== undefined,
        ),
        trx,
      );
      const forSigned = new Map<number, Map<number, NewAmount>>();
      for (const { peakId, amount, unit } of plan.amounts) {
        const resultId = resultOfPeak.get(peakId);
        if (resultId !== undefined && signed.has(resultId)) {
          const amounts = forSigned.get(resultId) ?? new Map<number, NewAmount>();
          amounts.set(peakId, { amount, unit });
          forSigned.set(resultId, amounts);
        } else await results.setPeakAmount(trx, peakId, amount, unit);
      }
      for (const [resultId, amounts] of forSigned) await recalibratedVersion(trx, resultId, amounts);
      // The audit event last: the chain head stays locked only from here to the commit (docs/audit.md).
      const after = calibrationSummary(rows);
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        await writeAudit(trx, {
          userId: null,
          ownerId: sequence.owner_id,
          workspaceId: sequence.workspace_id,
          entity: 'calibrations',
          entityId: sequenceId,
          label: sequence.name,
          parent: { entity: 'sequences', id: sequenceId },
          action: 'calibrate',
          oldValues: before,
          newValues: after,
        });
      }
    });
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
      { blank: await blankOf(template), includeSignals: true },
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
    const template = processingTemplateOf(options.snapshot);
    const outcome = await processStored(signal, template, { blank: await blankOf(template) });
    const peaks = outcome.peaks.map((peak, index) => peakValues(peak, index + 1));
    const components = await componentsFor(options.snapshot, sequenceId);
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

  /** Stores a prepared result as the measurement's next version, in the caller's transaction, audited. */
  async function store(
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

export type ResultsService = ReturnType<typeof createResultsService>;
