// REST of the audit trail (docs/audit.md): an object's trail, the workspace-wide search with its filters and
// CSV export, and the verification of the hash chain. The server writes every entry readable (field labels,
// formatted values); the web app shows them as sent.
import { z } from 'zod';

/** One changed field of an entry, with its label and both values formatted for reading. */
export const auditChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  old: z.string().nullable(),
  new: z.string().nullable(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  chain_seq: z.number().int(),
  /** Server time, UTC, ISO 8601. */
  at: z.string(),
  /** Who: the address at the time, and the person's full name today (null until they give one). */
  user: z
    .object({ id: z.number().int(), email: z.string().nullable(), name: z.string().nullable() })
    .nullable(),
  entity: z.string(),
  /** The kind of object in words: "Sequence row", "Processing template" … */
  entity_label: z.string(),
  entity_id: z.string(),
  /** The object's name at the time (a sequence's name, a row's vial …), when it has one. */
  label: z.string().nullable(),
  action: z.string(),
  action_label: z.string(),
  /** One readable line: "Changed Sequence row 34 (vial A3): Vial A2 → A3". */
  summary: z.string(),
  changes: z.array(auditChangeSchema),
  reason: z.string().nullable(),
  hash: z.string(),
});

export const auditPageSchema = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  entries: z.array(auditEntrySchema),
});

/** GET /api/audit/{kind}/{id}/: one object's trail, oldest first. */
export const auditTrailSchema = z.object({ entries: z.array(auditEntrySchema) });

/** GET /api/audit/ query: filters, a page, and `format=csv` for the whole filtered trail as a file. */
export const auditQuerySchema = z.object({
  user_id: z.coerce.number().int().positive().optional(),
  entity: z.string().trim().min(1).max(100).optional(),
  action: z.string().trim().min(1).max(100).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  text: z.string().trim().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  format: z.enum(['json', 'csv']).default('json'),
});

/** The kinds of object an object trail is asked for: GET /api/audit/{kind}/{id}/. */
export const auditObjectKinds = [
  'methods',
  'templates',
  'instruments',
  'samples',
  'sequences',
  'measurements',
  'overlays',
] as const;
export type AuditObjectKind = (typeof auditObjectKinds)[number];

export const auditChainStatusSchema = z.object({
  valid: z.boolean(),
  /** Links checked before the first broken one (all of them when valid). */
  checked: z.number().int(),
  /** The hash of the last good link: noted elsewhere, it anchors the chain. */
  head_hash: z.string(),
  verified_at: z.string(),
  first_broken: z
    .object({
      chain_seq: z.number().int(),
      event_id: z.number().int().nullable(),
      /**
       * altered: content differs from its hash; link: prev_hash differs; missing: a position is gone; head;
       * checkpoint: the hash at a signed checkpoint's position is not the one it recorded (the chain rewritten).
       */
      problem: z.enum(['altered', 'link', 'missing', 'head', 'checkpoint']),
    })
    .nullable(),
  /**
   * The signed checkpoints the lab keeps (docs/audit.md "Checkpoints"): the latest one, and what comparing the
   * chain with them found. Null when none was written yet.
   */
  checkpoint: z
    .object({
      chain_seq: z.number().int(),
      head_hash: z.string(),
      created_at: z.string(),
      /** Checkpoints with a good signature compared with the chain. */
      checked: z.number().int(),
      /** differs: the chain's hash at a checkpoint is another; bad_signature: a checkpoint was altered. */
      problem: z.enum(['differs', 'bad_signature']).nullable(),
      /** The line of the checkpoint file with the problem. */
      line: z.number().int().nullable(),
    })
    .nullable(),
});

/** The latest signed checkpoint of the audit chain, as a report prints it. */
export const auditCheckpointSchema = z.object({
  chain_seq: z.number().int(),
  head_hash: z.string(),
  created_at: z.string(),
});
export type AuditCheckpointRef = z.infer<typeof auditCheckpointSchema>;

export const auditFiltersSchema = z.object({
  entities: z.array(z.object({ entity: z.string(), label: z.string() })),
  actions: z.array(z.object({ action: z.string(), label: z.string() })),
});

export type AuditChange = z.infer<typeof auditChangeSchema>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AuditPage = z.infer<typeof auditPageSchema>;
export type AuditTrail = z.infer<typeof auditTrailSchema>;
export type AuditQuery = z.input<typeof auditQuerySchema>;
export type AuditChainStatus = z.infer<typeof auditChainStatusSchema>;
export type AuditFilters = z.infer<typeof auditFiltersSchema>;
