// Folding the `devices:{id}` channel's status and telemetry events into a card's live state.
import { deviceNumericErrors, type DeviceActivity, type HeldSetpoints } from '@eluent/contracts';
import type { Device } from './device.ts';

export interface DeviceLive {
  state: Device['state'];
  pressureBar: number | null;
  flowMlPerMin: number | null;
  percentB: number | null;
  temperatureC: number | null;
  runProgress: number | null;
  errorCode: number | string | null;
  /** Unknown (null) until the instrument reports it. */
  pumpOn: boolean | null;
  activity: DeviceActivity | null;
  activityRemainingSec: number | null;
  setpoints: HeldSetpoints | null;
  /** The measurement recording now and its run time (null when idle). */
  measurementId: number | null;
  runTimeSec: number | null;
}

/** What an idle instrument is doing, as its card and page say it, and whether it takes an injection now. */
export interface Readiness {
  /** "Ready", "Equilibrating, 3 min left", "Purging", "Pump off"; null while not idle. */
  text: string | null;
  /** Inject and Start are offered only then: an equilibration, a purge or a stopped pump must end first. */
  canInject: boolean;
}

export function readinessOf(live: DeviceLive): Readiness {
  if (live.state !== 'idle') return { text: null, canInject: false };
  const left =
    live.activityRemainingSec !== null
      ? `, ${Math.max(1, Math.ceil(live.activityRemainingSec / 60))} min left`
      : '';
  if (live.activity === 'equilibrating') return { text: `Equilibrating${left}`, canInject: false };
  if (live.activity === 'purging') return { text: `Purging${left}`, canInject: false };
  if (live.pumpOn === false) return { text: 'Pump off', canInject: false };
  return { text: 'Ready', canInject: true };
}

/** Nothing reported yet: the state the server gave. */
export function initialLive(state: Device['state']): DeviceLive {
  return {
    state,
    pressureBar: null,
    flowMlPerMin: null,
    percentB: null,
    temperatureC: null,
    runProgress: null,
    errorCode: null,
    pumpOn: null,
    activity: null,
    activityRemainingSec: null,
    setpoints: null,
    measurementId: null,
    runTimeSec: null,
  };
}

export interface EventData {
  type?: string;
  state?: Device['state'];
  online?: boolean;
  error_code?: number | string | null;
  pressure_bar?: number | null;
  flow_ml_per_min?: number | null;
  percent_b?: number | null;
  temperature_c?: number | null;
  run_progress?: number | null;
  pump_on?: boolean;
  activity?: DeviceActivity | null;
  activity_remaining_sec?: number | null;
  setpoints?: HeldSetpoints | null;
  measurement_id?: number | null;
  run_time_sec?: number | null;
}

export function applyDeviceEvent(live: DeviceLive, event: EventData): DeviceLive {
  if (event.type === 'status') {
    return {
      ...live,
      state: event.online === false ? 'offline' : (event.state ?? live.state),
      errorCode: event.error_code ?? null,
    };
  }
  if (event.type === 'telemetry') {
    return {
      ...live,
      pressureBar: event.pressure_bar ?? null,
      flowMlPerMin: event.flow_ml_per_min ?? null,
      percentB: event.percent_b ?? null,
      temperatureC: event.temperature_c ?? null,
      runProgress: event.run_progress ?? null,
      pumpOn: event.pump_on ?? live.pumpOn,
      activity: event.activity ?? null,
      activityRemainingSec: event.activity_remaining_sec ?? null,
      setpoints: event.setpoints ?? live.setpoints,
      measurementId: event.measurement_id ?? null,
      runTimeSec: event.run_time_sec ?? null,
    };
  }
  return live;
}

/** A reading with its unit, or a dash when the instrument has not reported it. */
export const formatReading = (value: number | null, digits: number, unit: string): string =>
  value === null ? '—' : `${value.toFixed(digits)} ${unit}`;

/** The user's text for a device error: the catalogue message of a numeric code, else the code itself. */
export function deviceErrorText(code: DeviceLive['errorCode']): string | null {
  if (code === null) return null;
  if (typeof code === 'number' && code in deviceNumericErrors) {
    return deviceNumericErrors[code as keyof typeof deviceNumericErrors];
  }
  return String(code);
}
