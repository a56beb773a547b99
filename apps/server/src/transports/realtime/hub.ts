// The realtime hub services use: typed publishing, channel authorizers per namespace, subscription tokens,
// rpc methods; transports attach connections to it. In-process without REDIS_URL, through Redis with it.
import { randomUUID } from 'node:crypto';
import type { ChannelName, PayloadOf } from '@eluent/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Redis } from 'ioredis';
import type { SessionTokenService, TokenSigner } from '../../services/tokens.ts';
import type { Broker } from './broker.ts';
import { ChannelHub, type HubOptions } from './channel-hub.ts';
import type { ClientSession, ClientTransport } from './client.ts';
import { createMemoryBroker } from './memory-broker.ts';
import { createChannelPolicy, type NamespaceOptions, type RpcHandler } from './policy.ts';
import { disconnects, type Disconnect, type StreamPosition } from './protocol.ts';
import { createRedisBroker } from './redis-broker.ts';
import {
  protocolUser,
  type ChannelAuthorizer,
  type Subject,
  type VisitorResolver,
  type VisitorSubject,
} from '../../services/realtime/subjects.ts';
import { createRealtimeTokens, visitorJwtResolver, type RealtimeTokens } from './tokens.ts';

export interface RealtimeHub {
  /** Publishes to every subscriber on every server process; resolves with the publication's position. */
  publish<C extends ChannelName>(channel: C, data: PayloadOf<C>): Promise<StreamPosition>;
  /**
   * Lets a module decide who reads its channels, e.g.
   * `hub.registerChannelAuthorizer('devices', async (subject, id) => subject.kind === 'user' && owns(subject.userId, id))`.
   * Channels of an unregistered namespace are refused.
   */
  registerChannelAuthorizer(
    namespace: string,
    authorizer: ChannelAuthorizer,
    options?: Partial<NamespaceOptions>,
  ): void;
  /** Has a module registered this namespace? */
  hasNamespace(namespace: string): boolean;
  /**
   * Replaces how visitor tokens (and share tokens on the subscription-token endpoint) become subjects; `gate`
   * re-checks a connected visitor before each authorization (a revoked share opens nothing more).
   */
  registerVisitorResolver(
    resolver: VisitorResolver,
    gate?: (subject: VisitorSubject) => Promise<boolean>,
  ): void;
  /** Answers `rpc` commands of this method with the handler's result. */
  registerRpc(method: string, handler: RpcHandler): void;
  /** May the subject read the channel? */
  authorize(subject: Subject, channel: string): Promise<boolean>;
  /** A subscription token for the subject and channel (checks nothing: call `authorize` first). */
  issueSubscriptionToken(subject: Subject, channel: string): Promise<string>;
  readonly tokens: RealtimeTokens;
  /** For transports: a new connection speaking the client protocol over `transport`. */
  open(transport: ClientTransport): ClientSession;
  /**
   * Ends a user's connections on every server process (e.g. after a password change; with Redis through its
   * control channel); they may reconnect. Resolves once the other processes have been told.
   */
  disconnectUser(userId: number, disconnect?: Disconnect): Promise<void>;
  /** Ends the connections of one session of a user (a sign-out), here and on every other process. */
  disconnectSession(userId: number, sessionId: string, disconnect: Disconnect): Promise<void>;
  /** This process's id among the server processes (the `node` of emulation sessions). */
  readonly node: string;
  /** Takes emulation commands other processes pass on for sessions of this one. */
  onEmulationCommands(handler: (session: string, data: string) => void): void;
  /** Passes emulation commands to the process `target`; false when there are no other processes (no Redis). */
  forwardEmulationCommands(target: string, session: string, data: string): Promise<boolean>;
  /** Connects the broker (Redis) and hears the other processes' orders; building the hub connects nothing. */
  start(): Promise<void>;
  /** Connections held by this process. */
  connectionCount(): number;
  /** Ends every connection of this process with 'shutdown' (the clients reconnect elsewhere). */
  shutdown(): void;
  close(): Promise<void>;
}

export interface RealtimeHubDependencies {
  config: Config;
  signer: TokenSigner;
  sessions: SessionTokenService;
  logger: FastifyBaseLogger;
  /** The broker's Redis clients from the composition root (redis-clients.ts); absent → in memory. */
  redis?: { commands: Redis; subscriber: Redis } | undefined;
  /** Overrides the engine chosen from the configuration (tests, benchmarks). */
  broker?: Broker;
}

