// A virtual HPLC: pump, injector with autosampler tray, column oven, detector and fraction collector, driven
// by simulated time. It answers the device-link commands and produces the run's points; it knows nothing
// of the network.
import {
  deviceMethodSchema,
  setpointLimits,
  setpointProblem,
  type CommandResults,
  type ComponentKind,
  type ComponentState,
  type DeviceMethod,
  type HeldSetpoints,
  type InstalledColumn,
  type RunInjectionParams,
  type RunResult,
  type Setpoints,
  type StatusMessage,
} from '@eluent/contracts';
import { defaultTray } from '../library/samples.ts';
import { planRun, type RunMethod, type SampleComposition } from '../physics/plan.ts';
import { gaussian, mulberry32, seedFromText } from '../physics/random.ts';
import { createRunSignal, type RunPoints, type RunSignal } from '../physics/run-signal.ts';
import { Fluidics } from './fluidics.ts';
import {
  columnSpecOf,
  defaultInstalledColumn,
  limitOf,
  simulatedHardware,
  simulatedNetworks,
  SIMULATOR_FIRMWARE_VERSION,
} from './hardware.ts';

/** A refusal the device replies with: a numeric code of spec §8 or a device error code. */
export class InstrumentError extends Error {
  constructor(
    readonly code: number | string,
    detail?: string,
  ) {
    super(detail ?? String(code));
  }
}

export interface ActiveRun {
  measurementId: number;
  injectionId: number | null;
  signal: RunSignal;
  method: RunMethod;
  runTimeSec: number;
  durationSec: number;
  paused: boolean;
  /** Run time until the injector and autosampler are free again. */
  injectorBusySec: number;
  fractionCollection: FractionCollection | null;
  /** The method's shut-offs, bar (null: none); the low one holds once `pressureReachSec` has passed. */
  pressureMaxBar: number | null;
  pressureMinBar: number | null;
  pressureReachSec: number;
}

/** Run time between the points at which a run's planned pressure is read before it starts. */
const PLANNED_PRESSURE_STEP_SEC = 5;

/** Time-mode fraction collection: a new vial every interval after the start delay. */
interface FractionCollection {
  intervalSec: number;
  startDelaySec: number;
  firstVial: number;
  /** Detector → collector delay volume over flow: the eluent reaches the needle this much later. */
  transferDelaySec: number;
}

/** Delay volume between detector cell and collector needle (reference §8: 50–200 µL). */
const FRACTION_DELAY_VOLUME_ML = 0.1;

function fractionVialAt(collection: FractionCollection, runTimeSec: number): number | null {
  const collectingSec = runTimeSec - collection.startDelaySec - collection.transferDelaySec;
  if (collectingSec < 0) return null;
  return collection.firstVial + Math.floor(collectingSec / collection.intervalSec);
}

function collectedFractions(collection: FractionCollection, endSec: number) {
  const fractions: Array<{ vial: number; start_sec: number; end_sec: number }> = [];
  const offsetSec = collection.startDelaySec + collection.transferDelaySec;
  for (
    let startSec = offsetSec, vial = collection.firstVial;
    startSec < endSec;
    startSec += collection.intervalSec, vial++
  ) {
    fractions.push({
      vial,
      start_sec: round(startSec, 3),
      end_sec: round(Math.min(endSec, startSec + collection.intervalSec), 3),
    });
  }
  return fractions;
}

export interface FinishedRun {
  measurementId: number;
  result: RunResult;
  errorCode: number | string | null;
  /** The last points, produced before the run ended. */
  points: RunPoints;
  fractions?: Array<{ vial: number; start_sec: number; end_sec: number }>;
}

/** The detector lamp needs a few seconds after power-on before it is ready. */
const LAMP_WARM_UP_SEC = 3;
/** Needle wash in the flush port after an injection (reference §1: 3 s). */
const NEEDLE_WASH_SEC = 3;

