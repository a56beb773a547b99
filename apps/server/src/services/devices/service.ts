// The devices service: live connections of this process, commands with replies, measurement storage from
// the device link, and the events the sequences build on.
import { EventEmitter } from 'node:events';
import type {
  ChunkMessage,
  CommandName,
  CommandParams,
  CommandResults,
  DeviceMethodInput,
  InstalledColumn,
  RunFinishedMessage,
  RunResult,
  StatusMessage,
} from '@eluent/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseAvailability } from '../../db/availability.ts';
import type { WorkClaims } from '../../db/claims.ts';
import type { DeviceState } from '../../db/domain-schema.ts';
import { AppError } from '../../errors.ts';
import type { DevicesRepository } from '../../repositories/devices.ts';
import type {
  MeasurementChunksRepository,
  MeasurementOwnership,
} from '../../repositories/measurement-chunks.ts';
import type { ClusterHandlers, DeviceCluster, RemoteCommandReply } from './cluster.ts';
import { DeviceRefusedError, deviceRefusal } from './device-errors.ts';
import type { DeviceEvents } from './events.ts';
import type { DeviceRegistry } from './registry.ts';

/** How long an instrument announced by another process through Redis counts as connected there. */
export const REMOTE_FRESH_MS = 16_000;

export interface MeasurementChunkEvent {
  deviceId: number;
  measurementId: number;
  chunkIndex: number;
  timeSec: number[];
  signal: number[];
  pressureBar: number[] | null;
}

export interface InjectionFinishedEvent {
  deviceId: number;
  measurementId: number;
  injectionId: number | null;
  result: RunResult;
  errorCode: number | string | null;
  pointsCount: number;
}

export interface DeviceServiceEvents {
  /** A chunk stored for the first time (never for a re-send). */
  measurementChunk: [MeasurementChunkEvent];
  /**
   * A measurement closed with every chunk stored: once per measurement on each process (the storing process
   * relays it through Redis), so a listener acts only on the measurements it started.
   */
  injectionFinished: [InjectionFinishedEvent];
  /** A device came online, changed state or went offline. */
  deviceState: [{ deviceId: number; state: DeviceState; online: boolean }];
}

export interface RunInjectionRequest {
  method: DeviceMethodInput;
  vial: number;
  injectionId: number | null;
  measurementId: number;
}

/** A live device link as the service drives it; the device-link transport's sessions implement it. */
export interface LinkSession {
  readonly deviceId: number | null;
  /** Settles once the service has recorded the end of this connection. */
  readonly ended: Promise<void>;
  command(name: CommandName, params: Record<string, unknown>): Promise<unknown>;
  welcome(values: { deviceId: number; claimed: boolean; credential?: string | undefined }): void;
  close(): void;
  /** Whether the connection is still up (a closed one is waiting for its end to be recorded). */
  readonly open: boolean;
}

/** What a link session needs from the service. */
export interface DeviceLinkHost {
  logger: FastifyBaseLogger;
  registry: DeviceRegistry;
  /** Whether the instrument has a live connection here or on another process. */
  isOnline(deviceId: number): boolean;
  /**
   * Takes the instrument's one place for this session; false when another connection of it is live, here
   * or on another server process (whose claim on the instrument is held in the database).
   */
  claimPresence(session: LinkSession, deviceId: number): Promise<boolean>;
  sessionOpened(session: LinkSession, deviceId: number): Promise<void>;
  sessionClosed(session: LinkSession): Promise<void>;
  statusReceived(deviceId: number, status: StatusMessage): Promise<void>;
  storeChunk(deviceId: number, chunk: ChunkMessage): Promise<'stored' | 'not_found'>;
  finishRun(deviceId: number, message: RunFinishedMessage): Promise<'complete' | 'incomplete' | 'not_found'>;
  /** A frame failed because the database is unreachable. */
  databaseUnavailable(error: unknown): void;
}

export interface DeviceServiceDependencies {
  logger: FastifyBaseLogger;
  registry: DeviceRegistry;
  devices: DevicesRepository;
  chunks: MeasurementChunksRepository;
  events: DeviceEvents;
  availability: DatabaseAvailability;
  /** Which server process holds an instrument's connection (docs/architecture.md "Several server processes"). */
  claims: WorkClaims;
}

export class DeviceService extends EventEmitter<DeviceServiceEvents> implements DeviceLinkHost {
  readonly logger: FastifyBaseLogger;
  readonly registry: DeviceRegistry;
  private readonly sessions = new Map<number, LinkSession>();
  private readonly latest = new Map<number, StatusMessage>();
  private readonly measurements = new Map<number, MeasurementOwnership>();
  /** Devices connected to other processes (through Redis), with their last status. */
  private readonly remote = new Map<
    number,
    { processId: string; status: StatusMessage | null; seenAt: number }
  >();
  private cluster: DeviceCluster | null = null;
  /** The state last written to the database per connected device; a failed write is retried. */
  private readonly recorded = new Map<number, DeviceState>();
  /** Devices that went offline while the database was unreachable: recorded once it is back. */
  private readonly offlineUnrecorded = new Set<number>();

