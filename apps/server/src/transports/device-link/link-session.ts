// One device connection: frames are handled strictly in arrival order; nothing a device sends can crash it.
import { randomUUID } from 'node:crypto';
import {
  DEVICE_PROTOCOL_VERSION,
  type ChunkMessage,
  type CommandName,
  type LinkErrorCode,
  type ReplyMessage,
  type RunFinishedMessage,
  type ServerToDeviceMessage,
} from '@eluent/contracts';
import { isConnectionError } from '../../lib/connection-errors.ts';
import { AppError, lockRefusal } from '../../errors.ts';
import { readDeviceFrame } from './link-frames.ts';
import { DeviceRefusedError } from '../../services/devices/device-errors.ts';
import type { DeviceLinkHost, LinkSession as DeviceLink } from '../../services/devices/service.ts';

/** What a transport gives a session: a way to send text and to hang up. */
export interface LinkPeer {
  send(text: string): void;
  close(): void;
  /** The client address (through trusted proxies); null for in-process instruments. */
  address: string | null;
}

/** Frames waiting to be handled; a device that floods beyond this is disconnected. */
const MAX_QUEUED_FRAMES = 2000;
const COMMAND_TIMEOUT_MS = 15_000;
export const STATUS_INTERVAL_IDLE_SEC = 5;
export const STATUS_INTERVAL_RUNNING_SEC = 1;

interface PendingCommand {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class LinkSession implements DeviceLink {
  deviceId: number | null = null;
  private serialNumber: string | null = null;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private closed = false;
  private readonly pending = new Map<string, PendingCommand>();
  private endedResolve: () => void = () => undefined;
  /** Settles once the service has recorded the end of this connection. */
  readonly ended = new Promise<void>((resolve) => {
    this.endedResolve = resolve;
  });

  constructor(
    private readonly peer: LinkPeer,
    private readonly host: DeviceLinkHost,
  ) {}

  /** Called by the transport for each text frame. */
  receive(text: string): void {
    if (this.closed) return;
    if (++this.queued > MAX_QUEUED_FRAMES) {
      this.host.logger.warn({ deviceId: this.deviceId }, 'device link flooded; disconnecting');
      this.peer.close();
      return;
    }
    this.queue = this.queue
      .then(() => this.handle(text))
      .catch((error: unknown) => this.failed(error))
      .finally(() => {
        this.queued--;
      });
  }

  /** A frame the service could not handle: nothing was acknowledged, so the device keeps and re-sends it. */
  private failed(error: unknown): void {
    if (isConnectionError(error)) {
      this.host.databaseUnavailable(error);
      this.send({
        type: 'error',
        code: 'storage_unavailable',
        detail: 'The server cannot store data right now; keep it and send it again.',
      });
      // Without a recorded hello the link is of no use: hang up, and the device reconnects later.
      if (this.deviceId === null) this.peer.close();
      return;
    }
    const locked = lockRefusal(error);
    if (locked) {
      // A signed measurement takes no more data (docs/signatures.md "Locks"): the same code as REST.
      this.send({ type: 'error', code: 'record_signed_locked', detail: locked.message });
      return;
    }
    this.host.logger.error({ err: error, deviceId: this.deviceId }, 'device frame failed');
    this.send({
      type: 'error',
      code: 'malformed',
      detail: 'The server could not handle the frame; send it again.',
    });
  }

  /** Called by the transport when the connection is gone. */
  connectionLost(): void {
    if (this.closed) return;
    this.closed = true;
    for (const [id, command] of this.pending) {
      clearTimeout(command.timer);
      command.reject(AppError.domain(409, 'sequence_device_not_connected'));
      this.pending.delete(id);
    }
    void this.queue
      .then(() => this.host.sessionClosed(this))
      .catch((error: unknown) =>
        this.host.logger.warn({ err: error, deviceId: this.deviceId }, 'device disconnect not recorded'),
      )
      .finally(() => this.endedResolve());
  }

  close(): void {
    this.peer.close();
  }

  /** Whether the connection is still up (a closed one is waiting for its end to be recorded). */
  get open(): boolean {
    return !this.closed;
  }

  send(message: ServerToDeviceMessage): void {
    if (!this.closed) this.peer.send(JSON.stringify(message));
  }