export class SimulatedInstrument {
  readonly hardware = simulatedHardware;
  firmwareVersion = SIMULATOR_FIRMWARE_VERSION;
  column: InstalledColumn | null = defaultInstalledColumn;
  tray: Map<number, SampleComposition> = defaultTray();
  wifi: { ssid: string | null; connected: boolean; signalDbm: number | null } = {
    ssid: null,
    connected: false,
    signalDbm: null,
  };
  run: ActiveRun | null = null;
  fault: number | string | null = null;
  /** Multiplies the run's pressure: a blockage (> 1) or a leak (< 1); `setFlowRestriction`. */
  private flowRestriction = 1;
  private readonly componentOverrides = new Map<ComponentKind, ComponentState>();
  private clockSec = 0;
  /**
   * Pump, purge valve and oven between runs: they hold the setpoints (the last method's start conditions
   * unless set since; at power-on 1 mL/min, 20 %B, 30 °C).
   */
  readonly fluidics = new Fluidics({
    flowMlPerMin: 1,
    percentB: 20,
    temperatureC: 30,
    organicSolvent: 'acetonitrile',
  });
  private readonly idleNoise: () => number;

  constructor(readonly serialNumber: string) {
    this.idleNoise = gaussian(mulberry32(seedFromText(serialNumber)));
  }

  get state(): StatusMessage['state'] {
    if (this.fault !== null) return 'error';
    if (!this.run) return 'idle';
    return this.run.paused ? 'paused' : 'running';
  }

  /** Simulated seconds since power-on. */
  get uptimeSec(): number {
    return this.clockSec;
  }

  componentState(kind: ComponentKind): ComponentState {
    const override = this.componentOverrides.get(kind);
    if (override) return override;
    if (this.fault !== null) return 'error';
    if (kind === 'detector' && this.clockSec < LAMP_WARM_UP_SEC) return 'not_ready';
    if (this.run && (kind === 'pump' || kind === 'detector')) return 'busy';
    if (kind === 'pump' && !this.fluidics.pumpOn) return 'not_ready';
    if (kind === 'pump' && this.fluidics.activity?.kind === 'purging') return 'busy';
    if (kind === 'column_oven' && !this.run && !this.fluidics.ovenReady) return 'not_ready';
    // The needle is drawn, injected and (if the method says so) washed in the flush port for 3 s.
    if (
      this.run &&
      (kind === 'injector' || kind === 'autosampler') &&
      this.run.runTimeSec < this.run.injectorBusySec
    ) {
      return 'busy';
    }
    return 'ready';
  }

  /** Test and demo hook: force a part into a state (e.g. the pump not ready). */
  setComponentState(kind: ComponentKind, state: ComponentState | null): void {
    if (state === null) this.componentOverrides.delete(kind);
    else this.componentOverrides.set(kind, state);
  }

  /** A firmware fault on demand (101/102) or any device code; a running injection ends with an error. */
  injectFault(code: number | string): FinishedRun | null {
    this.fault = code;
    return this.endRun('error', code);
  }

  clearFault(): void {
    this.fault = null;
  }

