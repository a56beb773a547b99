// REST of saved overlays (docs/overlays.md): an overlay of chromatograms kept as an object of the
// workspace — which measurements, in which order, how they are laid out and normalised, which are hidden —
// so it can be reopened, renamed, deleted and shared by a read-only link.
import { z } from 'zod';

/** At most this many chromatograms in one overlay (the compare view's limit). */
export const OVERLAY_MAX_TRACES = 6;
export const OVERLAY_NAME_MAX = 120;
export const overlayLayouts = ['overlay', 'offset', 'stacked'] as const;
export const overlayNormalisations = ['none', 'largest', 'peak'] as const;

const id = z.number().int().positive().max(2_147_483_647);
const name = z.string().trim().min(1).max(OVERLAY_NAME_MAX);

/** POST /api/overlays/: the overlay as the compare view shows it. Hidden ids are among the measurements. */
export const overlayInputSchema = z
  .object({
    name,
    measurement_ids: z.array(id).min(1).max(OVERLAY_MAX_TRACES),
    layout: z.enum(overlayLayouts).default('overlay'),
    normalisation: z.enum(overlayNormalisations).default('none'),
    /** Retention time of the peak to normalise to (normalisation `peak`), in minutes. */
    peak_time_min: z.number().min(0).max(100_000).nullable().default(null),
    hidden_ids: z.array(id).max(OVERLAY_MAX_TRACES).default([]),
  })
  .refine((input) => new Set(input.measurement_ids).size === input.measurement_ids.length, {
    path: ['measurement_ids'],
  })
  .refine((input) => input.hidden_ids.every((hidden) => input.measurement_ids.includes(hidden)), {
    path: ['hidden_ids'],
  });
export type OverlayInput = z.input<typeof overlayInputSchema>;

/** PATCH /api/overlays/{id}/: a new name. */
export const overlayRenameSchema = z.object({ name });

/** A saved overlay: GET /api/overlays/ (list), GET/POST/PATCH one. */
export const savedOverlaySchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  measurement_ids: z.array(z.number().int().positive()),
  layout: z.enum(overlayLayouts),
  normalisation: z.enum(overlayNormalisations),
  peak_time_min: z.number().nullable(),
  hidden_ids: z.array(z.number().int().positive()),
  /** Each measurement's current name, in the overlay's order (null when it no longer exists). */
  traces: z.array(z.object({ measurement_id: z.number().int().positive(), name: z.string().nullable() })),
  /** The account that saved it. */
  owner_id: z.number().int().positive(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedOverlay = z.infer<typeof savedOverlaySchema>;
