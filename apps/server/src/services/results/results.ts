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
  amountFromResponse,
  calibrateExternalStandard,
  processChromatogram,
  type Peak,
  type ProcessingTemplate,
} from '@eluent/signal';
import type { Insertable, Transaction } from 'kysely';
import type { ProcessingResultsTable } from '../../db/domain-schema.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PeakValues, ResultRow, ResultsRepository } from '../../repositories/results.ts';
import type { AnalyteRow, SamplesRepository } from '../../repositories/samples.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SequencesRepository, TemplateRow } from '../../repositories/sequences.ts';

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
  return { ...flattenTemplate(payload) };
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

/** Names each analyte's peak: the one closest to the expected retention time, inside its window. */
export function namePeaks(peaks: PeakValues[], analytes: AnalyteRow[]): void {
  for (const analyte of analytes) {
    if (analyte.retention_time_sec === null) continue;
    let best: PeakValues | null = null;
    for (const peak of peaks) {
      const distance = Math.abs(peak.retention_time_sec - analyte.retention_time_sec);
      if (distance > analyte.window_sec || peak.name) continue;
      if (!best || distance < Math.abs(best.retention_time_sec - analyte.retention_time_sec)) best = peak;
    }
    if (best) best.name = analyte.analyte;
  }
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

/** The processing core on a stored signal; a signal it cannot process (times not increasing) is a domain error. */
function processStored(
  ...args: Parameters<typeof processChromatogram>
): ReturnType<typeof processChromatogram> {
  try {
    return processChromatogram(...args);
  } catch {
    throw AppError.domain(400, 'processing_general_error');
  }
}

/** The result's errors: each failing step, and 'No peaks found.' when nothing could be integrated. */
function resultErrors(outcome: ReturnType<typeof processChromatogram>, peaksCount: number): unknown[] {
  const errors: unknown[] = outcome.steps.filter((step) => step.error !== null);
  if (peaksCount === 0)
    errors.push({ code: 'processing_no_peaks', message: domainErrors.processing_no_peaks });
  return errors;
}

/** A processed result not stored yet: its columns (without measurement and owner) and its peaks. */
export interface PreparedResult {
  values: Omit<Insertable<ProcessingResultsTable>, 'version' | 'measurement_id' | 'owner_id'>;
  peaks: PeakValues[];
}

export interface ProcessOptions {
  snapshot: TemplateSnapshot;
  templateUuid: string | null;
  kind?: 'automatic' | 'manual';
  jobId?: number | null;
  createdBy?: number | null;
  /** Rebuild the sequence's calibration after this result. @default true (a job does it once at its end) */
  recalibrate?: boolean;
  /** The stored signal when the caller holds it already (an import), so it is not read back. */
  signal?: { timeSec: ArrayLike<number>; values: ArrayLike<number> };
}

export function createResultsService(deps: {
  results: ResultsRepository;
  runs: RunsRepository;
  samples: SamplesRepository;
  sequences: SequencesRepository;
}) {
  const { results, runs, samples, sequences } = deps;
  const { db } = results;

  /** The analytes of every standard in a sequence's table, for naming peaks. */
  async function analytesOfSequence(sequenceId: number): Promise<AnalyteRow[]> {
    const drafts = await sequences.drafts([sequenceId]);
    const sampleIds = [...new Set(drafts.map((d) => d.sample_id).filter((id): id is number => id !== null))];
    const rows = await samples.analytes(sampleIds);
    const seen = new Set<string>();
    return rows.filter((row) => (seen.has(row.analyte) ? false : (seen.add(row.analyte), true)));
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

  /** The calibration of each analyte from the standards' newest results; then every sample's amounts. */
  async function recalibrate(sequenceId: number): Promise<void> {
    const sequence = await sequences.byId(sequenceId);
    if (!sequence) return;
    const measurements = (await runs.measurementsOfSequence(sequenceId)).filter(
      (m) => m.state === 'complete',
    );
    const sampleRows = await samples.findMany(sequence.owner_id, [
      ...new Set(measurements.map((m) => m.sample_id).filter((id): id is number => id !== null)),
    ]);
    const sampleById = new Map(sampleRows.map((row) => [row.id, row]));
    const analytes = await samples.analytes(sampleRows.filter((s) => s.type === 'standard').map((s) => s.id));
    const latest = await results.latestResults(measurements.map((m) => m.id));
    const peaks = await results.peaks(latest.map((r) => r.id));
    const latestOf = new Map(latest.map((r) => [r.measurement_id, r]));

    const points = new Map<string, Array<{ amount: number; area: number; measurement_id: number }>>();
    const units = new Map<string, string>();
    for (const measurement of measurements) {
      const sample = measurement.sample_id === null ? undefined : sampleById.get(measurement.sample_id);
      const result = latestOf.get(measurement.id);
      if (sample?.type !== 'standard' || !result) continue;
      for (const analyte of analytes.filter((a) => a.sample_id === sample.id)) {
        const peak = peaks.find((p) => p.result_id === result.id && p.name === analyte.analyte);
        if (!peak || analyte.amount === null) continue;
        const list = points.get(analyte.analyte) ?? [];
        list.push({ amount: analyte.amount, area: peak.area, measurement_id: measurement.id });
        points.set(analyte.analyte, list);
        units.set(analyte.analyte, analyte.amount_unit);
      }
    }
    const fits = new Map(
      [...points]
        .map(([analyte, list]) => [analyte, calibrateExternalStandard(list)] as const)
        .filter(([, fit]) => fit !== null),
    );
    await db.transaction().execute(async (trx) => {
      await results.replaceCalibrations(
        trx,
        sequenceId,
        [...fits].map(([analyte, fit]) => ({
          owner_id: sequence.owner_id,
          analyte,
          amount_unit: units.get(analyte) ?? '',
          model: fit!.model,
          slope: fit!.slope,
          intercept: fit!.intercept,
          r_squared: fit!.rSquared,
          points: JSON.stringify(points.get(analyte)),
        })),
      );
      for (const peak of peaks) {
        if (!peak.name) continue;
        const result = latest.find((r) => r.id === peak.result_id)!;
        const measurement = measurements.find((m) => m.id === result.measurement_id)!;
        const sample = measurement.sample_id === null ? undefined : sampleById.get(measurement.sample_id);
        if (sample?.type === 'standard') {
          const known = analytes.find((a) => a.sample_id === sample.id && a.analyte === peak.name);
          await results.setPeakAmount(trx, peak.id, known?.amount ?? null, known?.amount_unit ?? null);
          continue;
        }
        const fit = fits.get(peak.name);
        const amount = fit ? amountFromResponse(fit, peak.area) : null;
        await results.setPeakAmount(trx, peak.id, amount, fit ? (units.get(peak.name) ?? null) : null);
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
    const outcome = processStored(
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
    const outcome = processStored(signal, template, { blank: await blankOf(template) });
    const peaks = outcome.peaks.map((peak, index) => peakValues(peak, index + 1));
    if (sequenceId !== null) namePeaks(peaks, await analytesOfSequence(sequenceId));
    return {
      peaks,
      values: {
        kind: options.kind ?? 'automatic',
        template_uuid: options.templateUuid,
        template_snapshot: JSON.stringify(options.snapshot),
        algorithm_versions: JSON.stringify(outcome.versions),
        figures: JSON.stringify({
          unit: outcome.unit,
          noise: outcome.noise,
          detection_window_sec: outcome.detectionWindowSec,
          detection: outcome.detection,
          system_suitability: suitabilityOf(peaks),
        }),
        errors: JSON.stringify(resultErrors(outcome, peaks.length)),
        created_by: options.createdBy ?? null,
        job_id: options.jobId ?? null,
      },
    };
  }

  /** Stores a prepared result as the measurement's next version, in the caller's transaction. */
  function store(
    trx: Transaction<Database>,
    measurement: { id: number; owner_id: number },
    prepared: PreparedResult,
  ): Promise<ResultRow> {
    return results.insertResult(
      trx,
      { ...prepared.values, owner_id: measurement.owner_id, measurement_id: measurement.id },
      prepared.peaks,
    );
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
      options,
      sequenceId,
    );
    const row = await db.transaction().execute((trx) => store(trx, measurement, prepared));
    if (sequenceId !== null && options.recalibrate !== false) await recalibrate(sequenceId);
    return row;
  }

  /** Whether the measurement has any result version yet. */
  async function hasResult(measurementId: number): Promise<boolean> {
    return (await results.results(measurementId)).length > 0;
  }

  return { process, prepare, store, replay, recalibrate, sequenceOf, analytesOfSequence, hasResult };
}

export type ResultsService = ReturnType<typeof createResultsService>;
