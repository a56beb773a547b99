// One realtime connection: the protocol state machine over any transport (websocket or HTTP emulation).
// Commands of a connection run one after another, so replies and pushes keep the order the client expects.
import { randomUUID } from 'node:crypto';
import {
  codecs,
  UndecodableData,
  type Frame,
  type SharedFrame,
  type WireCodec,
  type WireProtocol,
} from './codec.ts';
import { FrameError } from './frames.ts';
import type { StoredPublication } from './broker.ts';
import type { ChannelHub, Subscription } from './channel-hub.ts';
import {
  commandKind,
  disconnects,
  errors,
  type ClientInfo,
  type Command,
  type Disconnect,
  type ProtocolError,
} from './protocol.ts';
import { protocolUser, type Subject } from '../../services/realtime/subjects.ts';
import { RealtimeTokenError } from './tokens.ts';

/** Where a connection's frames go: a websocket, or an HTTP stream of the emulation transport. */
export interface ClientTransport {
  /** The wire format the connection speaks; JSON when absent. */
  readonly protocol?: WireProtocol;
  send(frame: Frame | SharedFrame): void;
  /** Bytes written but not yet handed to the kernel. */
  bufferedBytes(): number;
  close(disconnect: Disconnect): void;
  /** Extra fields of the connect reply (the emulation transports' `session` and `node`). */
  connectFields?(): Record<string, unknown>;
}

/** A command answered with an error reply. */
export class ReplyError extends Error {
  constructor(readonly error: ProtocolError) {
    super(error.message);
  }
}

/** A command that ends the connection. */
export class DisconnectError extends Error {
  constructor(readonly disconnect: Disconnect) {
    super(disconnect.reason);
  }
}

