// In-process engine: one process holds every channel's history, position and presence.
import { randomBytes } from 'node:crypto';
import {
  selectPublications,
  type Broker,
  type ChannelEvent,
  type HistoryOptions,
  type HistoryResult,
  type RetentionOptions,
  type StoredPublication,
} from './broker.ts';
import { encodePublication } from './frames.ts';
import type { ClientInfo, StreamPosition } from './protocol.ts';

interface Stream {
  epoch: string;
  offset: number;
  publications: StoredPublication[];
  expiresAt: number;
}

/**
 * A publication as history holds it: its data and info JSON as given, its `json` built when asked (a fan-out
 * asks once per wire format, a history or recovery reply once). Kept for up to `historySize` publications per
 * channel, it is one object and the strings it was given, not a string built from them besides.
 */
class HeldPublication implements StoredPublication {
  constructor(
    readonly offset: number,
    readonly dataJson: string,
    readonly infoJson: string | undefined,
  ) {}

  get json(): string {
    return encodePublication(this.dataJson, this.infoJson, this.offset);
  }
}

/** Streams idle this long lose their position too; a new epoch then tells clients to reload. */
const STREAM_META_TTL_MS = 24 * 3600 * 1000;

export function newEpoch(): string {
  return randomBytes(6).toString('base64url');
}

export function createMemoryBroker(now: () => number = Date.now): Broker {
  const streams = new Map<string, Stream>();
  const presence = new Map<string, Map<string, ClientInfo>>();
  const listening = new Set<string>();
  let deliver: (channel: string, event: ChannelEvent) => void = () => undefined;

  function stream(channel: string): Stream {
    let found = streams.get(channel);
    if (!found) {
      found = { epoch: newEpoch(), offset: 0, publications: [], expiresAt: now() + STREAM_META_TTL_MS };
      streams.set(channel, found);
    }
    return found;
  }

  function current(found: Stream, retention: RetentionOptions): StoredPublication[] {
    const lastPublishAt = found.expiresAt - STREAM_META_TTL_MS;
    if (now() > lastPublishAt + retention.historyTtlSec * 1000) found.publications = [];
    return found.publications;
  }

  return {
    onEvent(handler) {
      deliver = handler;
    },
    async listen(channel) {
      listening.add(channel);
    },
    async unlisten(channel) {
      listening.delete(channel);
    },
    async publish(channel, dataJson, infoJson, retention) {
      const found = stream(channel);
      const kept = current(found, retention);
      found.offset += 1;
      const publication = new HeldPublication(found.offset, dataJson, infoJson);
      if (retention.historySize > 0) {
        kept.push(publication);
        if (kept.length > retention.historySize) kept.splice(0, kept.length - retention.historySize);
      }
      found.expiresAt = now() + STREAM_META_TTL_MS;
      if (listening.has(channel)) deliver(channel, { kind: 'publication', publication });
      return { offset: found.offset, epoch: found.epoch };
    },
    async publishJoinLeave(channel, kind, infoJson) {
      if (listening.has(channel)) deliver(channel, { kind, infoJson });
    },
    async history(
      channel: string,
      options: HistoryOptions,
      retention: RetentionOptions,
    ): Promise<HistoryResult> {
      const found = stream(channel);
      const position: StreamPosition = { offset: found.offset, epoch: found.epoch };
      return { position, publications: selectPublications(current(found, retention), options, position) };
    },
    async addPresence(channel, clientId, info) {
      let members = presence.get(channel);
      if (!members) presence.set(channel, (members = new Map<string, ClientInfo>()));
      members.set(clientId, info);
    },
    async removePresence(channel, clientId) {
      const members = presence.get(channel);
      if (!members) return;
      members.delete(clientId);
      if (members.size === 0) presence.delete(channel);
    },
    async presence(channel) {
      return Object.fromEntries(presence.get(channel) ?? []);
    },
    presenceExpires: false,
    // One process: nobody else to tell.
    shared: false,
    onControl: () => undefined,
    publishControl: async () => undefined,
    async close() {
      streams.clear();
      presence.clear();
    },
    maintain() {
      const time = now();
      for (const [channel, found] of streams) if (found.expiresAt < time) streams.delete(channel);
    },
  };
}
