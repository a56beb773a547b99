// The rules of a share token write (PRODUCT.md §4: a share token grants read-only access to one object
// until it expires or is revoked): only the owner of the object shares it; the expiry is 1–365 days from
// creation (30 by default) and never changes afterwards; a revocation is final. The REST service calls
// these (GraphQL does not write share tokens; see docs/graphql.md).
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { ShareTokenRow } from '../../repositories/share-tokens.ts';

export const SHARE_TOKEN_DEFAULT_DAYS = 30;
export const SHARE_TOKEN_MAX_DAYS = 365;
const DAY_MS = 86_400_000;

export const shareTokenInput = z.object({
  object_type: z.enum(['sample', 'injection', 'sequence']),
  object_id: z.number().int().positive().max(2_147_483_647),
  expires_in_days: z.number().int().min(1).max(SHARE_TOKEN_MAX_DAYS).optional(),
});

/** Another user's object answers like a missing one, so ids reveal nothing. */
export function checkShareable(objectOwnerId: number | undefined, ownerId: number): void {
  if (objectOwnerId !== ownerId) throw AppError.domain(404, 'share_object_not_found');
}

/** The expiry of a new share token; it is fixed at creation. */
export function shareTokenExpiry(input: z.infer<typeof shareTokenInput>, now = Date.now()): Date {
  return new Date(now + (input.expires_in_days ?? SHARE_TOKEN_DEFAULT_DAYS) * DAY_MS);
}

/** Whether revoking writes anything: a revoked token stays revoked at its first revocation time. */
export function revocationNeeded(row: Pick<ShareTokenRow, 'revoked_at'>): boolean {
  return row.revoked_at === null;
}