  startRun(params: RunInjectionParams): void {
    if (this.run) throw new InstrumentError('sequence_device_busy');
    if (this.fault !== null) throw new InstrumentError(this.fault);
    if (this.fluidics.activity?.kind === 'purging') throw new InstrumentError('device_purging');
    for (const kind of ['pump', 'injector', 'detector'] as const) {
      if (this.componentState(kind) !== 'ready') throw new InstrumentError(`device_${kind}_not_ready`);
    }
    if (!this.column) throw new InstrumentError('device_column_not_configured');
    const method = deviceMethodSchema.parse(params.method);
    this.checkMethod(method, params.vial);
    const runMethod = toRunMethod(method);
    const sample = this.tray.get(params.vial) ?? {
      name: `empty vial ${params.vial}`,
      kind: 'blank' as const,
      analytes: [],
    };
    const plan = planRun({
      method: runMethod,
      column: columnSpecOf(this.column),
      sample,
      seed: seedFromText(`${this.serialNumber}:${params.measurement_id}`),
    });
    const signal = createRunSignal(plan);
    // The pressure the run will reach (its gradient through the column at the method's flow and
    // temperature), read before it starts: a method planned above its own maximum is refused, unrun.
    if (method.pressure_max != null && plannedPressureBar(signal, plan.durationSec) > method.pressure_max)
      throw new InstrumentError('device_pressure_above_method_max');
    this.run = {
      measurementId: params.measurement_id,
      injectionId: params.injection_id,
      signal,
      method: runMethod,
      runTimeSec: 0,
      durationSec: plan.durationSec,
      paused: false,
      injectorBusySec: 1 + (method.wash_after_injection ? NEEDLE_WASH_SEC : 0),
      fractionCollection:
        method.fraction_collector_interval_sec != null
          ? {
              intervalSec: method.fraction_collector_interval_sec,
              startDelaySec: method.fraction_collector_start_delay_sec ?? 0,
              firstVial: method.fraction_collector_starts_with_vial ?? 1,
              transferDelaySec: (FRACTION_DELAY_VOLUME_ML / method.flow_rate_ml_per_min) * 60,
            }
          : null,
      pressureMaxBar: method.pressure_max ?? null,
      pressureMinBar: method.pressure_min ?? null,
      pressureReachSec: method.pressure_reach_sec ?? 0,
    };
    // The run starts from the method's conditions (the oven is taken to be at the method's temperature, as
    // the run's physics assumes); an equilibration in progress ends, and afterwards the pump holds them.
    this.fluidics.endActivity();
    this.fluidics.conditions = {
      flowMlPerMin: runMethod.flowMlPerMin,
      percentB: runMethod.gradient[0]?.percentB ?? 0,
      temperatureC: runMethod.temperatureC,
      organicSolvent: runMethod.organicSolvent,
    };
    this.fluidics.ovenC = runMethod.temperatureC;
  }

  private checkMethod(method: DeviceMethod, vial: number): void {
    const maxFlow = limitOf(this.hardware, 'pump', 'max_flow_ml_per_min') ?? Infinity;
    const maxInjection = limitOf(this.hardware, 'injector', 'max_injection_ul') ?? Infinity;
    const maxTemperature = limitOf(this.hardware, 'column_oven', 'max_temperature_c') ?? Infinity;
    if (
      method.pressure_min != null &&
      method.pressure_max != null &&
      method.pressure_min >= method.pressure_max
    )
      throw new InstrumentError('method_pressure_range_invalid');
    if (
      method.flow_rate_ml_per_min > maxFlow ||
      method.injection_ul > maxInjection ||
      method.temperature > maxTemperature
    ) {
      throw new InstrumentError('device_method_not_configured');
    }
    if (vial > (limitOf(this.hardware, 'autosampler', 'vials') ?? Infinity)) {
      throw new InstrumentError('device_injector_not_ready', `vial ${vial} is not in the tray`);
    }
    if (method.fraction_collector_interval_sec != null) {
      const vials = limitOf(this.hardware, 'fraction_collector', 'vials');
      if (vials === undefined) throw new InstrumentError('fraction_collector_valve_required');
      if (method.fraction_collector_interval_sec <= 0)
        throw new InstrumentError('fraction_collector_invalid_interval');
      const collectSec = method.run_time_min * 60 - (method.fraction_collector_start_delay_sec ?? 0);
      const needed = Math.ceil(collectSec / method.fraction_collector_interval_sec);
      const first = method.fraction_collector_starts_with_vial ?? 1;
      if (first - 1 + needed > vials) throw new InstrumentError('fraction_collector_not_enough_vials');
    }
  }

