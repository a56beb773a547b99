// Subscribe-time stream positions and recovery: a reconnecting client gets exactly the publications it
// missed, or `recovered: false` when history no longer holds them (other epoch, trimmed, expired).
import type { Broker, RetentionOptions, StoredPublication } from './broker.ts';
import type { StreamPosition, SubscribeRequest } from './protocol.ts';

export interface SubscribeOutcome {
  position: StreamPosition;
  publications: StoredPublication[];
  wasRecovering: boolean;
  recovered: boolean;
}

export async function readPosition(
  broker: Broker,
  channel: string,
  retention: RetentionOptions,
): Promise<SubscribeOutcome> {
  const { position } = await broker.history(channel, { limit: 0 }, retention);
  return { position, publications: [], wasRecovering: false, recovered: false };
}

export async function recover(
  broker: Broker,
  channel: string,
  request: SubscribeRequest,
  retention: RetentionOptions,
): Promise<SubscribeOutcome> {
  const offset = typeof request.offset === 'number' && request.offset >= 0 ? request.offset : 0;
  const epoch = typeof request.epoch === 'string' ? request.epoch : '';
  const result = await broker.history(channel, { since: { offset, epoch }, limit: -1 }, retention);
  const { position, publications } = result;
  const complete =
    epoch === position.epoch &&
    offset <= position.offset &&
    (publications.length === 0
      ? offset === position.offset
      : publications[0]!.offset === offset + 1 && publications.at(-1)!.offset === position.offset);
  return {
    position,
    publications: complete ? publications : [],
    wasRecovering: true,
    recovered: complete,
  };
}
