// REST of processing results (docs/sequences.md): a result version with its peaks, and a sequence's
// results as GET /api/sequences/{id}/results/ answers them; the server returns and the web app reads these.
import { z } from 'zod';
import { sampleTypes } from './samples.ts';
import { storedPeakSchema } from './peaks.ts';
import { calibrationProblemSchema } from './calibration-problems.ts';
import { componentModels, componentWeightings } from './components.ts';
import { signatureMeanings, signatureStatuses, signatureSubjectKinds } from './signatures.ts';

const id = z.number().int().positive();
const figure = z.number().nullable();

/** A peak of a result: the stored peak with every figure the table keeps. */
export const resultPeakSchema = storedPeakSchema.extend({
  height_percent: figure,
  width_base_sec: figure,
  asymmetry: figure,
  plates_tangent: figure,
  retention_factor: figure,
});
export type ResultPeak = z.infer<typeof resultPeakSchema>;

/** One system-suitability line of a result's figures (reference/processing.md §2.2–2.4). */
export const suitabilityFigureSchema = z.object({
  number: z.number().int(),
  name: z.string().nullable(),
  retention_time_sec: z.number(),
  plates_half: figure,
  plates_tangent: figure,
  tailing: figure,
  asymmetry: figure,
  resolution: figure,
  signal_to_noise: figure,
});
export type SuitabilityFigure = z.infer<typeof suitabilityFigureSchema>;

/** One version of the processing of a measurement. */
export const processingResultSchema = z.object({
  id,
  version: z.number().int(),
  kind: z.enum(['automatic', 'manual']),
  template_uuid: z.string().nullable(),
  template_snapshot: z.record(z.string(), z.unknown()),
  algorithm_versions: z.unknown(),
  /** Unit, noise, detection settings and `system_suitability` (a list of SuitabilityFigure). */
  figures: z.unknown(),
  errors: z.unknown(),
  reason: z.string().nullable(),
  parent_result_id: id.nullable(),
  created_at: z.string(),
  peaks: z.array(resultPeakSchema),
});
export type ProcessingResult = z.infer<typeof processingResultSchema>;

/** GET /api/measurements/{id}/results/ (and PUT of the current one): every version, which is current. */
export const resultVersionsSchema = z.object({
  measurement_id: id,
  current_result_id: id.nullable(),
  results: z.array(processingResultSchema),
  /**
   * Every signature over a version of this measurement (its own, and its sequence's), per version, with
   * its status for that version: valid, superseded by a newer version, or invalid (docs/signatures.md).
   */
  signatures: z.array(
    z.object({
      result_id: id,
      version: z.number().int(),
      signature_id: id,
      subject: z.object({ kind: z.enum(signatureSubjectKinds), id }),
      meaning: z.enum(signatureMeanings),
      signer_name: z.string(),
      signed_at: z.string(),
      status: z.enum(signatureStatuses),
      superseded_by: z.object({ result_id: id, version: z.number().int() }).nullable(),
    }),
  ),
});
export type ResultVersions = z.infer<typeof resultVersionsSchema>;

/** The system-suitability tests (docs/assay.md "System suitability"). */
export const suitabilityTests = [
  'found',
  'plates',
  'tailing',
  'resolution',
  'signal_to_noise',
  'retention_time',
  'area_rsd',
  'check_deviation',
] as const;
export type SuitabilityTest = (typeof suitabilityTests)[number];

/** One test of one component against its limit; a value that cannot be measured does not pass. */
export const suitabilityCheckSchema = z.object({
  test: z.enum(suitabilityTests),
  /** The limit: a minimum (plates, resolution, S/N), a maximum (tailing, %RSD, |deviation| %, |Δt| s). */
  limit: z.number(),
  value: figure,
  pass: z.boolean(),
});
export type SuitabilityCheck = z.infer<typeof suitabilityCheckSchema>;

/** The tests of one component on one injection. */
export const injectionSuitabilitySchema = z.object({
  component: z.string(),
  peak_number: z.number().int().nullable(),
  checks: z.array(suitabilityCheckSchema),
  pass: z.boolean(),
});
export type InjectionSuitability = z.infer<typeof injectionSuitabilitySchema>;

/** The verdict of one component over the sequence's standards: each standard injection's tests and the %RSD. */
export const sequenceSuitabilitySchema = z.object({
  component: z.string(),
  /** Standard injections tested, and how many of them failed a test. */
  injections: z.number().int(),
  injections_failed: z.number().int(),
  /** %RSD of the areas per standard injected more than once. */
  /** Standard injections the sequence's rows plan (a stopped or missing one is not tested). */
  injections_planned: z.number().int(),
  area_rsd: z.array(
    z.object({
      sample: z.object({ id, name: z.string() }),
      /** Areas found, of `planned` injections of the standard. */
      count: z.number().int(),
      planned: z.number().int(),
      check: suitabilityCheckSchema,
    }),
  ),
  /**
   * `incomplete` when a planned standard injection has no result (stopped, interrupted, not yet run):
   * never a pass on fewer injections than planned. `fail` when a test failed. `pass` is `status === 'pass'`.
   */
  status: z.enum(['pass', 'fail', 'incomplete']),
  pass: z.boolean(),
});
export type SequenceSuitability = z.infer<typeof sequenceSuitabilitySchema>;

