// The engine under the hub: publications with history and stream positions, join/leave, presence.
// In-process without Redis (memory-broker.ts); through Redis with it (redis-broker.ts), the same contract.
import type { ClientInfo, StreamPosition } from './protocol.ts';

/** A publication as stored and delivered: its offset and its JSON with `offset` included. */
export interface StoredPublication {
  offset: number;
  json: string;
  /**
   * Its `data` and `info` as JSON text when the engine still holds them apart (in memory), so the protobuf
   * encoding need not parse `json` back; absent from Redis, whose publications arrive as `json` only.
   */
  dataJson?: string;
  infoJson?: string | undefined;
}

/** What a node receives for a channel it listens to, in publication order. */
export type ChannelEvent =
  | { kind: 'publication'; publication: StoredPublication }
  | { kind: 'join'; infoJson: string }
  | { kind: 'leave'; infoJson: string };

export interface HistoryOptions {
  /** Publications after this position; when the epoch differs the answer holds the current position only. */
  since?: StreamPosition;
  /** 0 asks for the position only; a negative limit means as many as kept. */
  limit: number;
  reverse?: boolean;
}

export interface HistoryResult {
  position: StreamPosition;
  publications: StoredPublication[];
}

export interface RetentionOptions {
  /** Publications kept per channel. */
  historySize: number;
  /** Kept this long after the channel's last publication. */
  historyTtlSec: number;
}

/** Orders for every server process: end a user's connections wherever they are; pass emulation commands on. */
export type ControlMessage =
  | {
      type: 'disconnect_user';
      /** The process that sent it; it acted on its own connections already. */
      node: string;
      user: number;
      /** Only the connections of this session (a sign-out); every connection of the user when absent. */
      session?: string;
      code: number;
      reason: string;
    }
  | {
      /** Commands of an emulation session posted to another process than the one holding its stream. */
      type: 'emulation';
      node: string;
      target: string;
      session: string;
      data: string;
    };

export interface Broker {
  /** Connects (Redis) and starts hearing other processes; building a broker opens no connection. */
  start?(): Promise<void>;
  /** Receives the control messages of other processes. Set once. */
  onControl(handler: (message: ControlMessage) => void): void;
  /** Sends a control message to every other process (none without Redis). */
  publishControl(message: ControlMessage): Promise<void>;
  /** Are there other processes to reach (Redis)? */
  readonly shared: boolean;
  /** Receives every event of the channels this node listens to. Set once, before any listen. */
  onEvent(handler: (channel: string, event: ChannelEvent) => void): void;
  /** Starts receiving a channel's events; resolves when no later publication can be missed. */
  listen(channel: string): Promise<void>;
  /** Stops receiving a channel's events. */
  unlisten(channel: string): Promise<void>;
  publish(
    channel: string,
    dataJson: string,
    infoJson: string | undefined,
    retention: RetentionOptions,
  ): Promise<StreamPosition>;
  publishJoinLeave(channel: string, kind: 'join' | 'leave', infoJson: string): Promise<void>;
  history(channel: string, options: HistoryOptions, retention: RetentionOptions): Promise<HistoryResult>;
  addPresence(channel: string, clientId: string, info: ClientInfo, ttlSec: number): Promise<void>;
  /**
   * Does presence lapse after `ttlSec` unless added again (Redis, where a process that dies leaves entries
   * behind)? The hub then refreshes its clients' entries; in memory an entry lasts until it is removed.
   */
  readonly presenceExpires: boolean;
  removePresence(channel: string, clientId: string): Promise<void>;
  presence(channel: string): Promise<Record<string, ClientInfo>>;
  /** Periodic housekeeping, called by the hub every few seconds. */
  maintain?(): void;
  close(): Promise<void>;
}

/** Picks the publications a history request asks for from an ascending list. */
export function selectPublications(
  ascending: StoredPublication[],
  options: HistoryOptions,
  position: StreamPosition,
): StoredPublication[] {
  if (options.limit === 0) return [];
  let selected = ascending;
  if (options.since) {
    if (options.since.epoch !== position.epoch) return [];
    const after = options.since.offset;
    selected = options.reverse
      ? ascending.filter((publication) => publication.offset < after)
      : ascending.filter((publication) => publication.offset > after);
  }
  if (options.reverse) selected = [...selected].reverse();
  return options.limit > 0 ? selected.slice(0, options.limit) : selected;
}