export async function createRealtimeHub(dependencies: RealtimeHubDependencies): Promise<RealtimeHub> {
  const { config, logger } = dependencies;
  const realtime = config.realtime;
  const broker =
    dependencies.broker ??
    (dependencies.redis
      ? createRedisBroker({
          ...dependencies.redis,
          prefix: realtime.redisPrefix,
          onError: (error) => logger.warn({ err: error }, 'realtime redis'),
        })
      : createMemoryBroker());
  const policy = createChannelPolicy();
  let resolveVisitor: VisitorResolver = visitorJwtResolver(dependencies.signer);
  const tokens = createRealtimeTokens({
    signer: dependencies.signer,
    sessions: dependencies.sessions,
    subscriptionTokenLifetimeSec: realtime.subscriptionTokenLifetimeSec,
    resolveVisitor: () => resolveVisitor,
  });
  const options: HubOptions = {
    version: config.version,
    pingIntervalSec: realtime.pingIntervalSec,
    pongTimeoutSec: realtime.pongTimeoutSec,
    staleCloseSec: 10,
    expiryGraceSec: realtime.expiryGraceSec,
    clientQueueMaxBytes: realtime.clientQueueMaxBytes,
    presenceTtlSec: 60,
    maxChannelsPerClient: 512,
  };
  const engine = new ChannelHub(options, broker, policy, tokens, logger);
  const node = randomUUID();
  const disconnectLocal = (userId: number, disconnect: Disconnect, sessionId?: string) => {
    for (const client of [...engine.clients]) {
      const { subject } = client;
      if (subject.kind !== 'user' || subject.userId !== userId) continue;
      if (sessionId === undefined || subject.sessionId === sessionId) client.close(disconnect);
    }
  };
  let emulationHandler: (session: string, data: string) => void = () => undefined;
  broker.onControl((message) => {
    if (message.node === node) return;
    if (message.type === 'disconnect_user') {
      disconnectLocal(message.user, { code: message.code, reason: message.reason }, message.session);
    } else if (message.type === 'emulation' && message.target === node) {
      emulationHandler(message.session, message.data);
    }
  });
  const sweeper = setInterval(() => engine.sweep(Date.now()), 1000);
  sweeper.unref();

  // A user reads only their own notification channel.
  policy.registerNamespace(
    'users',
    async (subject, userId) => subject.kind === 'user' && subject.userId === userId,
  );
  policy.registerRpc('echo', async (_subject, data) => data);
  policy.registerRpc('time', async () => ({ time_ms: Date.now() }));

  return {
    async publish(channel, data) {
      const resolved = policy.resolve(channel);
      if (!resolved) throw new Error(`realtime channel '${channel}' has no registered namespace`);
      return broker.publish(channel, JSON.stringify(data), undefined, resolved.namespace);
    },
    registerChannelAuthorizer(namespace, authorizer, namespaceOptions) {
      policy.registerNamespace(namespace, authorizer, namespaceOptions);
    },
    hasNamespace: (namespace) => policy.hasNamespace(namespace),
    registerVisitorResolver(resolver, gate) {
      resolveVisitor = resolver;
      if (gate) policy.setVisitorGate(gate);
    },
    registerRpc(method, handler) {
      policy.registerRpc(method, handler);
    },
    authorize: (subject, channel) => policy.authorize(subject, channel),
    issueSubscriptionToken: (subject, channel) => tokens.issueSubscription(protocolUser(subject), channel),
    tokens,
    open: (transport) => engine.open(transport),
    async disconnectUser(userId, disconnect = disconnects.forceReconnect) {
      disconnectLocal(userId, disconnect);
      await broker.publishControl({ type: 'disconnect_user', node, user: userId, ...disconnect });
    },
    async disconnectSession(userId, sessionId, disconnect) {
      disconnectLocal(userId, disconnect, sessionId);
      await broker.publishControl({
        type: 'disconnect_user',
        node,
        user: userId,
        session: sessionId,
        ...disconnect,
      });
    },
    node,
    onEmulationCommands(handler) {
      emulationHandler = handler;
    },
    async forwardEmulationCommands(target, session, data) {
      if (!broker.shared) return false;
      await broker.publishControl({ type: 'emulation', node, target, session, data });
      return true;
    },
    async start() {
      await broker.start?.();
    },
    connectionCount: () => engine.clients.size,
    shutdown() {
      engine.disconnectAll(disconnects.shutdown);
    },
    async close() {
      clearInterval(sweeper);
      engine.disconnectAll(disconnects.shutdown);
      await broker.close();
    },
  };
}
