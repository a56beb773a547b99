// Redis engine: history in a STREAM (ids are offsets) beside a HASH with epoch and top offset, fan-out by
// PUB/SUB per channel, presence in a HASH with a ZSET of expiry times. Every server process sees every
// publication of the channels its clients listen to, in offset order.
import type { Redis } from 'ioredis';
import {
  selectPublications,
  type Broker,
  type ChannelEvent,
  type ControlMessage,
  type HistoryResult,
  type StoredPublication,
} from './broker.ts';
import { newEpoch } from './memory-broker.ts';
import type { ClientInfo } from './protocol.ts';

/** Idle streams keep their position this long, so a reconnecting client learns what it missed or that it cannot. */
const META_TTL_SEC = 24 * 3600;

// KEYS: stream, meta. ARGV: publication JSON without its closing brace, pub/sub channel, history size,
// history ttl, meta ttl, new epoch. Offsets and the PUBLISH happen in one step, so nodes see offset order.
const PUBLISH_SCRIPT = `
local epoch = redis.call('hget', KEYS[2], 'e')
if not epoch then
  epoch = ARGV[6]
  redis.call('hset', KEYS[2], 'e', epoch)
end
local offset = redis.call('hincrby', KEYS[2], 's', 1)
local json = ARGV[1] .. '"offset":' .. offset .. '}'
if tonumber(ARGV[3]) > 0 then
  redis.call('xadd', KEYS[1], 'MAXLEN', ARGV[3], offset .. '-1', 'd', json)
  redis.call('expire', KEYS[1], ARGV[4])
end
redis.call('expire', KEYS[2], ARGV[5])
redis.call('publish', ARGV[2], 'p' .. offset .. ' ' .. json)
return {offset, epoch}
`;

// KEYS: meta. ARGV: new epoch, meta ttl. Answers the position, creating the epoch when the stream is new.
const POSITION_SCRIPT = `
local epoch = redis.call('hget', KEYS[1], 'e')
if not epoch then
  epoch = ARGV[1]
  redis.call('hset', KEYS[1], 'e', epoch)
  redis.call('expire', KEYS[1], ARGV[2])
end
local offset = redis.call('hget', KEYS[1], 's') or '0'
return {offset, epoch}
`;

// KEYS: hash, zset. ARGV: now (ms). Drops members whose node stopped refreshing them, returns the rest.
const PRESENCE_SCRIPT = `
local expired = redis.call('zrangebyscore', KEYS[2], '0', ARGV[1])
if #expired > 0 then
  redis.call('hdel', KEYS[1], unpack(expired))
  redis.call('zremrangebyscore', KEYS[2], '0', ARGV[1])
end
return redis.call('hgetall', KEYS[1])
`;

type RedisWithScripts = Redis & {
  eluentPublish(
    stream: string,
    meta: string,
    json: string,
    pubsub: string,
    size: number,
    ttl: number,
    metaTtl: number,
    epoch: string,
  ): Promise<[number, string]>;
  eluentPosition(meta: string, epoch: string, metaTtl: number): Promise<[string, string]>;
  eluentPresence(hash: string, zset: string, now: number): Promise<string[]>;
};

export interface RedisBrokerOptions {
  /** Unconnected clients from the composition root (redis-clients.ts): commands, and the subscriber. */
  commands: Redis;
  subscriber: Redis;
  /** Key prefix, so several products or test runs can share one Redis. */
  prefix: string;
  /** A control message that cannot be read (the clients log their own connection errors). */
  onError?: (error: unknown) => void;
}

/** A message of a channel's pub/sub as the hub's event: `p<offset> <json>`, `j<info>` or `l<info>`. */
function channelEventOf(text: string): ChannelEvent | undefined {
  const kind = text[0];
  if (kind === 'p') {
    const space = text.indexOf(' ');
    return {
      kind: 'publication',
      publication: { offset: Number(text.slice(1, space)), json: text.slice(space + 1) },
    };
  }
  if (kind === 'j' || kind === 'l') return { kind: kind === 'j' ? 'join' : 'leave', infoJson: text.slice(1) };
  return undefined;
}