/** One injection of a sequence with its newest result. */
export const injectionResultSchema = z.object({
  injection_id: id,
  injection_state: z.string().nullable(),
  interrupted_reason: z.string().nullable(),
  measurement_id: id,
  measurement_state: z.string(),
  draft_id: id.nullable(),
  replicate: z.number().int().nullable(),
  vial: z.number().int().nullable(),
  sample: z.object({ id, name: z.string(), type: z.enum(sampleTypes) }).nullable(),
  /** The row's sample weight (mg) and dilution factor the amounts are corrected by (docs/assay.md). */
  weight_mg: z.number().nullable(),
  dilution: z.number().nullable(),
  /** The injection volume the instrument ran with, µL. */
  injection_ul: z.number().nullable(),
  /** A standard on a check-standard row: read through the curve, not calibrating it. */
  check_standard: z.boolean(),
  /** A standard's level in the component table its amounts were read from; null: its own amounts. */
  calibration_level: z.number().int().nullable(),
  /** The calibration bracket the injection's amounts were read through (0: the whole sequence). */
  bracket: z.number().int().nullable(),
  points_count: z.number().int(),
  result: processingResultSchema.nullable(),
  /** Why the finished injection has no result: the catalogue text of its processing failure. */
  processing_error: z.object({ code: z.string(), detail: z.string() }).nullable(),
  /** Each component with system-suitability limits tested on this injection. */
  suitability: z.array(injectionSuitabilitySchema),
});
export type InjectionResult = z.infer<typeof injectionResultSchema>;

/** A standard's point of a calibration with its fitted area and residual (area − fitted). */
export const calibrationResidualSchema = z.object({
  amount: z.number(),
  area: z.number(),
  fitted: z.number(),
  residual: z.number(),
  residual_percent: figure,
  back_calculated_amount: figure,
  measurement_id: id.optional(),
});
export type CalibrationResidual = z.infer<typeof calibrationResidualSchema>;

/**
 * The calibration curve of one analyte from a sequence's standards: area = intercept + slope × amount +
 * curvature × amount². A component that could not be calibrated has null slope and intercept and a
 * `problem` saying why.
 */
export const calibrationSchema = z.object({
  id,
  sequence_id: id,
  analyte: z.string(),
  /** 0: the whole sequence's curve; 1…: the curve of one bracket of standards (docs/assay.md). */
  bracket: z.number().int(),
  amount_unit: z.string(),
  model: z.enum(['single_point', ...componentModels]),
  weighting: z.enum(componentWeightings),
  slope: figure,
  intercept: figure,
  curvature: z.number(),
  r_squared: figure,
  residual_sd: figure,
  points: z.array(z.object({ amount: z.number(), area: z.number(), measurement_id: id.optional() })),
  residuals: z.array(calibrationResidualSchema),
  problem: calibrationProblemSchema.nullable(),
  created_at: z.string(),
});
export type Calibration = z.infer<typeof calibrationSchema>;

/** Mean, SD and %RSD of one component's amounts over a sample's replicate injections (newest results). */
export const replicateSummarySchema = z.object({
  sample: z.object({ id, name: z.string(), type: z.enum(sampleTypes) }),
  component: z.string(),
  amount_unit: z.string().nullable(),
  /** Injections with an amount for the component ("n 3 of 4": found of planned). */
  count: z.number().int(),
  /** Injections the sequence's rows plan for the sample (at least `count`). */
  planned: z.number().int(),
  /** False when fewer were found than planned: the statistics cover only what was found. */
  complete: z.boolean(),
  mean: z.number(),
  standard_deviation: figure,
  relative_sd_percent: figure,
  /** The injections counted, in order. */
  injection_ids: z.array(id),
});
export type ReplicateSummary = z.infer<typeof replicateSummarySchema>;

/** GET /api/sequences/{id}/results/ (`?format=csv` answers the results CSV instead). */
export const sequenceResultsSchema = z.object({
  injections: z.array(injectionResultSchema),
  calibrations: z.array(calibrationSchema),
  /** One line per sample and component injected (or planned) more than once. */
  replicates: z.array(replicateSummarySchema),
  /** One verdict per component with system-suitability limits. */
  suitability: z.array(sequenceSuitabilitySchema),
});
export type SequenceResults = z.infer<typeof sequenceResultsSchema>;