  constructor(private readonly dependencies: DeviceServiceDependencies) {
    super();
    this.logger = dependencies.logger;
    this.registry = dependencies.registry;
    dependencies.availability.onRestored(() => void this.recordOffline());
  }

  databaseUnavailable(error: unknown): void {
    this.dependencies.availability.report(error);
  }

  private async recordOffline(): Promise<void> {
    for (const deviceId of [...this.offlineUnrecorded]) {
      this.offlineUnrecorded.delete(deviceId);
      if (this.sessions.has(deviceId)) continue;
      await this.dependencies.devices.setState(deviceId, 'offline').catch((error: unknown) => {
        this.offlineUnrecorded.add(deviceId);
        this.logger.warn({ err: error, deviceId }, 'device offline state not recorded');
      });
    }
  }

  /** For transports: a new connection. Call `receive` per text frame and `connectionLost` at the end. */

  /** Connected to this process, or (with Redis) to another process that reported it recently. */
  isOnline(deviceId: number): boolean {
    return this.sessions.has(deviceId) || this.remoteOf(deviceId) !== null;
  }

  /** The last status the device reported, or null when it is not connected. */
  liveStatus(deviceId: number): StatusMessage | null {
    if (this.sessions.has(deviceId)) return this.latest.get(deviceId) ?? null;
    return this.remoteOf(deviceId)?.status ?? null;
  }

  private remoteOf(deviceId: number) {
    const entry = this.remote.get(deviceId);
    // Idle devices report every 5 s; three missed reports mean the other process lost it.
    return entry && Date.now() - entry.seenAt < REMOTE_FRESH_MS ? entry : null;
  }

  /** Joins the processes sharing Redis: presence, relayed commands and finished runs. */
  clusterHandlers(): ClusterHandlers {
    return {
      presence: (processId, deviceId, online, status) => {
        if (online) {
          const previous = this.remote.get(deviceId);
          this.remote.set(deviceId, {
            processId,
            status: status ?? previous?.status ?? null,
            seenAt: Date.now(),
          });
        } else if (this.remote.get(deviceId)?.processId === processId) {
          this.remote.delete(deviceId);
        }
      },
      event: (name, payload) => {
        if (name === 'injectionFinished') this.emit('injectionFinished', payload as InjectionFinishedEvent);
        else if (name === 'deviceState')
          this.emit('deviceState', payload as DeviceServiceEvents['deviceState'][0]);
        else if (name === 'endSession')
          this.sessions.get((payload as { deviceId: number }).deviceId)?.close();
      },
      command: async (deviceId, name, params): Promise<RemoteCommandReply> => {
        const session = this.sessions.get(deviceId);
        if (!session)
          return {
            ok: false,
            error: { statusCode: 409, body: AppError.domain(409, 'sequence_device_not_connected').body },
          };
        try {
          return { ok: true, result: await session.command(name as CommandName, params) };
        } catch (error) {
          if (error instanceof DeviceRefusedError) return { ok: false, refusal: error.code };
          if (error instanceof AppError)
            return { ok: false, error: { statusCode: error.statusCode, body: error.body } };
          throw error;
        }
      },
    };
  }

  attachCluster(cluster: DeviceCluster): void {
    this.cluster = cluster;
    // Instruments that connected before the cluster did (in-process ones at start-up) are announced now.
    for (const deviceId of this.sessions.keys())
      cluster.announcePresence(deviceId, true, this.latest.get(deviceId) ?? null);
  }

  /** Starts an injection; resolves once the instrument accepted it. Its points arrive as `measurementChunk`. */
  async runInjection(deviceId: number, request: RunInjectionRequest): Promise<void> {
    await this.command(deviceId, 'run_injection', {
      method: request.method,
      vial: request.vial,
      injection_id: request.injectionId,
      measurement_id: request.measurementId,
    });
  }

  stop = (deviceId: number) => this.command(deviceId, 'stop', {});
  pause = (deviceId: number) => this.command(deviceId, 'pause', {});
  resume = (deviceId: number) => this.command(deviceId, 'resume', {});

  async setColumn(deviceId: number, column: InstalledColumn): Promise<void> {
    await this.command(deviceId, 'set_column', { column });
    await this.dependencies.devices.setInstalledColumn(deviceId, column);
  }

  async joinWifi(deviceId: number, ssid: string, password: string): Promise<CommandResults['join_wifi']> {
    const result = await this.command(deviceId, 'join_wifi', { ssid, password });
    await this.dependencies.devices.setWifi(deviceId, { ssid: result.ssid, connected: true });
    return result;
  }

