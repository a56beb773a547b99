// The method's pressure shut-offs on the simulated instrument: a run planned above its maximum is refused
// before it starts; during a run a blockage above the maximum, or a leak below the minimum once the pressure
// had time to build, stops the pump and ends the run with the instrument's error and the points so far.
import type { RunInjectionParams } from '@eluent/contracts';
import { describe, expect, it } from 'vitest';
import { InstrumentError, SimulatedInstrument } from './instrument.ts';

const method = {
  flow_rate_ml_per_min: 1,
  run_time_min: 2,
  gradient: [{ time_min: 0, percent_b: 20 }],
  data_rate_hz: 10,
};

const params = (limits: Record<string, number | null>): RunInjectionParams =>
  ({
    method: { ...method, ...limits },
    vial: 3,
    injection_id: null,
    measurement_id: 1,
  }) as RunInjectionParams;

function warmedUp(): SimulatedInstrument {
  const instrument = new SimulatedInstrument('PRESSURE-1');
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

/** The pressure this method runs at on the simulator's column, read from a run without limits. */
function operatingPressure(): number {
  const instrument = warmedUp();
  instrument.startRun(params({}));
  instrument.advance(30);
  return instrument.readings().pressure_bar!;
}

describe('pressure shut-offs', () => {
  const pressure = operatingPressure();

  it('runs a method whose band holds its pressure', () => {
    expect(pressure).toBeGreaterThan(20);
    const instrument = warmedUp();
    instrument.startRun(params({ pressure_min: pressure / 2, pressure_max: pressure * 1.5 }));
    const { finished } = instrument.advance(200);
    expect(finished?.result).toBe('completed');
  });

  it('refuses a run planned above the maximum, and a minimum not below the maximum', () => {
    const instrument = warmedUp();
    expect(refusal(() => instrument.startRun(params({ pressure_max: pressure * 0.8 })))).toBe(
      'device_pressure_above_method_max',
    );
    expect(refusal(() => instrument.startRun(params({ pressure_min: 50, pressure_max: 50 })))).toBe(
      'method_pressure_range_invalid',
    );
    expect(instrument.run).toBeNull();
    expect(instrument.fluidics.pumpOn).toBe(true);
  });

  it('trips on a blockage above the maximum: the pump stops and the run ends with its points', () => {
    const instrument = warmedUp();
    instrument.startRun(params({ pressure_max: pressure * 1.3 }));
    const before = instrument.advance(20);
    expect(before.finished).toBeNull();
    instrument.setFlowRestriction(1.6);
    const { finished } = instrument.advance(1);
    expect(finished).toMatchObject({ result: 'error', errorCode: 'device_pressure_max_shutoff' });
    expect(before.points!.timeSec.length + finished!.points.timeSec.length).toBeGreaterThan(200);
    expect(instrument.run).toBeNull();
    expect(instrument.fluidics.pumpOn).toBe(false);
    expect(instrument.readings()).toMatchObject({ pump_on: false, pressure_bar: 0 });
  });

  it('trips on a leak below the minimum only once the pressure had time to build', () => {
    const instrument = warmedUp();
    instrument.setFlowRestriction(0.3);
    instrument.startRun(params({ pressure_min: pressure * 0.5, pressure_reach_sec: 10 }));
    // Within the time to reach pressure the low reading is tolerated.
    expect(instrument.advance(5).finished).toBeNull();
    const { finished } = instrument.advance(10);
    expect(finished).toMatchObject({ result: 'error', errorCode: 'device_pressure_min_shutoff' });
    expect(instrument.fluidics.pumpOn).toBe(false);
  });
});
