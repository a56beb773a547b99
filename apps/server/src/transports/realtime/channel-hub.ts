// The engine of the realtime hub: connections, local subscribers per channel, fan-out of broker events,
// and the protocol operations the connections call. One pass a second keeps pings, expiry and presence.
import type { FastifyBaseLogger } from 'fastify';
import type { Broker, ChannelEvent } from './broker.ts';
import { ClientSession, DisconnectError, ReplyError, tokenFailure, type ClientTransport } from './client.ts';
import { EventFrames } from './codec.ts';
import type { ChannelPolicy } from './policy.ts';
import {
  disconnects,
  errors,
  unsubscribes,
  type ClientInfo,
  type ConnectRequest,
  type Disconnect,
  type HistoryRequest,
  type SubscribeRequest,
} from './protocol.ts';
import { readPosition, recover } from './recovery.ts';
import type { RealtimeTokens } from './tokens.ts';

export interface HubOptions {
  version: string;
  pingIntervalSec: number;
  pongTimeoutSec: number;
  /** A socket that has not connected within this time is closed as stale. */
  staleCloseSec: number;
  /** Time after a token's expiry before the connection or subscription is ended. */
  expiryGraceSec: number;
  clientQueueMaxBytes: number;
  presenceTtlSec: number;
  maxChannelsPerClient: number;
}

export interface Subscription {
  client: ClientSession;
  channel: string;
  expiresAtMs: number | null;
  chanInfo: unknown;
  joinLeave: boolean;
  /** Events that arrived while the subscribe reply was being prepared; null once live. */
  pending: ChannelEvent[] | null;
}

function ttlFrom(expiresAtSec: number | null, nowMs: number) {
  if (expiresAtSec === null) return {};
  return { expires: true, ttl: Math.max(1, Math.floor(expiresAtSec - nowMs / 1000)) };
}

export class ChannelHub {
  readonly clients = new Set<ClientSession>();
  private readonly local = new Map<string, Set<Subscription>>();

  constructor(
    readonly options: HubOptions,
    readonly broker: Broker,
    readonly policy: ChannelPolicy,
    readonly tokens: RealtimeTokens,
    readonly logger: FastifyBaseLogger,
  ) {
    broker.onEvent((channel, event) => this.deliver(channel, event));
  }

  open(transport: ClientTransport): ClientSession {
    const client = new ClientSession(this, transport);
    this.clients.add(client);
    return client;
  }

  /**
   * Fans one broker event out to this process's subscribers: encoded once per wire format (JSON, protobuf),
   * the same bytes for every subscriber of that format.
   */
  deliver(channel: string, event: ChannelEvent): void {
    const subscribers = this.local.get(channel);
    if (!subscribers) return;
    const frames = new EventFrames(channel, event);
    for (const subscription of subscribers) {
      if (subscription.pending) subscription.pending.push(event);
      else if (event.kind === 'publication' || subscription.joinLeave) {
        subscription.client.send(frames.for(subscription.client.codec));
      }
    }
  }

  async connect(client: ClientSession, request: ConnectRequest) {
    const identity = await this.tokens
      .verifyConnection(typeof request.token === 'string' ? request.token : '')
      .catch((error: unknown) => tokenFailure(error, disconnects.invalidToken));
    if (client.state !== 'connecting') throw new DisconnectError(disconnects.badRequest);
    const now = Date.now();
    client.subject = identity.subject;
    client.expiresAtMs = identity.expiresAtSec === null ? null : identity.expiresAtSec * 1000;
    client.state = 'connected';
    // The first ping lands at a random point of the interval so that reconnect storms do not ping in step.
    const intervalMs = this.options.pingIntervalSec * 1000;
    client.nextPingAtMs = now + intervalMs / 2 + Math.random() * (intervalMs / 2);
    // Presence refreshes are spread the same way, so that no sweep refreshes every connection at once.
    client.nextPresenceAtMs = now + Math.random() * this.presenceRefreshMs();
    return {
      client: client.id,
      version: this.options.version,
      ping: this.options.pingIntervalSec,
      pong: true,
      ...ttlFrom(identity.expiresAtSec, now),
    };
  }

