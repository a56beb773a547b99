// Exchanging a share token and the shared object's id for a visitor JWT (spec §6): HS256 with the server
// secret, naming the object, expiring no later than the share token. Revocation is checked on every request.
import { AppError } from '../../errors.ts';
import { onlyFields } from '../../lib/input.ts';
import { visitorClaims } from '../graphql/identity.ts';
import type { ShareTokensRepository } from '../../repositories/share-tokens.ts';
import type { TokenSigner } from '../tokens.ts';

/** Visitor tokens are short-lived; the client exchanges again (spec: reused until 5 s before expiry). */
const VISITOR_TOKEN_MAX_SEC = 3600;

export const shareTokenInvalid = 'Share token is not valid or has expired.';

export function createShareTokenService(deps: { shareTokens: ShareTokensRepository; signer: TokenSigner }) {
  return {
    async exchange(body: Record<string, unknown>): Promise<{ token: string }> {
      onlyFields(body, ['share_token', 'id']);
      const shareToken = body.share_token;
      const id = typeof body.id === 'string' && /^\d+$/.test(body.id) ? Number(body.id) : body.id;
      const fields: Record<string, string[]> = {};
      if (typeof shareToken !== 'string' || shareToken.length === 0 || shareToken.length > 200) {
        fields.share_token = ['Field is required'];
      }
      if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647) {
        fields.id = ['Field is required'];
      }
      if (Object.keys(fields).length > 0) throw AppError.validation(fields);
      const found = await deps.shareTokens.findActive(shareToken as string, id as number);
      if (!found) throw new AppError(404, 'share_token_not_valid', shareTokenInvalid);
      const untilExpirySec = Math.floor((found.expiresAt.getTime() - Date.now()) / 1000);
      if (untilExpirySec < 1) throw new AppError(404, 'share_token_not_valid', shareTokenInvalid);
      const token = await deps.signer.sign(
        visitorClaims(found.id, found.objectType, found.objectId),
        Math.min(untilExpirySec, VISITOR_TOKEN_MAX_SEC),
      );
      return { token };
    },
  };
}