  pause(): void {
    if (!this.run || this.run.paused) throw new InstrumentError('sequence_cannot_pause');
    this.run.paused = true;
  }

  resume(): void {
    if (!this.run || !this.run.paused) throw new InstrumentError('sequence_cannot_resume');
    this.run.paused = false;
  }

  /**
   * Stops the run; its points so far are kept and the run finishes as `stopped`. Between runs it ends a
   * purge or an equilibration (the pump stays on at the setpoints).
   */
  stop(): FinishedRun | null {
    if (!this.run) this.fluidics.endActivity();
    return this.endRun('stopped', null);
  }

  /** Between runs: purging, equilibrating, or the pressure still settling after a change. */
  get changing(): boolean {
    if (this.run) return false;
    const column = this.column ? columnSpecOf(this.column) : null;
    return this.fluidics.activity !== null || this.fluidics.settling(column);
  }

  /** Refuses a pump or oven command while an injection runs or a fault is latched. */
  private requireIdle(): void {
    if (this.run) throw new InstrumentError('sequence_device_busy');
    if (this.fault !== null) throw new InstrumentError(this.fault);
  }

  private limits() {
    return {
      ...setpointLimits(this.hardware),
      maxPressureBar: limitOf(this.hardware, 'pump', 'max_pressure_bar') ?? Infinity,
    };
  }

  /** Switches the pump on (to the setpoints) or off (no flow; a purge or an equilibration ends). */
  setPump(on: boolean): CommandResults['set_pump'] {
    this.requireIdle();
    this.fluidics.setPump(on);
    return { on };
  }

  /** Opens the purge valve and pumps `flow` past the column for `durationSec`, then closes it. */
  purge(flowMlPerMin: number, durationSec: number): CommandResults['purge'] {
    this.requireIdle();
    const problem = setpointProblem({ flow_ml_per_min: flowMlPerMin }, this.limits());
    if (problem) throw new InstrumentError(problem.code);
    this.fluidics.purge(flowMlPerMin, durationSec);
    return { flow_ml_per_min: flowMlPerMin, duration_sec: durationSec };
  }

  /** Pumps column volumes of the setpoint conditions through the column until the oven is there too. */
  equilibrate(columnVolumes: number): CommandResults['equilibrate'] {
    this.requireIdle();
    if (!this.column) throw new InstrumentError('device_column_not_configured');
    if (this.fluidics.activity?.kind === 'purging') throw new InstrumentError('device_purging');
    const column = columnSpecOf(this.column);
    const conditions = this.fluidics.conditions;
    if (
      Fluidics.columnPressureBar(column, conditions, conditions.temperatureC) > this.limits().maxPressureBar
    )
      throw new InstrumentError('device_pressure_above_limit');
    return { duration_sec: round(this.fluidics.equilibrate(column, columnVolumes), 1) };
  }

  /**
   * New setpoints between runs, checked against the hardware's limits and against the pump's pressure limit
   * at the new flow and composition (through the installed column).
   */
  setConditions(values: Setpoints): HeldSetpoints {
    this.requireIdle();
    const problem = setpointProblem(values, this.limits());
    if (problem) throw new InstrumentError(problem.code);
    const next = {
      ...this.fluidics.conditions,
      ...(values.flow_ml_per_min !== undefined ? { flowMlPerMin: values.flow_ml_per_min } : {}),
      ...(values.percent_b !== undefined ? { percentB: values.percent_b } : {}),
      ...(values.temperature_c !== undefined ? { temperatureC: values.temperature_c } : {}),
    };
    if (this.column) {
      // The pressure is worst while the oven is still at its present temperature (colder: more viscous).
      const coldest = Math.min(this.fluidics.ovenC, next.temperatureC);
      if (Fluidics.columnPressureBar(columnSpecOf(this.column), next, coldest) > this.limits().maxPressureBar)
        throw new InstrumentError('device_pressure_above_limit');
    }
    this.fluidics.conditions = next;
    return this.fluidics.setpoints;
  }