  async subscribe(client: ClientSession, id: number, request: SubscribeRequest): Promise<void> {
    const channel = request.channel;
    if (typeof channel !== 'string' || channel === '') throw new DisconnectError(disconnects.badRequest);
    if (client.subscriptions.has(channel)) throw new ReplyError(errors.alreadySubscribed);
    if (client.subscriptions.size >= this.options.maxChannelsPerClient)
      throw new ReplyError(errors.limitExceeded);
    const resolved = this.policy.resolve(channel);
    if (!resolved) throw new ReplyError(errors.unknownChannel);

    let expiresAtSec: number | null = null;
    let chanInfo: unknown;
    if (typeof request.token === 'string' && request.token !== '') {
      const claims = await this.tokens
        .verifySubscription(request.token)
        .catch((error: unknown) => tokenFailure(error, errors.permissionDenied));
      if (claims.channel !== channel || claims.sub !== client.user) {
        throw new DisconnectError(disconnects.invalidToken);
      }
      if (claims.client !== undefined && claims.client !== client.id) {
        throw new DisconnectError(disconnects.invalidToken);
      }
      expiresAtSec = claims.exp;
      chanInfo = claims.info;
    } else if (!(await this.policy.authorize(client.subject, channel))) {
      throw new ReplyError(errors.permissionDenied);
    }
    if (client.isClosed() || client.subscriptions.has(channel)) return;

    const subscription: Subscription = {
      client,
      channel,
      expiresAtMs: expiresAtSec === null ? null : expiresAtSec * 1000,
      chanInfo,
      joinLeave: request.join_leave === true,
      pending: [],
    };
    client.subscriptions.set(channel, subscription);
    let subscribers = this.local.get(channel);
    if (!subscribers) this.local.set(channel, (subscribers = new Set()));
    subscribers.add(subscription);
    try {
      // Listen before reading the position: whatever is published later arrives as an event.
      await this.broker.listen(channel);
      const namespace = resolved.namespace;
      const recoverable = namespace.forceRecovery || request.recoverable === true;
      const outcome =
        recoverable && request.recover === true
          ? await recover(this.broker, channel, request, namespace)
          : await readPosition(this.broker, channel, namespace);
      if (client.isClosed()) return;
      const result: Record<string, unknown> = { ...ttlFrom(expiresAtSec, Date.now()) };
      if (recoverable) Object.assign(result, { recoverable: true, ...outcome.position });
      if (outcome.wasRecovering)
        Object.assign(result, { was_recovering: true, recovered: outcome.recovered });
      const publications = outcome.publications.length > 0 ? outcome.publications : undefined;
      client.reply(id, 'subscribe', result, publications);
      this.goLive(subscription, outcome.position.offset);
      const info = client.info(chanInfo);
      await this.broker.addPresence(channel, client.id, info, this.options.presenceTtlSec);
      if (subscription.joinLeave) await this.broker.publishJoinLeave(channel, 'join', JSON.stringify(info));
    } catch (error) {
      this.drop(subscription);
      throw error;
    }
  }

  /** Sends what arrived while subscribing, after the reply and without repeating what the reply held. */
  private goLive(subscription: Subscription, sentOffset: number): void {
    const pending = subscription.pending ?? [];
    subscription.pending = null;
    let offset = sentOffset;
    for (const event of pending) {
      if (event.kind === 'publication') {
        if (event.publication.offset <= offset) continue;
        offset = event.publication.offset;
      } else if (!subscription.joinLeave) continue;
      subscription.client.send(subscription.client.codec.event(subscription.channel, event));
    }
  }

