// REST of review and electronic signatures (docs/signatures.md): a sequence (all its injections' current
// result versions) or one measurement moves processed → reviewed → approved, or rejected with a reason;
// each step is a signature bound by SHA-256 to the exact result versions it covers.
import { z } from 'zod';

export const signatureMeanings = ['authored', 'reviewed', 'approved', 'rejected'] as const;
export type SignatureMeaning = (typeof signatureMeanings)[number];

export const reviewStates = ['not_processed', 'processed', 'reviewed', 'approved', 'rejected'] as const;
export type ReviewState = (typeof reviewStates)[number];

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

/** One result version a signature covers, with the hash of its content at signing time. */
export const signedResultSchema = z.object({
  measurement_id: z.number().int(),
  injection_id: z.number().int().nullable(),
  result_id: z.number().int(),
  version: z.number().int(),
  sha256: z.string(),
  /** Whether this result version is still current and unchanged. */
  valid: z.boolean(),
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
  valid: z.boolean(),
  /** Why the signature no longer holds, in catalogue words; null while valid. */
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