  /** Sends a command and resolves with the device's result, or rejects with the user-facing error. */
  command(name: CommandName, params: Record<string, unknown>): Promise<unknown> {
    if (this.closed) return Promise.reject(AppError.domain(409, 'sequence_device_not_connected'));
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(AppError.domain(504, 'timeout'));
      }, COMMAND_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      this.send({ type: 'command', id, name, params });
    });
  }

  welcome(values: { deviceId: number; claimed: boolean; credential?: string | undefined }): void {
    this.send({
      type: 'welcome',
      protocol: DEVICE_PROTOCOL_VERSION,
      device_id: values.deviceId,
      claimed: values.claimed,
      ...(values.credential ? { credential: values.credential } : {}),
      status_interval_idle_sec: STATUS_INTERVAL_IDLE_SEC,
      status_interval_running_sec: STATUS_INTERVAL_RUNNING_SEC,
    });
  }

  private refuse(code: LinkErrorCode, detail: string, about?: Record<string, string | number>): void {
    this.send({ type: 'error', code, detail, ...(about ? { about } : {}) });
  }

  private async handle(text: string): Promise<void> {
    const frame = readDeviceFrame(text);
    if (!frame.ok) return this.refuse(frame.code, frame.detail, frame.about);
    const message = frame.message;
    if (message.type === 'hello') {
      if (message.protocol !== DEVICE_PROTOCOL_VERSION) {
        return this.refuse(
          'unsupported_protocol',
          `This server speaks device protocol ${DEVICE_PROTOCOL_VERSION}.`,
        );
      }
      if (this.deviceId !== null && message.serial_number !== this.serialNumber) {
        // One connection speaks for one instrument; a second identity would confuse its routing.
        this.refuse('hello_rejected', 'This connection already belongs to another serial number.');
        return this.peer.close();
      }
      const outcome = await this.host.registry.hello(message, this.peer.address, (deviceId) =>
        this.host.isOnline(deviceId),
      );
      if (!outcome.accepted) {
        this.refuse(
          outcome.code,
          outcome.reason,
          outcome.retryAfterSec === undefined ? undefined : { retry_after_sec: outcome.retryAfterSec },
        );
        return this.peer.close();
      }
      // A live connection of this instrument is never displaced by a second one: the newcomer is refused
      // and tries again later (a half-open old connection is found out by the pings within 30 s).
      if (!(await this.host.claimPresence(this, outcome.device.id))) {
        this.host.logger.warn(
          { deviceId: outcome.device.id, address: this.peer.address },
          'second connection of a connected instrument refused',
        );
        this.refuse('already_connected', 'This instrument is connected already; try again later.');
        return this.peer.close();
      }
      this.deviceId = outcome.device.id;
      this.serialNumber = message.serial_number;
      this.welcome({ deviceId: outcome.device.id, claimed: outcome.claimed, credential: outcome.credential });
      return this.host.sessionOpened(this, outcome.device.id);
    }
    const deviceId = this.deviceId;
    if (deviceId === null) return this.refuse('hello_required', 'Say hello first.');
    switch (message.type) {
      case 'status':
        return this.host.statusReceived(deviceId, message);
      case 'chunk':
        return this.storeChunk(deviceId, message);
      case 'run_finished':
        return this.finishRun(deviceId, message);
      case 'reply':
        return this.settle(message);
    }
  }

  private async storeChunk(deviceId: number, chunk: ChunkMessage): Promise<void> {
    const stored = await this.host.storeChunk(deviceId, chunk);
    if (stored === 'not_found') {
      return this.refuse('measurement_not_found', 'No measurement of this device has that id.', {
        measurement_id: chunk.measurement_id,
        chunk_index: chunk.chunk_index,
      });
    }
    // Acknowledged only now that the chunk is in the database.
    this.send({ type: 'chunk_ack', measurement_id: chunk.measurement_id, chunk_index: chunk.chunk_index });
  }

  private async finishRun(deviceId: number, message: RunFinishedMessage): Promise<void> {
    const outcome = await this.host.finishRun(deviceId, message);
    if (outcome === 'not_found') {
      return this.refuse('measurement_not_found', 'No measurement of this device has that id.', {
        measurement_id: message.measurement_id,
      });
    }
    this.send({
      type: 'run_finished_ack',
      measurement_id: message.measurement_id,
      complete: outcome === 'complete',
    });
  }

  private settle(reply: ReplyMessage): void {
    const command = this.pending.get(reply.id);
    if (!command) return;
    this.pending.delete(reply.id);
    clearTimeout(command.timer);
    if (reply.ok) command.resolve(reply.result ?? {});
    else command.reject(new DeviceRefusedError(reply.error.code));
  }
}