  /** After a claim: a device connected here gets its credential now rather than on its next hello. */
  async deliverCredential(deviceId: number): Promise<void> {
    const session = this.sessions.get(deviceId);
    if (!session) return;
    const credential = await this.registry.issueCredential(deviceId);
    session.welcome({ deviceId, claimed: true, credential });
  }

  /** Ends the instrument's live connection wherever it is (after re-pairing: it held the old credential). */
  endSession(deviceId: number): void {
    this.sessions.get(deviceId)?.close();
    this.cluster?.announceEvent('endSession', { deviceId });
  }

  /** Sends a command to a device connected to this process; device refusals become user-facing errors. */
  async command<N extends CommandName>(
    deviceId: number,
    name: N,
    params: CommandParams<N>,
  ): Promise<CommandResults[N]> {
    const session = this.sessions.get(deviceId);
    if (!session) return this.relay(deviceId, name, params) as Promise<CommandResults[N]>;
    try {
      return (await session.command(name, params)) as CommandResults[N];
    } catch (error) {
      if (error instanceof DeviceRefusedError) throw deviceRefusal(error.code);
      throw error;
    }
  }

  private async relay(
    deviceId: number,
    name: CommandName,
    params: Record<string, unknown>,
  ): Promise<unknown> {
    const remote = this.remoteOf(deviceId);
    if (!remote || !this.cluster) throw AppError.domain(409, 'sequence_device_not_connected');
    const reply = await this.cluster.relayCommand(remote.processId, deviceId, name, params);
    if (reply.ok) return reply.result ?? {};
    if (reply.refusal !== undefined) throw deviceRefusal(reply.refusal);
    const body = reply.error?.body ?? {};
    const code = typeof body.code === 'string' ? body.code : 'server_error';
    const detail = typeof body.detail === 'string' ? body.detail : '';
    throw new AppError(reply.error?.statusCode ?? 502, code, detail, body);
  }

  async claimPresence(session: LinkSession, deviceId: number): Promise<boolean> {
    const current = this.sessions.get(deviceId);
    if (current === session) return true;
    if (current && current.open) return false;
    // Taken here before the claim is asked for, so two hellos of the instrument on this process cannot
    // both take it; given back when another process holds the instrument.
    this.sessions.set(deviceId, session);
    const giveBack = () => {
      if (this.sessions.get(deviceId) === session) this.sessions.delete(deviceId);
    };
    let claimed: boolean;
    try {
      claimed = await this.dependencies.claims.acquire('device', deviceId);
    } catch (error) {
      giveBack();
      throw error;
    }
    if (!claimed || this.sessions.get(deviceId) !== session) {
      giveBack();
      return false;
    }
    // Whatever Redis last said, the database says no live process holds it: an announcement of a process
    // that died is forgotten.
    this.remote.delete(deviceId);
    return true;
  }

  async sessionOpened(session: LinkSession, deviceId: number): Promise<void> {
    this.sessions.set(deviceId, session);
    this.remote.delete(deviceId);
    this.cluster?.announcePresence(deviceId, true, null);
    await this.setState(deviceId, 'idle', true);
  }

  async sessionClosed(session: LinkSession): Promise<void> {
    const deviceId = session.deviceId;
    if (deviceId === null || this.sessions.get(deviceId) !== session) return;
    this.sessions.delete(deviceId);
    this.latest.delete(deviceId);
    this.recorded.delete(deviceId);
    this.cluster?.announcePresence(deviceId, false, null);
    // Another process may take the instrument from now on.
    await this.dependencies.claims.release('device', deviceId);
    try {
      await this.setState(deviceId, 'offline', false);
    } catch (error) {
      this.offlineUnrecorded.add(deviceId);
      throw error;
    }
  }

  async statusReceived(deviceId: number, status: StatusMessage): Promise<void> {
    const previous = this.latest.get(deviceId);
    this.latest.set(deviceId, status);
    this.cluster?.announcePresence(deviceId, true, status);
    const at = new Date().toISOString();
    const changed = !previous || previous.state !== status.state || previous.error_code !== status.error_code;
    if (changed || this.recorded.get(deviceId) !== status.state) {
      await this.setState(deviceId, status.state, true, status);
    }
    this.dependencies.events.publishTelemetry({
      type: 'telemetry',
      device_id: deviceId,
      at,
      pressure_bar: status.pressure_bar,
      flow_ml_per_min: status.flow_ml_per_min,
      percent_b: status.percent_b,
      temperature_c: status.temperature_c,
      run_progress: status.run_progress,
      signal_mau: status.signal_mau,
      components: status.components,
      measurement_id: status.measurement_id,
      run_time_sec: status.run_time_sec,
      ...(status.pump_on !== undefined ? { pump_on: status.pump_on } : {}),
      ...(status.activity !== undefined ? { activity: status.activity } : {}),
      ...(status.activity_remaining_sec !== undefined
        ? { activity_remaining_sec: status.activity_remaining_sec }
        : {}),
      ...(status.setpoints !== undefined ? { setpoints: status.setpoints } : {}),
    });
  }