  setColumn(column: InstalledColumn): void {
    if (this.run) throw new InstrumentError('sequence_device_busy');
    this.column = column;
  }

  scanWifi(): CommandResults['scan_wifi'] {
    return {
      networks: simulatedNetworks.map((network) => ({
        ssid: network.ssid,
        signal_dbm: network.signalDbm,
        secured: network.password !== null,
      })),
    };
  }

  joinWifi(ssid: string, password: string): CommandResults['join_wifi'] {
    // A Wi-Fi fault on demand: the radio fails to connect whatever the network.
    if (this.fault === 202) throw new InstrumentError(202);
    const network = simulatedNetworks.find((candidate) => candidate.ssid === ssid);
    if (!network) throw new InstrumentError(200, `network ${ssid} not found`);
    if (network.password !== null && network.password !== password) throw new InstrumentError(201);
    this.wifi = { ssid, connected: true, signalDbm: network.signalDbm };
    return { ssid };
  }

  readFirmware(): CommandResults['read_firmware'] {
    if (this.fault === 101 || this.fault === 102) throw new InstrumentError(this.fault);
    return { firmware_version: this.firmwareVersion, bootloader_version: '1.0.3', build: 'sim' };
  }

  /**
   * Moves simulated time on; returns the points produced and, when the run reached its end, the finish.
   */
  advance(simulatedSec: number): { points: RunPoints | null; finished: FinishedRun | null } {
    this.clockSec += simulatedSec;
    this.fluidics.advance(simulatedSec, this.column ? columnSpecOf(this.column) : null);
    const run = this.run;
    if (!run || run.paused) return { points: null, finished: null };
    run.runTimeSec = Math.min(run.durationSec, run.runTimeSec + simulatedSec);
    const points = run.signal.pointsUntil(run.runTimeSec);
    if (this.flowRestriction !== 1)
      points.pressureBar = points.pressureBar.map(
        (bar) => Math.round(bar * this.flowRestriction * 100) / 100,
      );
    const trip = this.pressureTrip(run);
    if (trip) {
      // The shut-off: the pump stops, and the run ends with the instrument's error and the points so far.
      const finished = this.endRun('error', trip);
      this.fluidics.setPump(false);
      this.fluidics.pressureBar = 0;
      return { points: null, finished: finished && { ...finished, points } };
    }
    if (run.signal.emitted >= run.signal.totalPoints) {
      this.run = null;
      this.fluidics.pressureBar = run.signal.pressureAt(run.runTimeSec);
      return { points: null, finished: { ...this.closing(run, 'completed', null), points } };
    }
    return { points, finished: null };
  }

  /**
   * Test and demo hook: a partial blockage (factor > 1: a clogged frit or line) or a leak (< 1) multiplies
   * the pressure the pump reads from now on; 1 is a sound system.
   */
  setFlowRestriction(factor: number): void {
    this.flowRestriction = factor;
  }

  /** The pressure the pump reads during `run` now (the plan's, times any restriction). */
  private runPressureBar(run: ActiveRun): number {
    return run.signal.pressureAt(run.runTimeSec) * this.flowRestriction;
  }

  /** The method's shut-off the run's pressure crosses now, if any. */
  private pressureTrip(run: ActiveRun): string | null {
    const pressure = this.runPressureBar(run);
    if (run.pressureMaxBar !== null && pressure > run.pressureMaxBar) return 'device_pressure_max_shutoff';
    if (
      run.pressureMinBar !== null &&
      run.runTimeSec >= run.pressureReachSec &&
      pressure < run.pressureMinBar
    )
      return 'device_pressure_min_shutoff';
    return null;
  }

  private endRun(result: RunResult, errorCode: number | string | null): FinishedRun | null {
    const run = this.run;
    if (!run) return null;
    this.run = null;
    this.fluidics.pressureBar = run.signal.pressureAt(run.runTimeSec);
    return { ...this.closing(run, result, errorCode), points: run.signal.pointsUntil(run.runTimeSec) };
  }

