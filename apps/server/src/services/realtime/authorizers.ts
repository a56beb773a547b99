// Who reads which realtime channel: `measurements:{id}` a user whose current workspace holds it (in a role
// that reads measurements, docs/roles.md), or a visitor whose shared object covers the
// measurement (a sample → the measurements of its injections, a sequence → its injections' measurements, an
// injection → its own); `sequences:{id}` likewise, or a visitor of that sequence; `devices:{id}` a user
// whose current workspace holds the instrument. Visitors are resolved from
// share tokens (see visitors.ts). The composition root registers these with the realtime hub.
import type { RealtimeAccessRepository } from '../../repositories/realtime-access.ts';
import type { TokenSigner } from '../tokens.ts';
import type { ChannelAuthorizer, VisitorResolver, VisitorSubject } from './subjects.ts';
import { createShareLookup, shareVisitorResolver } from './visitors.ts';

export interface RealtimeAuthorization {
  visitorResolver: VisitorResolver;
  /** Whether a visitor's share token is still active (checked on every use). */
  visitorActive: (visitor: VisitorSubject) => Promise<boolean>;
  measurements: ChannelAuthorizer;
  sequences: ChannelAuthorizer;
  devices: ChannelAuthorizer;
}

export function createRealtimeAuthorization(deps: {
  access: RealtimeAccessRepository;
  signer: TokenSigner;
}): RealtimeAuthorization {
  const { access } = deps;
  const shares = createShareLookup(access);
  return {
    visitorResolver: shareVisitorResolver(deps.signer, shares),
    async visitorActive(visitor) {
      const id = visitor.claims.share_token_id;
      return typeof id === 'number' && (await shares.byId(id)) !== null;
    },
    measurements: async (subject, measurementId) =>
      subject.kind === 'user'
        ? access.measurementReadableBy(measurementId, subject.userId)
        : access.measurementCoveredBy(measurementId, subject.scope.type, subject.scope.id),
    sequences: async (subject, sequenceId) => {
      if (subject.kind === 'visitor')
        return subject.scope.type === 'sequence' && subject.scope.id === sequenceId;
      return access.sequenceReadableBy(sequenceId, subject.userId);
    },
    devices: async (subject, deviceId) =>
      subject.kind === 'user' && access.deviceReadableBy(deviceId, subject.userId),
  };
}
