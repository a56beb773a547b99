// REST of sequences and their table (docs/sequences.md): what a request may carry (the schemas the server
// parses bodies with) and what it answers (the types the web app reads), one source for both.
import { z } from 'zod';
import { sequenceStates } from '../realtime/payloads.ts';
import { recordLockSchema } from './signatures.ts';

const id = z.number().int().positive();

/** POST /api/sequences/ and PATCH /api/sequences/{id}/ (the PATCH merges the body into the stored values). */
export const sequenceInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  device_id: id,
  method_id: id.nullable().default(null),
  template_uuid: z.uuid().nullable().default(null),
});
export type SequenceInput = z.input<typeof sequenceInputSchema>;

/** POST /api/sequences/{id}/drafts/ and PATCH of one row. */
export const draftInputSchema = z.object({
  sample_id: id,
  vial: z.number().int().min(1).max(1000),
  injections_count: z.number().int().min(1).max(100).default(1),
  method_id: id.nullable().default(null),
  enabled: z.boolean().default(true),
  /** Sample weight in mg; null: not weighed (docs/assay.md "Amounts in the sample"). */
  weight_mg: z.number().positive().max(1e9).nullable().default(null),
  /** Dilution factor; null: 1. */
  dilution: z.number().positive().max(1e9).nullable().default(null),
  /** Injection volume in µL sent to the instrument for this row; null: the method's. */
  injection_ul: z.number().positive().max(5000).nullable().default(null),
  /** A standard on this row checks the curve (its deviation against the limit) instead of calibrating it. */
  check_standard: z.boolean().default(false),
  /**
   * A standard's calibration level in the sequence template's component table (1 = lowest): its amounts are
   * read from there (docs/assay.md "Standards entered once"); null: the standard's own amounts.
   */
  calibration_level: z.number().int().min(1).max(50).nullable().default(null),
});
export type DraftInput = z.input<typeof draftInputSchema>;

/** POST /api/sequences/{id}/drafts/order/. */
export const draftOrderInputSchema = z.object({ draft_ids: z.array(id).max(1000) });

/** One row of a sequence's table. */
export const draftSchema = z.object({
  id,
  sequence_id: id,
  position: z.number().int(),
  sample_id: id.nullable(),
  vial: z.number().int().nullable(),
  injections_count: z.number().int(),
  method_id: id.nullable(),
  enabled: z.boolean(),
  weight_mg: z.number().nullable(),
  dilution: z.number().nullable(),
  injection_ul: z.number().nullable(),
  check_standard: z.boolean(),
  calibration_level: z.number().int().nullable(),
  /** The row has run or is running: the server refuses changes, deletion and moves. */
  locked: z.boolean(),
});
export type Draft = z.infer<typeof draftSchema>;

/** The interrupted injection a PAUSED run waits on (docs/sequences.md "Interrupted injections"). */
export const interruptionSchema = z.object({
  injection_id: id,
  draft_id: id.nullable(),
  replicate: z.number().int(),
  measurement_id: id.nullable(),
  points_count: z.number().int(),
  reason: z.string().nullable(),
  /** The catalogue message of `reason`. */
  detail: z.string().nullable(),
});
export type Interruption = z.infer<typeof interruptionSchema>;

/** After pause, resume or stop: the state was saved but the instrument did not confirm the command. */
export const instrumentWarningSchema = z.object({
  code: z.literal('sequence_instrument_not_confirmed'),
  detail: z.string(),
  command: z.enum(['pause', 'resume', 'stop']),
});
export type InstrumentWarning = z.infer<typeof instrumentWarningSchema>;

/** A sequence as GET, POST, PATCH and the run actions answer it. */
export const sequenceSchema = z.object({
  id,
  name: z.string(),
  device_id: id.nullable(),
  method_id: id.nullable(),
  template_uuid: z.string().nullable(),
  /** The versions of its method and template it uses (pinned once it runs or is signed); null: none. */
  method_version: z.number().int().nullable(),
  template_version: z.number().int().nullable(),
  state: z.enum(sequenceStates),
  current_draft_id: id.nullable(),
  current_injection_id: id.nullable(),
  error_code: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  drafts: z.array(draftSchema),
  instrument_warning: instrumentWarningSchema.optional(),
  /** Set while a PAUSED run waits for the user's choice after an interrupted injection. */
  interruption: interruptionSchema.nullable(),
  /** Why the sequence cannot be edited or deleted now (signed, or running); null while it may. */
  lock: recordLockSchema.nullable(),
});
export type Sequence = z.infer<typeof sequenceSchema>;

/** The run actions of POST /api/sequences/{id}/{action}/. */
export const runActions = ['start', 'pause', 'resume', 'stop', 'continue', 'requeue'] as const;
export type RunAction = (typeof runActions)[number];