  private closing(
    run: ActiveRun,
    result: RunResult,
    errorCode: number | string | null,
  ): Omit<FinishedRun, 'points'> {
    return {
      measurementId: run.measurementId,
      result,
      errorCode,
      ...(run.fractionCollection
        ? { fractions: collectedFractions(run.fractionCollection, run.runTimeSec) }
        : {}),
    };
  }

  /** The status frame's measured values (without the type), as the instrument reads them now. */
  readings(): Omit<StatusMessage, 'type'> {
    const run = this.run;
    const fluidics = this.fluidics;
    const components = Object.fromEntries(
      this.hardware.map((component) => [component.kind, this.componentState(component.kind)]),
    ) as StatusMessage['components'];
    let pressureBar: number | null = null;
    let percentB: number | null = null;
    let flow: number | null = null;
    if (run) {
      pressureBar = round(this.runPressureBar(run), 1);
      percentB = round(run.signal.percentBAt(run.runTimeSec), 1);
      flow = run.method.flowMlPerMin;
    } else if (this.column && this.fault === null) {
      // Between runs the pump keeps the setpoints flowing, with its ripple (±0.4 %), or stands still.
      const pressure = fluidics.pressureBar ?? fluidics.targetPressureBar(columnSpecOf(this.column));
      pressureBar = round(Math.max(0, pressure * (1 + 0.004 * this.idleNoise())), 1);
      percentB = fluidics.conditions.percentB;
      flow = fluidics.flowMlPerMin;
    }
    return {
      state: this.state,
      components,
      measurement_id: run?.measurementId ?? null,
      error_code: this.fault,
      pressure_bar: pressureBar,
      flow_ml_per_min: flow,
      percent_b: percentB,
      temperature_c: run ? run.method.temperatureC : round(fluidics.ovenC, 1),
      signal_mau: run ? round(run.signal.lastSignal, 3) : null,
      run_time_sec: run ? round(run.runTimeSec, 1) : null,
      run_progress: run ? round(run.runTimeSec / run.durationSec, 4) : null,
      wifi: { ssid: this.wifi.ssid, connected: this.wifi.connected, signal_dbm: this.wifi.signalDbm },
      fraction_vial: run?.fractionCollection ? fractionVialAt(run.fractionCollection, run.runTimeSec) : null,
      pump_on: run ? true : fluidics.pumpOn,
      activity: run ? null : (fluidics.activity?.kind ?? null),
      activity_remaining_sec: run ? null : roundOrNull(fluidics.remainingSec, 0),
      setpoints: fluidics.setpoints,
    };
  }
}

function roundOrNull(value: number | null, digits: number): number | null {
  return value === null ? null : round(value, digits);
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** The device method in the simulator's own units. */
function toRunMethod(method: DeviceMethod): RunMethod {
  return {
    flowMlPerMin: method.flow_rate_ml_per_min,
    runTimeMin: method.run_time_min,
    temperatureC: method.temperature,
    injectionUl: method.injection_ul,
    gradient: method.gradient.map((step) => ({ timeMin: step.time_min, percentB: step.percent_b })),
    organicSolvent: method.organic_solvent,
    wavelengthNm: method.wavelength_nm,
    dataRateHz: method.data_rate_hz,
    detectorTimeConstantSec: method.detector_time_constant_sec,
  };
}

/** The highest pressure a planned run reaches, read every few seconds of its run time and at its end. */
function plannedPressureBar(signal: RunSignal, durationSec: number): number {
  let highest = signal.pressureAt(durationSec);
  for (let at = 0; at < durationSec; at += PLANNED_PRESSURE_STEP_SEC)
    highest = Math.max(highest, signal.pressureAt(at));
  return highest;
}
