// Realtime transports and the subscription-token endpoint of the web client:
// POST /api/centrifuge/subscribe?token=… (user) or ?share_token=… (visitor), `{channels: [name]}`
// → `{channels: [{channel, token}]}`; a channel the caller may not read answers 403.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, RawBodyError } from '../../errors.ts';
import { attachRealtimeEmulation } from './emulation.ts';
import type { RealtimeHub } from './hub.ts';
import { attachRealtimeWebsocket } from './websocket.ts';
import type { Subject } from '../../services/realtime/subjects.ts';
import { RealtimeTokenError } from './tokens.ts';
import { objectBody } from '../http/body.ts';

const MAX_CHANNELS_PER_REQUEST = 100;

const notProvided = () =>
  new RawBodyError(
    401,
    { detail: 'Authentication credentials were not provided.' },
    { 'www-authenticate': 'Bearer realm="api"' },
  );

function notValid(error: RealtimeTokenError, tokenType: 'access' | 'visitor') {
  return new RawBodyError(
    401,
    {
      detail: 'Given token not valid for any token type',
      code: 'token_not_valid',
      messages: [
        {
          token_class: tokenType === 'access' ? 'AccessToken' : 'VisitorToken',
          token_type: tokenType,
          message: error.reason === 'expired' ? 'Token is expired' : 'Token is invalid',
        },
      ],
    },
    { 'www-authenticate': 'Bearer realm="api"' },
  );
}

async function subjectOf(realtime: RealtimeHub, request: FastifyRequest): Promise<Subject> {
  const query = request.query as Record<string, unknown>;
  const shareToken = typeof query.share_token === 'string' ? query.share_token : '';
  const header = request.headers.authorization ?? '';
  const bearer = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  const userToken = typeof query.token === 'string' && query.token !== '' ? query.token : bearer;
  const { tokens } = realtime;
  try {
    if (shareToken !== '') return await tokens.verifyVisitor(shareToken);
    if (userToken !== '') return await tokens.verifyUser(userToken);
  } catch (error) {
    if (error instanceof RealtimeTokenError) throw notValid(error, shareToken !== '' ? 'visitor' : 'access');
    throw error;
  }
  throw notProvided();
}

function channelsOf(body: unknown): string[] {
  const channels = objectBody(body).channels;
  if (
    !Array.isArray(channels) ||
    channels.length === 0 ||
    channels.length > MAX_CHANNELS_PER_REQUEST ||
    !channels.every((channel) => typeof channel === 'string' && channel.length > 0 && channel.length <= 255)
  ) {
    throw AppError.validation({ channels: ['Field is required'] });
  }
  return channels as string[];
}

/** The hub is the realtime transport itself, built by the composition root and handed to its routes. */
export async function realtimeRoutes(app: FastifyInstance, realtime: RealtimeHub): Promise<void> {
  attachRealtimeWebsocket(app, realtime);
  attachRealtimeEmulation(app, realtime);

  app.post('/api/centrifuge/subscribe', async (request) => {
    const subject = await subjectOf(realtime, request);
    const channels = channelsOf(request.body);
    const answers = [];
    for (const channel of channels) {
      if (!(await realtime.authorize(subject, channel))) {
        throw new AppError(403, 'channel_not_accessible', 'Channel is not accessible!');
      }
      answers.push({ channel, token: await realtime.issueSubscriptionToken(subject, channel) });
    }
    return { channels: answers };
  });
}
