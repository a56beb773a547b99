// REST of share links (docs/sharing.md): the body the server parses a new link with and the link the web
// app lists, one source for both.
import { z } from 'zod';

export const SHARE_TOKEN_DEFAULT_DAYS = 30;
export const SHARE_TOKEN_MAX_DAYS = 365;
export const shareObjectTypes = ['sample', 'injection', 'sequence', 'overlay'] as const;

/** POST /api/share-tokens/. */
export const shareLinkInputSchema = z.object({
  object_type: z.enum(shareObjectTypes),
  object_id: z.number().int().positive().max(2_147_483_647),
  expires_in_days: z.number().int().min(1).max(SHARE_TOKEN_MAX_DAYS).optional(),
});
export type ShareLinkInput = z.input<typeof shareLinkInputSchema>;

/** A share link as its owner sees it: POST and GET /api/share-tokens/. */
export const shareLinkSchema = z.object({
  id: z.number().int().positive(),
  token: z.string(),
  /** The shared view's address, on ELUENT_PUBLIC_URL (docs/security.md). */
  url: z.string(),
  object_type: z.enum(shareObjectTypes),
  object_id: z.number().int().positive(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;
