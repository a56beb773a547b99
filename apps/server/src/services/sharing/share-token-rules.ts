// The rules of a share token write (PRODUCT.md §4: a share token grants read-only access to one object
// until it expires or is revoked): only a member of the object's workspace shares it; the expiry is 1–365 days from
// creation (30 by default) and never changes afterwards; a revocation is final. The REST service calls
// these (GraphQL does not write share tokens; see docs/graphql.md).
import { SHARE_TOKEN_DEFAULT_DAYS, shareLinkInputSchema } from '@eluent/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { ShareTokenRow } from '../../repositories/share-tokens.ts';

const DAY_MS = 86_400_000;

/** The body of a new link (contracts: rest/sharing.ts). */
export const shareTokenInput = shareLinkInputSchema;

/** Another workspace's object answers like a missing one, so ids reveal nothing. */
export function checkShareable(objectWorkspaceId: number | undefined, workspaceId: number): void {
  if (objectWorkspaceId !== workspaceId) throw AppError.domain(404, 'share_object_not_found');
}

/** The expiry of a new share token; it is fixed at creation. */
export function shareTokenExpiry(input: z.infer<typeof shareTokenInput>, now = Date.now()): Date {
  return new Date(now + (input.expires_in_days ?? SHARE_TOKEN_DEFAULT_DAYS) * DAY_MS);
}

/** Whether revoking writes anything: a revoked token stays revoked at its first revocation time. */
export function revocationNeeded(row: Pick<ShareTokenRow, 'revoked_at'>): boolean {
  return row.revoked_at === null;
}
