// The simulated instrument's side of the device link: connects like hardware, says hello, reports status,
// answers commands and streams measurement chunks that it keeps until the server acknowledges them.
import {
  commandSchemas,
  DEVICE_PROTOCOL_VERSION,
  EQUILIBRATE_DEFAULT_COLUMN_VOLUMES,
  PURGE_DEFAULT_DURATION_SEC,
  PURGE_DEFAULT_FLOW_ML_PER_MIN,
  runInjectionParamsSchema,
  serverToDeviceSchema,
  type ChunkMessage,
  type CommandMessage,
  type DeviceToServerMessage,
  type RunFinishedMessage,
  type ServerToDeviceMessage,
} from '@eluent/contracts';
import { limitOf } from './instrument/hardware.ts';
import { InstrumentError, SimulatedInstrument, type FinishedRun } from './instrument/instrument.ts';
import type { Connect, LinkSocket } from './link/transport.ts';
import { appendPoints, type RunPoints } from './physics/run-signal.ts';

export interface DeviceClientOptions {
  connect: Connect;
  serialNumber: string;
  pairingCode: string;
  /** A credential issued earlier; without one the device proves its pairing code. */
  credential?: string;
  /** Simulated seconds per real second. @default 1 */
  speed?: number;
  instrument?: SimulatedInstrument;
  /** Real milliseconds between simulation steps. @default 200 */
  tickMs?: number;
  /** Real milliseconds of points gathered into one chunk (fewer, larger inserts). @default 1000 */
  chunkEveryMs?: number;
  /** Re-send a chunk not acknowledged after this many real milliseconds. @default 3000 */
  resendAfterMs?: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
  onCredential?: (credential: string) => void;
}

interface Pending<T> {
  message: T;
  sentAt: number;
}

/** Chunks are split so no frame comes near the server's size limit. */
const MAX_POINTS_PER_CHUNK = 5000;
const STATUS_RUNNING_MS = 1000;
const STATUS_IDLE_MS = 5000;

export class DeviceClient {
  readonly instrument: SimulatedInstrument;
  deviceId: number | null = null;
  claimed = false;
  credential: string | undefined;
  /** Link error frames received, newest last (tests and logs read them). */
  readonly linkErrors: Array<{ code: string; detail: string }> = [];
  /** Chunks the server has acknowledged (stored) so far. */
  acknowledgedChunks = 0;
  private socket: LinkSocket | null = null;
  private welcomed = false;
  private stopped = true;
  private connecting = false;
  private failures = 0;
  private tickTimer: NodeJS.Timeout | undefined;
  private lastTickAt = 0;
  private lastStatusAt = 0;
  private lastState = '';
  private readonly outbox = new Map<string, Pending<ChunkMessage>>();
  private readonly finishes = new Map<number, Pending<RunFinishedMessage>>();
  private readonly chunkCounters = new Map<number, { chunks: number; points: number }>();
  private readonly speed: number;
  private readonly tickMs: number;
  private readonly resendAfterMs: number;
  private readonly chunkEveryMs: number;
  /** Points produced but not yet cut into a chunk. */
  private buffered: { measurementId: number; points: RunPoints } | null = null;
  private lastChunkAt = 0;
  private hung = false;
  private readonly waiters = new Set<() => void>();

  constructor(private readonly options: DeviceClientOptions) {
    this.instrument = options.instrument ?? new SimulatedInstrument(options.serialNumber);
    this.credential = options.credential;
    this.speed = options.speed ?? 1;
    this.tickMs = options.tickMs ?? 200;
    this.resendAfterMs = options.resendAfterMs ?? 3000;
    this.chunkEveryMs = options.chunkEveryMs ?? 1000;
  }

  get connected(): boolean {
    return this.welcomed;
  }

  /** Chunks and finishes waiting for the server's acknowledgement. */
  get unacknowledged(): number {
    return this.outbox.size + this.finishes.size;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.lastTickAt = Date.now();
    this.tickTimer = setInterval(() => this.tick(), this.tickMs);
    void this.ensureConnected();
  }

