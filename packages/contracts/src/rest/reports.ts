// REST of printable reports (GET /api/reports/sequence/{id}/ and /injection/{id}/): everything a printed
// report shows in one answer. The parts the server also answers elsewhere use those schemas; stored rows
// (sequence, injection, measurement, instrument, method, template) name the fields a report reads and let
// the row's other columns through.
import { z } from 'zod';
import { auditCheckpointSchema, auditEntrySchema } from './audit.ts';
import { measurementDataSchema } from './measurements.ts';
import {
  calibrationSchema,
  injectionResultSchema,
  processingResultSchema,
  replicateSummarySchema,
  resultPeakSchema,
  sequenceSuitabilitySchema,
} from './results.ts';
import { analyteSchema } from './samples.ts';
import { reviewSchema } from './signatures.ts';

const id = z.number().int().positive();

/** An issued report's record (POST /api/reports/{kind}/{id}/): the workspace's next report number. */
export const reportRecordSchema = z.object({
  report_number: z.number().int().positive(),
  /** Server time of issue, UTC, ISO 8601. */
  issued_at: z.string(),
});
const named = z.looseObject({ id, name: z.string() });

/** The instrument that ran it, without its secrets (pairing code, credential) or its Wi-Fi. */
export const reportInstrumentSchema = z.looseObject({
  id,
  name: z.string(),
  serial_number: z.string(),
  /** As stored: `{name, length_mm, …}` when a column was set. */
  installed_column: z.unknown(),
});

/**
 * A result's peak as a report reads it: a figure the data lacks is printed "—", never 0 — the area too (a
 * value that could not be measured is written null in JSON), so one such peak does not stop the report.
 */
export const reportPeakSchema = resultPeakSchema.extend({ area: z.number().nullish() });
export type ReportPeakRow = z.infer<typeof reportPeakSchema>;

/** A result version in a report, its peaks read with `reportPeakSchema`. */
export const reportResultSchema = processingResultSchema.extend({ peaks: z.array(reportPeakSchema) });
export type ReportResult = z.infer<typeof reportResultSchema>;

const reportInjectionSchema = injectionResultSchema.extend({ result: reportResultSchema.nullable() });

/**
 * The parts of a result's free-form `figures` a printed report reads (the processing core writes them:
 * `unit`, `noise.rms`, `detection.reportingThreshold`); other keys pass through, absent parts are null.
 */
export const reportFiguresSchema = z
  .looseObject({
    unit: z.string().nullish(),
    noise: z.looseObject({ rms: z.number().nullish() }).nullish(),
    detection: z
      .looseObject({ reportingThreshold: z.looseObject({ percent: z.number() }).nullish() })
      .nullish(),
  })
  .nullish();
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

/**
 * A result's free-form `errors` as a report reads them: catalogue errors (`code`, `message`, with their
 * values) and processing step failures (`step`, `error`).
 */
export const reportErrorsSchema = z
  .array(
    z.looseObject({
      code: z.string().nullish(),
      message: z.string().nullish(),
      step: z.string().nullish(),
      error: z.string().nullish(),
    }),
  )
  .nullish();
export type ReportErrors = z.infer<typeof reportErrorsSchema>;

/** What a report reads of a stored snapshot (method or template): its name, and a method's volume. */
export const reportSnapshotSchema = z
  .looseObject({ name: z.string().nullish(), injection_ul: z.number().nullish() })
  .nullish();

/** What a report reads of an instrument's stored column: its name. */
export const reportColumnSchema = z.looseObject({ name: z.string().nullish() }).nullish();

export const sequenceReportSchema = z.object({
  kind: z.literal('sequence'),
  generated_at: z.string(),
  sequence: z.looseObject({ id, name: z.string(), state: z.string(), started_at: z.string().nullable() }),
  instrument: reportInstrumentSchema.nullable(),
  method: named.nullable(),
  template: z.looseObject({ name: z.string() }).nullable(),
  drafts: z.array(z.looseObject({ id })),
  injections: z.array(reportInjectionSchema),
  calibrations: z.array(calibrationSchema),
  /** Mean, SD and %RSD of each sample's replicate injections (as GET …/results/ answers them). */
  replicates: z.array(replicateSummarySchema),
  /** The system-suitability verdict of each component with limits. */
  suitability: z.array(sequenceSuitabilitySchema),
  /** The sequence's record number in its workspace (docs/signatures.md). */
  sequence_number: z.number().int().nullable(),
  /** Review state and signatures of the sequence. */
  review: reviewSchema,
  audit: z.array(auditEntrySchema),
  /** The audit chain's latest signed checkpoint when the report was made; null before the first one. */
  audit_checkpoint: auditCheckpointSchema.nullable(),
  /** Present when the report was issued (POST), absent when read (GET). */
  record: reportRecordSchema.optional(),
});
export type SequenceReport = z.infer<typeof sequenceReportSchema>;

export const injectionReportSchema = z.object({
  kind: z.literal('injection'),
  generated_at: z.string(),
  injection: z.looseObject({
    id,
    state: z.string(),
    started_at: z.string().nullable(),
    replicate: z.number().int().nullable(),
    vial: z.number().int().nullable(),
  }),
  measurement: z.looseObject({ id, name: z.string(), signal_unit: z.string() }),
  sample: z.looseObject({ id, name: z.string(), type: z.string() }).nullable(),
  analytes: z.array(analyteSchema),
  instrument: reportInstrumentSchema.nullable(),
  /** The device method the injection ran with, as sent to the instrument. */
  method_snapshot: z.unknown(),
  chromatogram: measurementDataSchema,
  /** Every result version, oldest first. */
  results: z.array(reportResultSchema),
  calibrations: z.array(calibrationSchema),
  /** The record number of the injection's sequence, when it has one. */
  sequence_number: z.number().int().nullable(),
  /** Review state and signatures of the injection's measurement, and of its sequence (covering it too). */
  review: reviewSchema,
  sequence_review: reviewSchema.nullable(),
  /**
   * Who made the injection: in a sequence, the user who started the run; outside one, the user who started
   * it on the instrument page. A share-link visitor gets the user number only (`email` null).
   */
  /** Who made the injection: full name (null until given) and address (null for a share-link visitor). */
  operator: z.object({ id, email: z.string().nullable(), name: z.string().nullable() }).nullable(),
  audit: z.array(auditEntrySchema),
  /** The audit chain's latest signed checkpoint when the report was made; null before the first one. */
  audit_checkpoint: auditCheckpointSchema.nullable(),
  record: reportRecordSchema.optional(),
});
export type InjectionReport = z.infer<typeof injectionReportSchema>;

export const reportSchema = z.discriminatedUnion('kind', [sequenceReportSchema, injectionReportSchema]);
export type Report = z.infer<typeof reportSchema>;
