// REST of review and electronic signatures (docs/signatures.md): a sequence (all its injections' current
// result versions) or one measurement moves processed → reviewed → approved, or rejected with a reason;
// each step is a signature bound by SHA-256 to the exact result versions it covers.
import { z } from 'zod';

export const signatureMeanings = ['authored', 'reviewed', 'approved', 'rejected'] as const;
export type SignatureMeaning = (typeof signatureMeanings)[number];

export const reviewStates = ['not_processed', 'processed', 'reviewed', 'approved', 'rejected'] as const;
export type ReviewState = (typeof reviewStates)[number];

/**
 * Why a record cannot be edited or deleted now (docs/signatures.md "Locks"): the same catalogue code the
 * server refuses such a write with, and its words. Null while the record may change.
 */
export const recordLockSchema = z.object({
  code: z.enum([
    'record_signed_locked',
    'sequence_running_locked',
    'sequence_running_template_locked',
    'sequence_running_method_locked',
  ]),
  detail: z.string(),
});
export type RecordLock = z.infer<typeof recordLockSchema>;

/** GET /api/methods/{id}/lock/: why the method cannot change now (its name may while only a run uses it). */
export const methodLockSchema = z.object({ method_id: z.number().int(), lock: recordLockSchema.nullable() });
export type MethodLock = z.infer<typeof methodLockSchema>;

/** What a signature is about: a whole sequence, or one measurement (an injection or an imported file). */
export const signatureSubjectKinds = ['sequence', 'measurement'] as const;
export type SignatureSubjectKind = (typeof signatureSubjectKinds)[number];

/** The words the web app and the reports print for each meaning and state. */
export const signatureMeaningLabels: Record<SignatureMeaning, string> = {
  authored: 'Authored',
  reviewed: 'Reviewed',
  approved: 'Approved',
  rejected: 'Rejected',
};
export const reviewStateLabels: Record<ReviewState, string> = {
  not_processed: 'Not processed',
  processed: 'Processed',
  reviewed: 'Reviewed',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** POST /api/sequences/{id}/signatures/ and /api/measurements/{id}/signatures/. */
export const signRequestSchema = z.object({
  meaning: z.enum(signatureMeanings),
  /** The signer's password, asked again for every signature (21 CFR 11.200). */
  password: z.string().min(1).max(256),
  /** Required for a rejection; kept with any other meaning as the signer's comment. */
  reason: z.string().trim().max(2000).optional().nullable(),
});
export type SignRequest = z.infer<typeof signRequestSchema>;

/**
 * What a signature is worth now (docs/signatures.md "Versions, superseded signatures"):
 * - `valid`: it covers the current result versions, unchanged;
 * - `superseded`: a newer result version (reprocessing, manual integration, a renamed peak, a pick) became
 *   current; the signed version is kept byte-for-byte as signed (its hash still matches) and the signature
 *   stays bound to it, but it says nothing about the newer version, which needs signatures of its own;
 * - `invalid`: what it covers no longer matches what was signed (content changed under it, injections
 *   added or gone, the calibration changed).
 */
export const signatureStatuses = ['valid', 'superseded', 'invalid'] as const;
export type SignatureStatus = (typeof signatureStatuses)[number];
export const signatureStatusLabels: Record<SignatureStatus, string> = {
  valid: 'Valid',
  superseded: 'Superseded',
  invalid: 'Invalidated',
};

/** One result version a signature covers, with the hash of its content at signing time. */
export const signedResultSchema = z.object({
  measurement_id: z.number().int(),
  injection_id: z.number().int().nullable(),
  result_id: z.number().int(),
  version: z.number().int(),
  sha256: z.string(),
  /** Whether this result version is still current and unchanged. */
  valid: z.boolean(),
  /** valid: current and unchanged; superseded: unchanged, a newer version is current; invalid: changed. */
  status: z.enum(signatureStatuses),
  /** The version that became current after this one, while superseded; else null. */
  superseded_by: z.object({ result_id: z.number().int(), version: z.number().int() }).nullable(),
});

export const signatureSchema = z.object({
  id: z.number().int(),
  subject: z.object({ kind: z.enum(signatureSubjectKinds), id: z.number().int() }),
  signer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  meaning: z.enum(signatureMeanings),
  reason: z.string().nullable(),
  /** Server time of signing, UTC, ISO 8601. */
  signed_at: z.string(),
  state_before: z.enum(reviewStates),
  state_after: z.enum(reviewStates),
  /** SHA-256 over the canonical content of every covered result version (and the calibration). */
  sha256: z.string(),
  results: z.array(signedResultSchema),
  /** Whether it holds for the current results (status `valid`). */
  valid: z.boolean(),
  status: z.enum(signatureStatuses),
  /** Why the signature no longer holds for the current results, in catalogue words; null while valid. */
  invalid_reason: z.string().nullable(),
});
export type Signature = z.infer<typeof signatureSchema>;

/** GET /api/sequences/{id}/review/ (and measurements): the state, what the viewer may sign, every signature. */
export const reviewSchema = z.object({
  subject: z.object({ kind: z.enum(signatureSubjectKinds), id: z.number().int() }),
  state: z.enum(reviewStates),
  /** The current result versions the next signature would cover. */
  results: z.array(
    z.object({
      measurement_id: z.number().int(),
      injection_id: z.number().int().nullable(),
      result_id: z.number().int(),
      version: z.number().int(),
    }),
  ),
  /** The meanings the viewer may sign now (role, state and separation of duties). */
  can_sign: z.array(z.enum(signatureMeanings)),
  signatures: z.array(signatureSchema),
});
export type Review = z.infer<typeof reviewSchema>;
