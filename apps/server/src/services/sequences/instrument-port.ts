// What the sequence runner needs from the device link: whether an instrument can take a run, starting an
// injection, holding, continuing and stopping it, and hearing when a run ends. The device service supplies
// it.
import type { RunInjectionParams, RunResult } from '@eluent/contracts';

export interface InstrumentAvailability {
  online: boolean;
  busy: boolean;
  /** What the instrument does between runs (purging, equilibrating); null or undefined: nothing. */
  activity?: 'purging' | 'equilibrating' | null;
  /** The measurement the instrument reports running; null when it runs none; undefined until it reports. */
  measurementId?: number | null;
}

export interface RunFinishedNotice {
  deviceId: number;
  measurementId: number;
  result: RunResult;
  errorCode: number | string | null;
}

export interface InstrumentPort {
  availability(deviceId: number): Promise<InstrumentAvailability>;
  /** Sends the run; resolves when the instrument accepted it, rejects with its refusal. */
  runInjection(deviceId: number, params: RunInjectionParams): Promise<void>;
  command(deviceId: number, name: 'pause' | 'resume' | 'stop'): Promise<void>;
  /** Called once per finished run, after every chunk of its measurement is stored. */
  onRunFinished(listener: (notice: RunFinishedNotice) => void): void;
  /** Called when an instrument comes online or goes offline. */
  onConnectionChange(listener: (deviceId: number, online: boolean) => void): void;
}

export class InstrumentRefusal extends Error {
  constructor(readonly code: number | string) {
    super(`instrument refused: ${code}`);
  }
}
