// Thin transport: POST /api/hasura/auth/share-token {share_token, id} → {token} (spec §7).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { createShareTokensRepository } from '../../repositories/share-tokens.ts';
import { createShareTokenService } from '../../services/sharing/share-tokens.ts';
import { objectBody } from './body.ts';

export async function shareTokenRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const service = createShareTokenService({
    shareTokens: createShareTokensRepository(context.database.db),
    signer: context.signer,
  });
  const limited = {
    config: { rateLimit: { max: context.config.authRateLimitPerMinute * 5, timeWindow: '1 minute' } },
  };
  app.post('/api/hasura/auth/share-token', limited, async (request) =>
    service.exchange(objectBody(request.body)),
  );
}
