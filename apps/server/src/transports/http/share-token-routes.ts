// Thin transport: POST /api/hasura/auth/share-token {share_token, id} → {token} (spec §7).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { objectBody } from './body.ts';

export async function shareTokenRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const limited = {
    config: { rateLimit: { max: services.settings.authRateLimitPerMinute * 5, timeWindow: '1 minute' } },
  };
  app.post('/api/hasura/auth/share-token', limited, async (request) =>
    services.shareTokens.exchange(objectBody(request.body)),
  );
}
