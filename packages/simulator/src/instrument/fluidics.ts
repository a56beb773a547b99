// The pump, purge valve and column oven between runs: the setpoints the instrument holds, the pump switched
// on or off, purging (column bypassed) and equilibration (column volumes of the start conditions), with
// the pressure and the oven temperature following their targets as first-order lags.
import type { DeviceActivity, HeldSetpoints } from '@eluent/contracts';
import { holdUpVolumeMl, type ColumnSpec } from '../physics/column.ts';
import { systemPressureBar } from '../physics/pressure.ts';
import { mobilePhaseViscosityCp, type OrganicSolvent } from '../physics/viscosity.ts';

export interface Conditions {
  flowMlPerMin: number;
  percentB: number;
  temperatureC: number;
  organicSolvent: OrganicSolvent;
}

/** A column oven (air bath, block) heats or cools with a time constant of a couple of minutes. */
export const OVEN_TIME_CONSTANT_SEC = 120;
/** The oven is ready within ±0.5 °C of its setpoint. */
const OVEN_READY_BAND_C = 0.5;
/** Solvent compressibility and pump damping: the pressure settles within seconds of a flow change. */
const PRESSURE_TIME_CONSTANT_SEC = 1.5;
/** With the purge valve open the column is bypassed; only the purge line resists (bar per mL/min and cP). */
const PURGE_LINE_BAR_PER_ML_PER_MIN_CP = 0.8;

interface Activity {
  kind: DeviceActivity;
  /** Pumping time left, simulated seconds. */
  remainingSec: number;
  flowMlPerMin: number;
}

const relax = (value: number, target: number, elapsedSec: number, timeConstantSec: number) =>
  target + (value - target) * Math.exp(-elapsedSec / timeConstantSec);

export class Fluidics {
  pumpOn = true;
  conditions: Conditions;
  /** The column oven's actual temperature, °C. */
  ovenC: number;
  /** The pressure the pump reads now (null until the first step). */
  pressureBar: number | null = null;
  activity: Activity | null = null;

  constructor(conditions: Conditions) {
    this.conditions = conditions;
    this.ovenC = conditions.temperatureC;
  }

  get setpoints(): HeldSetpoints {
    return {
      flow_ml_per_min: this.conditions.flowMlPerMin,
      percent_b: this.conditions.percentB,
      temperature_c: this.conditions.temperatureC,
    };
  }

  /** The flow the pump delivers now: none when off, the purge flow while purging. */
  get flowMlPerMin(): number {
    if (!this.pumpOn) return 0;
    return this.activity?.kind === 'purging' ? this.activity.flowMlPerMin : this.conditions.flowMlPerMin;
  }

  get ovenReady(): boolean {
    return Math.abs(this.ovenC - this.conditions.temperatureC) <= OVEN_READY_BAND_C;
  }

  /** Steady pressure of `conditions` through the column at the oven temperature `temperatureC`. */
  static columnPressureBar(column: ColumnSpec, conditions: Conditions, temperatureC: number): number {
    const viscosity = mobilePhaseViscosityCp(
      conditions.organicSolvent,
      conditions.percentB / 100,
      temperatureC,
    );
    return systemPressureBar(column, conditions.flowMlPerMin, viscosity);
  }

  /** The pressure the pump settles at now: zero when off, the purge line's while purging. */
  targetPressureBar(column: ColumnSpec | null): number {
    if (!this.pumpOn) return 0;
    if (this.activity?.kind === 'purging') {
      const viscosity = mobilePhaseViscosityCp(
        this.conditions.organicSolvent,
        this.conditions.percentB / 100,
        this.ovenC,
      );
      return PURGE_LINE_BAR_PER_ML_PER_MIN_CP * this.activity.flowMlPerMin * viscosity;
    }
    return column ? Fluidics.columnPressureBar(column, this.conditions, this.ovenC) : 0;
  }

  /** Seconds the current activity still needs; equilibration also waits for the oven to settle. */
  get remainingSec(): number | null {
    const activity = this.activity;
    if (!activity) return null;
    if (activity.kind === 'purging') return Math.max(0, activity.remainingSec);
    const offset = Math.abs(this.ovenC - this.conditions.temperatureC);
    const ovenSec =
      offset > OVEN_READY_BAND_C ? OVEN_TIME_CONSTANT_SEC * Math.log(offset / OVEN_READY_BAND_C) : 0;
    return Math.max(0, activity.remainingSec, ovenSec);
  }

  /** Whether the pressure is still moving towards its target (more than 1 bar away). */
  settling(column: ColumnSpec | null): boolean {
    return this.pressureBar !== null && Math.abs(this.pressureBar - this.targetPressureBar(column)) > 1;
  }

  setPump(on: boolean): void {
    this.pumpOn = on;
    if (!on) this.activity = null;
  }

  purge(flowMlPerMin: number, durationSec: number): void {
    this.pumpOn = true;
    this.activity = { kind: 'purging', remainingSec: durationSec, flowMlPerMin };
  }

  /** Pumps `columnVolumes` hold-up volumes of the setpoint conditions through the column; returns seconds. */
  equilibrate(column: ColumnSpec, columnVolumes: number): number {
    const durationSec = ((columnVolumes * holdUpVolumeMl(column)) / this.conditions.flowMlPerMin) * 60;
    this.pumpOn = true;
    this.activity = {
      kind: 'equilibrating',
      remainingSec: durationSec,
      flowMlPerMin: this.conditions.flowMlPerMin,
    };
    return durationSec;
  }

  /** Ends a purge or an equilibration; the pump goes on at the setpoints. */
  endActivity(): void {
    this.activity = null;
  }

  /** Moves time on: oven and pressure approach their targets, the activity counts down. */
  advance(elapsedSec: number, column: ColumnSpec | null): void {
    if (elapsedSec <= 0) return;
    this.ovenC = relax(this.ovenC, this.conditions.temperatureC, elapsedSec, OVEN_TIME_CONSTANT_SEC);
    const target = this.targetPressureBar(column);
    this.pressureBar =
      this.pressureBar === null
        ? target
        : relax(this.pressureBar, target, elapsedSec, PRESSURE_TIME_CONSTANT_SEC);
    const activity = this.activity;
    if (!activity) return;
    activity.remainingSec -= elapsedSec;
    if (activity.remainingSec > 0) return;
    if (activity.kind === 'purging' || this.ovenReady) this.activity = null;
  }
}
