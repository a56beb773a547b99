// Pump, purge, equilibration and setpoints of the simulated instrument, in simulated time.
import type { RunInjectionParams } from '@eluent/contracts';
import { describe, expect, it } from 'vitest';
import { InstrumentError, SimulatedInstrument } from './instrument.ts';
import { OVEN_TIME_CONSTANT_SEC } from './fluidics.ts';

function warmedUp(): SimulatedInstrument {
  const instrument = new SimulatedInstrument('CONTROLS-1');
  instrument.advance(5);
  return instrument;
}

function refusal(action: () => unknown): number | string | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof InstrumentError) return error.code;
    throw error;
  }
  return undefined;
}

const run: RunInjectionParams = {
  method: { flow_rate_ml_per_min: 1, run_time_min: 1, gradient: [{ time_min: 0, percent_b: 20 }] },
  vial: 3,
  injection_id: null,
  measurement_id: 1,
} as RunInjectionParams;

describe('instrument controls', () => {
  it('switches the pump off: no flow, the pressure falls to zero and injections are refused', () => {
    const instrument = warmedUp();
    const flowing = instrument.readings().pressure_bar ?? 0;
    expect(flowing).toBeGreaterThan(60);
    instrument.setPump(false);
    instrument.advance(1);
    const falling = instrument.readings();
    expect(falling.flow_ml_per_min).toBe(0);
    expect(falling.pump_on).toBe(false);
    expect(falling.pressure_bar).toBeLessThan(flowing);
    expect(falling.pressure_bar).toBeGreaterThan(0);
    instrument.advance(15);
    expect(instrument.readings().pressure_bar).toBeLessThan(0.1);
    expect(instrument.componentState('pump')).toBe('not_ready');
    expect(refusal(() => instrument.startRun(run))).toBe('device_pump_not_ready');
    instrument.setPump(true);
    instrument.advance(15);
    expect(instrument.readings().pressure_bar).toBeCloseTo(flowing, -1);
  });

  it('doubles the pressure with the flow, refuses a flow beyond the pump or its pressure limit', () => {
    const instrument = warmedUp();
    instrument.advance(20);
    const atOne = instrument.readings().pressure_bar ?? 0;
    expect(instrument.setConditions({ flow_ml_per_min: 2 })).toEqual({
      flow_ml_per_min: 2,
      percent_b: 20,
      temperature_c: 30,
    });
    instrument.advance(20);
    expect((instrument.readings().pressure_bar ?? 0) / atOne).toBeCloseTo(2, 1);
    expect(refusal(() => instrument.setConditions({ flow_ml_per_min: 12 }))).toBe('device_flow_above_limit');
    // About 110 bar per mL/min through a 4.6 × 150 mm, 5 µm column: 5 mL/min would pass 400 bar.
    expect(refusal(() => instrument.setConditions({ flow_ml_per_min: 5 }))).toBe(
      'device_pressure_above_limit',
    );
    expect(instrument.readings().setpoints?.flow_ml_per_min).toBe(2);
  });

  it('heats the oven as a first-order lag and keeps it not ready until it is within 0.5 °C', () => {
    const instrument = warmedUp();
    instrument.setConditions({ temperature_c: 50 });
    instrument.advance(OVEN_TIME_CONSTANT_SEC);
    // One time constant: 63 % of the 20 °C step.
    expect(instrument.readings().temperature_c).toBeCloseTo(30 + 20 * (1 - Math.exp(-1)), 0);
    expect(instrument.componentState('column_oven')).toBe('not_ready');
    instrument.advance(OVEN_TIME_CONSTANT_SEC * 5);
    expect(instrument.componentState('column_oven')).toBe('ready');
    expect(refusal(() => instrument.setConditions({ temperature_c: 95 }))).toBe(
      'device_temperature_out_of_range',
    );
  });

  it('purges past the column at low pressure, then returns to the setpoints', () => {
    const instrument = warmedUp();
    expect(instrument.purge(5, 60)).toEqual({ flow_ml_per_min: 5, duration_sec: 60 });
    instrument.advance(10);
    const purging = instrument.readings();
    expect(purging.activity).toBe('purging');
    expect(purging.flow_ml_per_min).toBe(5);
    expect(purging.pressure_bar).toBeLessThan(10);
    expect(purging.activity_remaining_sec).toBe(50);
    expect(refusal(() => instrument.startRun(run))).toBe('device_purging');
    expect(refusal(() => instrument.equilibrate(10))).toBe('device_purging');
    instrument.advance(60);
    const after = instrument.readings();
    expect(after.activity).toBeNull();
    expect(after.flow_ml_per_min).toBe(1);
    // The column's resistance is back: the pressure climbs within seconds.
    instrument.advance(10);
    expect(instrument.readings().pressure_bar).toBeGreaterThan(60);
  });

  it('equilibrates ten column volumes (V0 ≈ 1.6 mL) and waits for the oven; a run ends it', () => {
    const instrument = warmedUp();
    const { duration_sec } = instrument.equilibrate(10);
    // V0 = 0.64 · π · 0.23² · 15 ≈ 1.6 mL; ten of them at 1 mL/min ≈ 16 min.
    expect(duration_sec / 60).toBeCloseTo(16, 0);
    instrument.advance(duration_sec / 2);
    expect(instrument.readings()).toMatchObject({ activity: 'equilibrating' });
    expect(instrument.readings().activity_remaining_sec).toBeCloseTo(duration_sec / 2, -1);
    instrument.startRun(run);
    expect(instrument.readings()).toMatchObject({ state: 'running', activity: null });
    expect(refusal(() => instrument.setPump(false))).toBe('sequence_device_busy');
    expect(refusal(() => instrument.setConditions({ percent_b: 50 }))).toBe('sequence_device_busy');
  });

  it('stop ends a purge; the pump stays on', () => {
    const instrument = warmedUp();
    instrument.purge(5, 120);
    expect(instrument.stop()).toBeNull();
    expect(instrument.readings()).toMatchObject({ activity: null, pump_on: true, flow_ml_per_min: 1 });
  });
});
