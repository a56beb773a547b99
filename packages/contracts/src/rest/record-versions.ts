// REST of method and template versions (docs/signatures.md "Versions of methods and templates"): every saved
// change of a method's or template's content is a new version; the kept ones are listed and each can be read
// whole, as the records that pinned it show it.
import { z } from 'zod';
import { auditChangeSchema } from './audit.ts';

/** One version in a list: its number, who made it, when and why (version 1: who created the record). */
export const recordVersionSummarySchema = z.object({
  version: z.number().int().positive(),
  created_at: z.string(),
  created_by: z.number().int().nullable(),
  /** The author's printed name at reading time (their address when they gave none); null: not known. */
  author: z.string().nullable(),
  /** The reason given, else the fields the save changed; null for version 1. */
  reason: z.string().nullable(),
});
export type RecordVersionSummary = z.infer<typeof recordVersionSummarySchema>;

/** GET /api/methods/{id}/versions/ and GET /api/templates/{uuid}/versions/: newest first. */
export const recordVersionListSchema = z.object({
  current_version: z.number().int().positive(),
  versions: z.array(recordVersionSummarySchema),
});
export type RecordVersionList = z.infer<typeof recordVersionListSchema>;

/** GET …/versions/{n}/: one version whole, as the rows of its record store it (flags left out). */
export const recordVersionSchema = recordVersionSummarySchema.extend({
  snapshot: z.record(z.string(), z.unknown()),
  /** What differs from this version to the current one: field, label, this version's value → current. */
  changes: z.array(auditChangeSchema),
});
export type RecordVersion = z.infer<typeof recordVersionSchema>;