  /** Powers the instrument off: closes the link and stops simulated time. Unacknowledged data is lost. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.tickTimer);
    this.socket?.close();
    this.socket = null;
    this.welcomed = false;
  }

  /** Cuts the connection as a network fault would; the client reconnects on its own. */
  dropConnection(): void {
    this.socket?.close();
  }

  /** Sends a raw frame (tests use it to send malformed input through a real link). */
  sendRaw(text: string): void {
    this.socket?.send(text);
  }

  /** Firmware fault on demand: a running injection ends with the error. */
  injectFault(code: number | string): void {
    const finished = this.instrument.injectFault(code);
    if (finished) this.finishRun(finished);
    this.sendStatus();
  }

  /** Firmware hang on demand: commands still arrive but are never answered (the server's command timeout). */
  hang(hung = true): void {
    this.hung = hung;
  }

  /** Resolves when the predicate holds, checked after every received frame and tick. */
  waitFor(predicate: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      if (predicate()) return resolve();
      const check = () => {
        if (predicate()) {
          this.waiters.delete(check);
          resolve();
        }
      };
      this.waiters.add(check);
    });
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private async ensureConnected(): Promise<void> {
    if (this.stopped || this.socket || this.connecting) return;
    this.connecting = true;
    try {
      const socket = await this.options.connect();
      if (this.stopped) {
        socket.close();
        return;
      }
      this.socket = socket;
      socket.onMessage((text) => this.receive(text));
      socket.onClose(() => {
        if (this.socket !== socket) return;
        this.socket = null;
        this.welcomed = false;
        this.notify();
        this.scheduleReconnect();
      });
      this.sendHello();
    } catch {
      this.failures++;
      this.scheduleReconnect();
    } finally {
      this.connecting = false;
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const delayMs = Math.min(5000, 100 * 2 ** Math.min(this.failures, 6));
    setTimeout(() => void this.ensureConnected(), delayMs).unref();
  }

  private sendHello(): void {
    this.send({
      type: 'hello',
      protocol: DEVICE_PROTOCOL_VERSION,
      serial_number: this.options.serialNumber,
      firmware_version: this.instrument.firmwareVersion,
      hardware_configuration: this.instrument.hardware,
      installed_column: this.instrument.column,
      ...(this.credential ? { credential: this.credential } : { pairing_code: this.options.pairingCode }),
    });
  }

  private send(message: DeviceToServerMessage): void {
    this.socket?.send(JSON.stringify(message));
  }

  private receive(text: string): void {
    let message: ServerToDeviceMessage;
    try {
      message = serverToDeviceSchema.parse(JSON.parse(text));
    } catch {
      this.options.log?.('ignored an unreadable frame from the server');
      return;
    }
    switch (message.type) {
      case 'welcome':
        this.welcomed = true;
        // Reconnects back off until a hello is accepted, so a refused device does not hammer the server.
        this.failures = 0;
        this.deviceId = message.device_id;
        this.claimed = message.claimed;
        if (message.credential) {
          this.credential = message.credential;
          this.options.onCredential?.(message.credential);
        }
        this.sendStatus();
        this.resend(true);
        break;
      case 'command':
        if (!this.hung) this.runCommand(message);
        break;
      case 'chunk_ack':
        if (this.outbox.delete(chunkKey(message.measurement_id, message.chunk_index)))
          this.acknowledgedChunks++;
        break;
      case 'run_finished_ack':
        if (message.complete) this.finishes.delete(message.measurement_id);
        else this.resend(true, message.measurement_id);
        break;
      case 'error':
        this.linkErrors.push({ code: message.code, detail: message.detail });
        this.handleLinkError(message.code, message.about);
        break;
    }
    this.notify();
  }

  private handleLinkError(code: string, about: Record<string, string | number> | undefined): void {
    if (code === 'hello_rejected' || code === 'already_connected' || code === 'throttled') {
      this.failures++;
      // The server no longer knows this credential (e.g. the registry was reset): pair again.
      if (code === 'hello_rejected') this.credential = undefined;
      this.socket?.close();
      return;
    }
    if (code === 'measurement_not_found' && typeof about?.measurement_id === 'number') {
      // Nobody can store these points: keeping them would re-send them forever.
      const measurementId = about.measurement_id;
      for (const key of [...this.outbox.keys()])
        if (key.startsWith(`${measurementId}:`)) this.outbox.delete(key);
      this.finishes.delete(measurementId);
    }
  }

  private runCommand(command: CommandMessage): void {
    const reply = (result: unknown) => this.send({ type: 'reply', id: command.id, ok: true, result });
    const refuse = (code: number | string, detail?: string) =>
      this.send({ type: 'reply', id: command.id, ok: false, error: detail ? { code, detail } : { code } });
    const parsed = commandSchemas[command.name].safeParse(command.params);
    if (!parsed.success) {
      const unknownKey = parsed.error.issues.some((issue) => issue.code === 'unrecognized_keys');
      return refuse(
        unknownKey ? 'publisher_unsupported_key' : 'device_method_not_configured',
        parsed.error.message.slice(0, 400),
      );
    }
    try {
      switch (command.name) {
        case 'run_injection': {
          const params = runInjectionParamsSchema.parse(command.params);
          if (this.instrument.run?.measurementId !== params.measurement_id) this.instrument.startRun(params);
          reply({ measurement_id: params.measurement_id });
          break;
        }
        case 'stop': {
          const finished = this.instrument.stop();
          if (finished) this.finishRun(finished);
          reply({});
          break;
        }
        case 'pause':
          this.instrument.pause();
          reply({});
          break;
        case 'resume':
          this.instrument.resume();
          reply({});
          break;
        case 'set_column':
          this.instrument.setColumn(commandSchemas.set_column.parse(command.params).column);
          reply({});
          break;
        case 'scan_wifi':
          reply(this.instrument.scanWifi());
          break;
        case 'join_wifi': {
          const { ssid, password } = commandSchemas.join_wifi.parse(command.params);
          reply(this.instrument.joinWifi(ssid, password));
          break;
        }
        case 'read_firmware':
          reply(this.instrument.readFirmware());
          break;
        case 'set_pump':
          reply(this.instrument.setPump(commandSchemas.set_pump.parse(command.params).on));
          break;
        case 'purge': {
          const params = commandSchemas.purge.parse(command.params);
          const maxFlow = limitOf(this.instrument.hardware, 'pump', 'max_flow_ml_per_min') ?? Infinity;
          reply(
            this.instrument.purge(
              params.flow_ml_per_min ?? Math.min(PURGE_DEFAULT_FLOW_ML_PER_MIN, maxFlow),
              params.duration_sec ?? PURGE_DEFAULT_DURATION_SEC,
            ),
          );
          break;
        }
        case 'equilibrate': {
          const params = commandSchemas.equilibrate.parse(command.params);
          reply(this.instrument.equilibrate(params.column_volumes ?? EQUILIBRATE_DEFAULT_COLUMN_VOLUMES));
          break;
        }
        case 'set_conditions':
          reply(this.instrument.setConditions(commandSchemas.set_conditions.parse(command.params)));
          break;
      }
    } catch (error) {
      if (error instanceof InstrumentError) refuse(error.code);
      else refuse(999, error instanceof Error ? error.message.slice(0, 400) : undefined);
    }
    this.sendStatus();
  }

  private tick(): void {
    const now = Date.now();
    const elapsedSec = ((now - this.lastTickAt) / 1000) * this.speed;
    this.lastTickAt = now;
    const { points, finished } = this.instrument.advance(elapsedSec);
    const measurementId = this.instrument.run?.measurementId;
    if (points && measurementId !== undefined) this.buffer(measurementId, points);
    if (
      this.buffered &&
      (now - this.lastChunkAt >= this.chunkEveryMs ||
        this.buffered.points.timeSec.length >= MAX_POINTS_PER_CHUNK)
    ) {
      this.flushBuffer();
    }
    if (finished) this.finishRun(finished);
    const state = this.stateKey();
    // A purge, an equilibration or a settling pressure is reported as often as a run.
    const busy = this.instrument.state === 'running' || this.instrument.changing;
    const interval = busy ? STATUS_RUNNING_MS : STATUS_IDLE_MS;
    if (state !== this.lastState || now - this.lastStatusAt >= interval) this.sendStatus();
    this.resend(false);
    this.notify();
  }

  private buffer(measurementId: number, points: RunPoints): void {
    if (!this.buffered) {
      this.buffered = {
        measurementId,
        points: { timeSec: [], signalMau: [], pressureBar: [], percentB: [] },
      };
    }
    appendPoints(this.buffered.points, points);
  }

  private flushBuffer(): void {
    this.lastChunkAt = Date.now();
    const buffered = this.buffered;
    this.buffered = null;
    if (buffered) this.queueChunks(buffered.measurementId, buffered.points);
  }

  private finishRun(finished: FinishedRun): void {
    this.flushBuffer();
    this.queueChunks(finished.measurementId, finished.points);
    const counter = this.chunkCounters.get(finished.measurementId) ?? { chunks: 0, points: 0 };
    this.chunkCounters.delete(finished.measurementId);
    const message: RunFinishedMessage = {
      type: 'run_finished',
      measurement_id: finished.measurementId,
      chunks_count: counter.chunks,
      points_count: counter.points,
      result: finished.result,
      error_code: finished.errorCode,
      ...(finished.fractions ? { fractions: finished.fractions } : {}),
    };
    this.finishes.set(finished.measurementId, { message, sentAt: Date.now() });
    if (this.welcomed) this.send(message);
  }

  private queueChunks(measurementId: number, points: RunPoints): void {
    const counter = this.chunkCounters.get(measurementId) ?? { chunks: 0, points: 0 };
    this.chunkCounters.set(measurementId, counter);
    for (let start = 0; start < points.timeSec.length; start += MAX_POINTS_PER_CHUNK) {
      const end = Math.min(points.timeSec.length, start + MAX_POINTS_PER_CHUNK);
      const message: ChunkMessage = {
        type: 'chunk',
        measurement_id: measurementId,
        chunk_index: counter.chunks++,
        time_sec: points.timeSec.slice(start, end),
        signal: points.signalMau.slice(start, end),
        pressure_bar: points.pressureBar.slice(start, end),
      };
      counter.points += end - start;
      this.outbox.set(chunkKey(measurementId, message.chunk_index), { message, sentAt: Date.now() });
      if (this.welcomed) this.send(message);
    }
  }

  /** Re-sends what the server has not acknowledged: all of it after a (re)connect, else what is overdue. */
  private resend(all: boolean, onlyMeasurementId?: number): void {
    if (!this.welcomed) return;
    const now = Date.now();
    const due = (pending: Pending<unknown>) => all || now - pending.sentAt >= this.resendAfterMs;
    const chunks = [...this.outbox.values()]
      .filter(
        (pending) => onlyMeasurementId === undefined || pending.message.measurement_id === onlyMeasurementId,
      )
      .sort(
        (a, b) =>
          a.message.measurement_id - b.message.measurement_id ||
          a.message.chunk_index - b.message.chunk_index,
      );
    for (const pending of chunks) {
      if (!due(pending)) continue;
      pending.sentAt = now;
      this.send(pending.message);
    }
    for (const pending of this.finishes.values()) {
      if (onlyMeasurementId !== undefined && pending.message.measurement_id !== onlyMeasurementId) continue;
      if (!due(pending) && onlyMeasurementId === undefined) continue;
      pending.sentAt = now;
      this.send(pending.message);
    }
  }

  /** What a status reports at once when it changes: the run state, the pump and the activity. */
  private stateKey(): string {
    const { fluidics } = this.instrument;
    return `${this.instrument.state}:${fluidics.pumpOn}:${fluidics.activity?.kind ?? ''}`;
  }

  private sendStatus(): void {
    this.lastStatusAt = Date.now();
    this.lastState = this.stateKey();
    if (this.welcomed) this.send({ type: 'status', ...this.instrument.readings() });
  }
}

function chunkKey(measurementId: number, chunkIndex: number): string {
  return `${measurementId}:${chunkIndex}`;
}