/** Builds the engine without connecting: `start()` connects and subscribes to the control channel. */
export function createRedisBroker(options: RedisBrokerOptions): Broker {
  const commands = options.commands as RedisWithScripts;
  const { subscriber } = options;
  commands.defineCommand('eluentPublish', { numberOfKeys: 2, lua: PUBLISH_SCRIPT });
  commands.defineCommand('eluentPosition', { numberOfKeys: 1, lua: POSITION_SCRIPT });
  commands.defineCommand('eluentPresence', { numberOfKeys: 2, lua: PRESENCE_SCRIPT });
  const report = options.onError ?? (() => undefined);

  const base = `${options.prefix}:rt:`;
  const key = (channel: string, suffix: string) => `${base}{${channel}}:${suffix}`;
  const pubsubName = (channel: string) => `${base}${channel}`;
  let deliver: (channel: string, event: ChannelEvent) => void = () => undefined;
  // Not a channel name: those always contain a colon after the prefix.
  const controlName = `${options.prefix}:rt-control`;
  let control: (message: ControlMessage) => void = () => undefined;

  subscriber.on('message', (name: string, text: string) => {
    if (name === controlName) {
      try {
        control(JSON.parse(text) as ControlMessage);
      } catch (error) {
        report(error);
      }
      return;
    }
    const event = channelEventOf(text);
    if (event) deliver(name.slice(base.length), event);
  });

  async function position(channel: string) {
    const [offset, epoch] = await commands.eluentPosition(key(channel, 'm'), newEpoch(), META_TTL_SEC);
    return { offset: Number(offset), epoch };
  }

  return {
    async start() {
      // A command sent before this (a publication during start-up) connects its client on its own.
      await Promise.all([
        commands.status === 'wait' ? commands.connect() : undefined,
        subscriber.status === 'wait' ? subscriber.connect() : undefined,
      ]);
      await subscriber.subscribe(controlName);
    },
    onEvent(handler) {
      deliver = handler;
    },
    async listen(channel) {
      await subscriber.subscribe(pubsubName(channel));
    },
    async unlisten(channel) {
      await subscriber.unsubscribe(pubsubName(channel));
    },
    async publish(channel, dataJson, infoJson, retention) {
      const open =
        infoJson === undefined ? `{"data":${dataJson},` : `{"data":${dataJson},"info":${infoJson},`;
      const [offset, epoch] = await commands.eluentPublish(
        key(channel, 's'),
        key(channel, 'm'),
        open,
        pubsubName(channel),
        retention.historySize,
        retention.historyTtlSec,
        Math.max(META_TTL_SEC, retention.historyTtlSec),
        newEpoch(),
      );
      return { offset: Number(offset), epoch };
    },
    async publishJoinLeave(channel, kind, infoJson) {
      await commands.publish(pubsubName(channel), `${kind === 'join' ? 'j' : 'l'}${infoJson}`);
    },
    async history(channel, historyOptions): Promise<HistoryResult> {
      // Position first: a publication landing between the two reads is then either in the range or later.
      const current = await position(channel);
      if (historyOptions.limit === 0) return { position: current, publications: [] };
      const since = historyOptions.since;
      if (since && since.epoch !== current.epoch) return { position: current, publications: [] };
      const start = since && !historyOptions.reverse ? `(${since.offset}-1` : '-';
      const end = since && historyOptions.reverse ? `(${since.offset}-1` : '+';
      const entries = await commands.xrange(key(channel, 's'), start, end);
      const ascending: StoredPublication[] = [];
      for (const [id, fields] of entries) {
        const offset = Number(id.slice(0, id.indexOf('-')));
        if (offset <= current.offset) ascending.push({ offset, json: fields[1] ?? 'null' });
      }
      return { position: current, publications: selectPublications(ascending, historyOptions, current) };
    },
    async addPresence(channel, clientId, info, ttlSec) {
      const hash = key(channel, 'p');
      const zset = key(channel, 'pz');
      await commands
        .multi()
        .hset(hash, clientId, JSON.stringify(info))
        .zadd(zset, Date.now() + ttlSec * 1000, clientId)
        .expire(hash, ttlSec)
        .expire(zset, ttlSec)
        .exec();
    },
    async removePresence(channel, clientId) {
      await commands.multi().hdel(key(channel, 'p'), clientId).zrem(key(channel, 'pz'), clientId).exec();
    },
    async presence(channel) {
      const flat = await commands.eluentPresence(key(channel, 'p'), key(channel, 'pz'), Date.now());
      const members: Record<string, ClientInfo> = {};
      for (let index = 0; index + 1 < flat.length; index += 2) {
        members[flat[index]!] = JSON.parse(flat[index + 1]!) as ClientInfo;
      }
      return members;
    },
    shared: true,
    presenceExpires: true,
    onControl(handler) {
      control = handler;
    },
    async publishControl(message) {
      await commands.publish(controlName, JSON.stringify(message));
    },
    async close() {
      // A client that never connected has nothing to say goodbye to (QUIT would connect it first).
      const end = (client: Redis) => (client.status === 'wait' ? client.disconnect() : client.quit());
      await Promise.allSettled([end(commands), end(subscriber)]);
    },
  };
}