  private async setState(
    deviceId: number,
    state: DeviceState,
    online: boolean,
    status?: StatusMessage,
  ): Promise<void> {
    await this.dependencies.devices.setState(deviceId, state);
    if (online) this.recorded.set(deviceId, state);
    this.offlineUnrecorded.delete(deviceId);
    this.dependencies.events.publishStatus({
      type: 'status',
      device_id: deviceId,
      state,
      online,
      sequence_id: null,
      measurement_id: status?.measurement_id ?? null,
      error_code: status?.error_code ?? null,
      at: new Date().toISOString(),
    });
    this.emit('deviceState', { deviceId, state, online });
    this.cluster?.announceEvent('deviceState', { deviceId, state, online });
  }

  private async measurementOf(deviceId: number, measurementId: number): Promise<MeasurementOwnership | null> {
    let measurement = this.measurements.get(measurementId);
    if (!measurement) {
      measurement = await this.dependencies.chunks.findMeasurement(measurementId);
      if (!measurement) return null;
      this.measurements.set(measurementId, measurement);
    }
    return measurement.device_id === deviceId ? measurement : null;
  }

  async storeChunk(deviceId: number, chunk: ChunkMessage): Promise<'stored' | 'not_found'> {
    if (!(await this.measurementOf(deviceId, chunk.measurement_id))) return 'not_found';
    const pressureBar = chunk.pressure_bar ?? null;
    const inserted = await this.dependencies.chunks.insertChunk({
      measurementId: chunk.measurement_id,
      chunkIndex: chunk.chunk_index,
      timeSec: chunk.time_sec,
      signal: chunk.signal,
      pressureBar,
    });
    if (inserted) {
      this.emit('measurementChunk', {
        deviceId,
        measurementId: chunk.measurement_id,
        chunkIndex: chunk.chunk_index,
        timeSec: chunk.time_sec,
        signal: chunk.signal,
        pressureBar,
      });
      this.dependencies.events.publishSignal({
        type: 'signal',
        measurement_id: chunk.measurement_id,
        chunk_index: chunk.chunk_index,
        time_sec: chunk.time_sec,
        signal: chunk.signal,
        unit: 'mAU',
        ...(pressureBar ? { pressure_bar: pressureBar } : {}),
      });
    }
    return 'stored';
  }

  async finishRun(
    deviceId: number,
    message: RunFinishedMessage,
  ): Promise<'complete' | 'incomplete' | 'not_found'> {
    const measurement = await this.measurementOf(deviceId, message.measurement_id);
    if (!measurement) return 'not_found';
    const { chunks } = this.dependencies;
    const stored = await chunks.storedChunks(message.measurement_id, message.chunks_count);
    if (stored.chunks < message.chunks_count) return 'incomplete';
    if (stored.points !== message.points_count) {
      this.logger.warn(
        { measurementId: message.measurement_id, stored: stored.points, reported: message.points_count },
        'point count differs',
      );
    }
    const span = await chunks.timeSpan(message.measurement_id);
    const closedNow = await chunks.finish({
      measurementId: message.measurement_id,
      state: message.result === 'error' ? 'failed' : 'complete',
      injectionState:
        message.result === 'completed' ? 'finished' : message.result === 'stopped' ? 'stopped' : 'failed',
      pointsCount: stored.points,
      durationSec: span.durationSec,
      samplingIntervalSec: span.samplingIntervalSec,
      errorCode: message.error_code,
      fractions: message.fractions ?? null,
    });
    this.measurements.delete(message.measurement_id);
    if (closedNow) {
      const finished: InjectionFinishedEvent = {
        deviceId,
        measurementId: message.measurement_id,
        injectionId: measurement.injection_id,
        result: message.result,
        errorCode: message.error_code,
        pointsCount: stored.points,
      };
      this.emit('injectionFinished', finished);
      this.cluster?.announceEvent('injectionFinished', finished);
      this.dependencies.events.publishMeasurementFinished({
        type: 'finished',
        measurement_id: message.measurement_id,
        points: stored.points,
        state: message.result,
      });
    }
    return 'complete';
  }

  /** True once the server is stopping: new device connections are refused. */
  closing = false;

  /** Hangs up every device of this process (server stop); they reconnect to another process or later. */
  async close(): Promise<void> {
    this.closing = true;
    const sessions = [...this.sessions.values()];
    for (const session of sessions) session.close();
    const settled = Promise.all(sessions.map((session) => session.ended));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
  }
}