export class ClientSession {
  readonly id = randomUUID();
  readonly createdAtMs = Date.now();
  state: 'connecting' | 'connected' | 'closed' = 'connecting';
  subject: Subject = { kind: 'anonymous' };
  /** Unix ms after which the connection must have refreshed its token; null when it never expires. */
  expiresAtMs: number | null = null;
  nextPingAtMs = 0;
  /** When the sweep next refreshes this connection's presence entries (brokers whose presence expires). */
  nextPresenceAtMs = 0;
  pongDeadlineMs: number | null = null;
  readonly subscriptions = new Map<string, Subscription>();
  readonly codec: WireCodec;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly hub: ChannelHub,
    private readonly transport: ClientTransport,
  ) {
    this.codec = codecs[transport.protocol ?? 'json'];
  }

  /** Read through a method so that checks after an await are not narrowed away by the compiler. */
  isClosed(): boolean {
    return this.state === 'closed';
  }

  get user(): string {
    return protocolUser(this.subject);
  }

  info(chanInfo?: unknown): ClientInfo {
    const info: ClientInfo = { user: this.user, client: this.id };
    if (chanInfo !== undefined) info.chan_info = chanInfo;
    return info;
  }

  /** Takes one frame from the transport: text for JSON, bytes for protobuf. */
  receive(frame: Buffer | string): void {
    if (this.state === 'closed') return;
    let commands: Command[];
    try {
      commands = this.codec.decode(frame);
    } catch (error) {
      if (error instanceof FrameError) return this.close(disconnects.badRequest);
      throw error;
    }
    for (const command of commands) {
      this.queue = this.queue.then(() => this.run(command));
    }
  }

  /** Sends a frame unless the client has fallen too far behind, which ends the connection as slow. */
  send(frame: Frame | SharedFrame): void {
    if (this.state === 'closed') return;
    if (this.transport.bufferedBytes() > this.hub.options.clientQueueMaxBytes) {
      this.close(disconnects.slow);
      return;
    }
    this.transport.send(frame);
  }

  close(disconnect: Disconnect): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.transport.close(disconnect);
    this.hub.forget(this);
  }

  /** The transport went away (or was closed by us): release subscriptions and presence. */
  closed(): void {
    if (this.state !== 'closed') {
      this.state = 'closed';
      this.hub.forget(this);
    }
  }

  private async run(command: Command): Promise<void> {
    if (this.state === 'closed') return;
    try {
      await this.dispatch(command);
    } catch (error) {
      if (this.isClosed()) return;
      if (error instanceof ReplyError) return this.replyError(command.id ?? 0, error.error);
      if (error instanceof DisconnectError) return this.close(error.disconnect);
      this.hub.logger.error({ err: error }, 'realtime command failed');
      this.replyError(command.id ?? 0, errors.internal);
    }
  }

  private async dispatch(command: Command): Promise<void> {
    const kind = commandKind(command);
    const id = command.id ?? 0;
    if (kind === null) {
      // An empty command is the pong to our ping; anything else empty is a protocol violation.
      if (id !== 0 || this.pongDeadlineMs === null) throw new DisconnectError(disconnects.badRequest);
      this.pongDeadlineMs = null;
      return;
    }
    if (kind === 'send') return;
    if (id <= 0) throw new DisconnectError(disconnects.badRequest);
    if (kind === 'connect') {
      if (this.state !== 'connecting') throw new DisconnectError(disconnects.badRequest);
      const result = await this.hub.connect(this, command.connect ?? {});
      return this.reply(id, 'connect', { ...result, ...this.transport.connectFields?.() });
    }
    if (this.state !== 'connected') throw new DisconnectError(disconnects.badRequest);
    switch (kind) {
      case 'subscribe':
        return this.hub.subscribe(this, id, command.subscribe ?? {});
      case 'unsubscribe':
        await this.hub.unsubscribe(this, requireChannel(command.unsubscribe?.channel));
        return this.reply(id, 'unsubscribe', {});
      case 'publish':
        await this.hub.clientPublish(
          this,
          requireChannel(command.publish?.channel),
          requireJson(command.publish?.data),
        );
        return this.reply(id, 'publish', {});
      case 'presence':
        return this.reply(id, 'presence', {
          presence: await this.hub.presence(this, requireChannel(command.presence?.channel)),
        });
      case 'presence_stats':
        return this.reply(
          id,
          'presence_stats',
          await this.hub.presenceStats(this, requireChannel(command.presence_stats?.channel)),
        );
      case 'history':
        return this.hub.history(this, id, command.history ?? {});
      case 'ping':
        throw new ReplyError(errors.notAvailable);
      case 'rpc':
        return this.reply(
          id,
          'rpc',
          await this.hub.rpc(this, command.rpc?.method ?? '', requireJson(command.rpc?.data)),
        );
      case 'refresh':
        return this.reply(id, 'refresh', await this.hub.refresh(this, command.refresh?.token ?? ''));
      case 'sub_refresh':
        return this.reply(
          id,
          'sub_refresh',
          await this.hub.subRefresh(
            this,
            requireChannel(command.sub_refresh?.channel),
            command.sub_refresh?.token,
          ),
        );
      default: {
        const unreachable: never = kind;
        throw new Error(`unhandled command ${String(unreachable)}`);
      }
    }
  }

  reply(id: number, kind: string, result: object, publications?: StoredPublication[]): void {
    this.send(this.codec.reply(id, kind, result, publications));
  }

  replyError(id: number, error: ProtocolError): void {
    this.send(this.codec.error(id, error));
  }

  /** Sends the empty ping frame and starts waiting for the pong. */
  ping(nowMs: number, pongTimeoutMs: number): void {
    this.send(this.codec.ping);
    if (this.pongDeadlineMs === null) this.pongDeadlineMs = nowMs + pongTimeoutMs;
  }
}

function requireChannel(channel: string | undefined): string {
  if (typeof channel !== 'string' || channel === '') throw new DisconnectError(disconnects.badRequest);
  return channel;
}

/** Request data the server can read: JSON (protobuf bytes that are not JSON are a bad request). */
function requireJson(data: unknown): unknown {
  if (data instanceof UndecodableData) throw new ReplyError(errors.badRequest);
  return data;
}

/** Maps a token failure to Centrifugo's outcome: an expired token is an error reply, a bad one disconnects. */
export function tokenFailure(error: unknown, invalid: ProtocolError | Disconnect): never {
  if (error instanceof RealtimeTokenError) {
    if (error.reason === 'expired') throw new ReplyError(errors.tokenExpired);
    if ('code' in invalid && 'reason' in invalid) throw new DisconnectError(invalid);
    throw new ReplyError(invalid);
  }
  throw error;
}