  private drop(subscription: Subscription): void {
    const { client, channel } = subscription;
    if (client.subscriptions.get(channel) === subscription) client.subscriptions.delete(channel);
    const subscribers = this.local.get(channel);
    if (!subscribers?.delete(subscription) || subscribers.size > 0) return;
    this.local.delete(channel);
    this.broker
      .unlisten(channel)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'realtime unlisten'));
  }

  async unsubscribe(client: ClientSession, channel: string): Promise<void> {
    const subscription = client.subscriptions.get(channel);
    if (!subscription) return;
    this.drop(subscription);
    await this.leave(subscription);
  }

  private async leave(subscription: Subscription): Promise<void> {
    const { client, channel } = subscription;
    await this.broker.removePresence(channel, client.id);
    if (subscription.joinLeave) {
      await this.broker.publishJoinLeave(
        channel,
        'leave',
        JSON.stringify(client.info(subscription.chanInfo)),
      );
    }
  }

  async clientPublish(client: ClientSession, channel: string, data: unknown): Promise<void> {
    const resolved = this.policy.resolve(channel);
    if (!resolved) throw new ReplyError(errors.unknownChannel);
    const allowed = resolved.namespace.clientPublish;
    if (
      !allowed ||
      client.subject.kind === 'anonymous' ||
      !(await allowed(client.subject, resolved.channelId))
    ) {
      throw new ReplyError(errors.permissionDenied);
    }
    const info = client.info(client.subscriptions.get(channel)?.chanInfo);
    await this.broker.publish(
      channel,
      JSON.stringify(data ?? null),
      JSON.stringify(info),
      resolved.namespace,
    );
  }

  private requireSubscribed(client: ClientSession, channel: string): void {
    if (!client.subscriptions.has(channel)) throw new ReplyError(errors.permissionDenied);
  }

  async presence(client: ClientSession, channel: string): Promise<Record<string, ClientInfo>> {
    this.requireSubscribed(client, channel);
    return this.broker.presence(channel);
  }

  async presenceStats(client: ClientSession, channel: string) {
    const members = Object.values(await this.presence(client, channel));
    return { num_clients: members.length, num_users: new Set(members.map((member) => member.user)).size };
  }

  async history(client: ClientSession, id: number, request: HistoryRequest): Promise<void> {
    const channel = request.channel;
    if (typeof channel !== 'string' || channel === '') throw new DisconnectError(disconnects.badRequest);
    this.requireSubscribed(client, channel);
    const resolved = this.policy.resolve(channel);
    if (!resolved) throw new ReplyError(errors.unknownChannel);
    const size = resolved.namespace.historySize;
    const limit = typeof request.limit === 'number' && request.limit > 0 ? Math.min(request.limit, size) : 0;
    const since = request.since;
    const sinceValid = since && typeof since.offset === 'number' && typeof since.epoch === 'string';
    const result = await this.broker.history(
      channel,
      {
        limit: request.limit === -1 ? size : limit,
        reverse: request.reverse === true,
        ...(sinceValid ? { since: { offset: since.offset!, epoch: since.epoch! } } : {}),
      },
      resolved.namespace,
    );
    if (sinceValid && !request.reverse) {
      const first = result.publications[0];
      const gap = first ? first.offset > since.offset! + 1 : result.position.offset > since.offset!;
      if (since.epoch !== result.position.epoch || (gap && result.publications.length < limit)) {
        throw new ReplyError(errors.unrecoverablePosition);
      }
    }
    client.reply(id, 'history', { ...result.position }, result.publications);
  }

  async rpc(client: ClientSession, method: string, data: unknown) {
    const handler = this.policy.rpc(method);
    if (!handler) throw new ReplyError(errors.methodNotFound);
    return { data: (await handler(client.subject, data)) ?? null };
  }

  async refresh(client: ClientSession, token: string) {
    const identity = await this.tokens
      .verifyConnection(token)
      .catch((error: unknown) => tokenFailure(error, disconnects.invalidToken));
    const before = client.subject;
    const after = identity.subject;
    const same =
      before.kind === after.kind &&
      (before.kind !== 'user' || (after.kind === 'user' && after.userId === before.userId));
    if (!same) throw new DisconnectError(disconnects.invalidToken);
    client.subject = after;
    client.expiresAtMs = identity.expiresAtSec === null ? null : identity.expiresAtSec * 1000;
    return {
      client: client.id,
      version: this.options.version,
      ...ttlFrom(identity.expiresAtSec, Date.now()),
    };
  }

  async subRefresh(client: ClientSession, channel: string, token: string | undefined) {
    const subscription = client.subscriptions.get(channel);
    if (!subscription) throw new ReplyError(errors.permissionDenied);
    const claims = await this.tokens
      .verifySubscription(token ?? '')
      .catch((error: unknown) => tokenFailure(error, disconnects.invalidToken));
    if (claims.channel !== channel || claims.sub !== client.user)
      throw new DisconnectError(disconnects.invalidToken);
    subscription.expiresAtMs = claims.exp === null ? null : claims.exp * 1000;
    return ttlFrom(claims.exp, Date.now());
  }

  /** A connection ended: drop its subscriptions and presence. */
  forget(client: ClientSession): void {
    this.clients.delete(client);
    for (const subscription of [...client.subscriptions.values()]) {
      this.drop(subscription);
      if (subscription.pending === null) {
        this.leave(subscription).catch((error: unknown) =>
          this.logger.warn({ err: error }, 'realtime leave'),
        );
      }
    }
  }

  /** A connection's presence entries are added again a third of their lifetime after the last time. */
  private presenceRefreshMs(): number {
    return (this.options.presenceTtlSec * 1000) / 3;
  }

  /**
   * Pings, pong and token deadlines, stale sockets, presence refresh; run about once a second. Each connection
   * is pinged and has its presence refreshed when its own time comes (staggered from its connect).
   */
  sweep(nowMs: number): void {
    const graceMs = this.options.expiryGraceSec * 1000;
    for (const client of this.clients) {
      if (client.state === 'connecting') {
        if (nowMs - client.createdAtMs > this.options.staleCloseSec * 1000) client.close(disconnects.stale);
        continue;
      }
      if (client.pongDeadlineMs !== null && nowMs > client.pongDeadlineMs) {
        client.close(disconnects.noPong);
        continue;
      }
      if (client.expiresAtMs !== null && nowMs > client.expiresAtMs + graceMs) {
        client.close(disconnects.connectionExpired);
        continue;
      }
      if (nowMs >= client.nextPingAtMs) {
        client.nextPingAtMs = nowMs + this.options.pingIntervalSec * 1000;
        client.ping(nowMs, this.options.pongTimeoutSec * 1000);
      }
      this.sweepSubscriptions(client, nowMs, graceMs);
    }
    this.broker.maintain?.();
  }

  /** Ends a connection's expired subscriptions; refreshes its presence entries when due. */
  private sweepSubscriptions(client: ClientSession, nowMs: number, graceMs: number): void {
    const refreshPresence = this.broker.presenceExpires && nowMs >= client.nextPresenceAtMs;
    if (refreshPresence) client.nextPresenceAtMs = nowMs + this.presenceRefreshMs();
    for (const subscription of client.subscriptions.values()) {
      if (subscription.expiresAtMs !== null && nowMs > subscription.expiresAtMs + graceMs) {
        this.expireSubscription(subscription);
      } else if (refreshPresence && subscription.pending === null) {
        this.broker
          .addPresence(
            subscription.channel,
            client.id,
            client.info(subscription.chanInfo),
            this.options.presenceTtlSec,
          )
          .catch((error: unknown) => this.logger.warn({ err: error }, 'realtime presence refresh'));
      }
    }
  }

  /** The subscription token ran out: the client resubscribes with a fresh one (unsubscribe code 2501). */
  private expireSubscription(subscription: Subscription): void {
    this.drop(subscription);
    const { code, reason } = unsubscribes.expired;
    subscription.client.send(subscription.client.codec.unsubscribePush(subscription.channel, code, reason));
    this.leave(subscription).catch((error: unknown) => this.logger.warn({ err: error }, 'realtime leave'));
  }

  disconnectAll(disconnect: Disconnect): void {
    for (const client of [...this.clients]) client.close(disconnect);
  }
}
