import type { RunInjectionParams } from '@eluent/contracts';
import { describe, expect, it } from 'vitest';
import { InstrumentError, SimulatedInstrument } from './instrument.ts';

const params = (overrides: Partial<RunInjectionParams> = {}): RunInjectionParams =>
  ({
    method: {
      flow_rate_ml_per_min: 1,
      run_time_min: 1,
      gradient: [{ time_min: 0, percent_b: 20 }],
      data_rate_hz: 10,
    },
    vial: 3,
    injection_id: null,
    measurement_id: 1,
    ...overrides,
  }) as RunInjectionParams;

function warmedUp(): SimulatedInstrument {
  const instrument = new SimulatedInstrument('UNIT-1');
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

describe('simulated instrument', () => {
  it('is not ready until the detector lamp has warmed up', () => {
    const instrument = new SimulatedInstrument('UNIT-1');
    expect(refusal(() => instrument.startRun(params()))).toBe('device_detector_not_ready');
    instrument.advance(5);
    expect(refusal(() => instrument.startRun(params()))).toBeUndefined();
  });

  it('holds simulated time while paused and finishes with every point', () => {
    const instrument = warmedUp();
    instrument.startRun(params());
    const first = instrument.advance(20).points!;
    instrument.pause();
    expect(instrument.state).toBe('paused');
    expect(instrument.advance(100).points).toBeNull();
    instrument.resume();
    const { finished } = instrument.advance(100);
    expect(finished?.result).toBe('completed');
    const times = [...first.timeSec, ...finished!.points.timeSec];
    expect(times).toHaveLength(601);
    expect(new Set(times).size).toBe(601);
    expect(instrument.state).toBe('idle');
  });

  it('stops a run keeping its points, and refuses pause and resume out of turn', () => {
    const instrument = warmedUp();
    expect(refusal(() => instrument.pause())).toBe('sequence_cannot_pause');
    instrument.startRun(params());
    expect(refusal(() => instrument.resume())).toBe('sequence_cannot_resume');
    expect(refusal(() => instrument.startRun(params({ measurement_id: 2 })))).toBe('sequence_device_busy');
    instrument.advance(10);
    const stopped = instrument.stop();
    expect(stopped?.result).toBe('stopped');
    expect(instrument.run).toBeNull();
  });

  it('checks column, method limits, tray and fraction collector', () => {
    const instrument = warmedUp();
    instrument.column = null;
    expect(refusal(() => instrument.startRun(params()))).toBe('device_column_not_configured');
    const fresh = warmedUp();
    const method = params().method;
    expect(refusal(() => fresh.startRun(params({ method: { ...method, flow_rate_ml_per_min: 20 } })))).toBe(
      'device_method_not_configured',
    );
    expect(refusal(() => fresh.startRun(params({ vial: 500 })))).toBe('device_injector_not_ready');
    expect(
      refusal(() => fresh.startRun(params({ method: { ...method, fraction_collector_interval_sec: 1 } }))),
    ).toBe('fraction_collector_not_enough_vials');
    expect(
      refusal(() => fresh.startRun(params({ method: { ...method, fraction_collector_interval_sec: 10 } }))),
    ).toBeUndefined();
  });

  it('joins Wi-Fi with the numeric errors for a wrong password and an unknown network', () => {
    const instrument = warmedUp();
    expect(refusal(() => instrument.joinWifi('LabNet', 'guess'))).toBe(201);
    expect(refusal(() => instrument.joinWifi('Elsewhere', ''))).toBe(200);
    expect(instrument.joinWifi('LabNet-Guest', '')).toEqual({ ssid: 'LabNet-Guest' });
    expect(instrument.readings().wifi).toMatchObject({ ssid: 'LabNet-Guest', connected: true });
  });

  it('ends a run with a firmware fault on demand', () => {
    const instrument = warmedUp();
    instrument.startRun(params());
    instrument.advance(10);
    const finished = instrument.injectFault(101);
    expect(finished).toMatchObject({ result: 'error', errorCode: 101 });
    expect(instrument.state).toBe('error');
    expect(refusal(() => instrument.readFirmware())).toBe(101);
    expect(refusal(() => instrument.startRun(params({ measurement_id: 3 })))).toBe(101);
    instrument.clearFault();
    expect(instrument.readFirmware().firmware_version).toBe(instrument.firmwareVersion);
  });

  it('reports live readings: pressure in range while idle, progress while running', () => {
    const instrument = warmedUp();
    const idle = instrument.readings();
    expect(idle.state).toBe('idle');
    expect(idle.pressure_bar).toBeGreaterThan(60);
    expect(idle.pressure_bar).toBeLessThan(150);
    instrument.startRun(params());
    instrument.advance(30);
    const running = instrument.readings();
    expect(running.state).toBe('running');
    expect(running.run_progress).toBeCloseTo(0.5, 2);
    expect(running.measurement_id).toBe(1);
    expect(running.components.pump).toBe('busy');
    expect(running.components.injector).toBe('ready');
  });

  it('keeps the injector busy while the needle is washed', () => {
    const instrument = warmedUp();
    instrument.startRun(params({ method: { ...params().method, wash_after_injection: true } }));
    instrument.advance(2);
    expect(instrument.componentState('injector')).toBe('busy');
    instrument.advance(3);
    expect(instrument.componentState('injector')).toBe('ready');
  });

  it('collects time fractions into successive vials after the transfer delay', () => {
    const instrument = warmedUp();
    const method = {
      ...params().method,
      fraction_collector_interval_sec: 15,
      fraction_collector_starts_with_vial: 3,
    };
    instrument.startRun(params({ method }));
    instrument.advance(5);
    // 0.1 mL at 1 mL/min: the eluent reaches the collector 6 s after the detector.
    expect(instrument.readings().fraction_vial).toBeNull();
    instrument.advance(5);
    expect(instrument.readings().fraction_vial).toBe(3);
    const { finished } = instrument.advance(100);
    expect(finished?.fractions?.map((fraction) => fraction.vial)).toEqual([3, 4, 5, 6]);
    expect(finished?.fractions?.[0]).toEqual({ vial: 3, start_sec: 6, end_sec: 21 });
  });
});
