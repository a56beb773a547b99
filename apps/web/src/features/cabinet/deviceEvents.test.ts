import { describe, expect, it } from 'vitest';
import {
  applyDeviceEvent,
  deviceErrorText,
  formatReading,
  initialLive,
  readinessOf,
} from './deviceEvents.ts';
import { orderDevices } from './deviceOrder.ts';
import type { Device } from './device.ts';

const idle = initialLive('idle');

it('folds status and telemetry events into the live state', () => {
  const running = applyDeviceEvent(idle, {
    type: 'status',
    state: 'running',
    online: true,
    error_code: null,
  });
  expect(running.state).toBe('running');
  const measured = applyDeviceEvent(running, {
    type: 'telemetry',
    pressure_bar: 182,
    flow_ml_per_min: 1,
    percent_b: 35,
    temperature_c: 30,
    run_progress: 0.4,
  });
  expect(measured).toMatchObject({ state: 'running', pressureBar: 182, percentB: 35, runProgress: 0.4 });
  expect(applyDeviceEvent(measured, { type: 'status', state: 'idle', online: false }).state).toBe('offline');
  expect(
    applyDeviceEvent(idle, { type: 'status', state: 'error', online: true, error_code: 201 }).errorCode,
  ).toBe(201);
});

it('orders devices by the saved ids, unknown ones after in server order', () => {
  const device = (id: number) => ({ id }) as Device;
  expect(orderDevices([device(1), device(2), device(3)], [3, 1]).map((d) => d.id)).toEqual([3, 1, 2]);
});

describe('deviceErrorText', () => {
  it('gives the catalogue message of a numeric code and the code itself otherwise', () => {
    expect(deviceErrorText(201)).toBe('Wi-Fi password is wrong.');
    expect(deviceErrorText(999)).toBe('Unknown device error.');
    expect(deviceErrorText('pump_not_ready')).toBe('pump_not_ready');
    expect(deviceErrorText(null)).toBeNull();
    expect(formatReading(null, 1, 'bar')).toBe('—');
    expect(formatReading(99.04, 1, 'bar')).toBe('99.0 bar');
  });
});

it('keeps the pump, activity and setpoints the instrument reports between runs', () => {
  const purging = applyDeviceEvent(idle, {
    type: 'telemetry',
    pressure_bar: 4,
    flow_ml_per_min: 5,
    percent_b: 20,
    temperature_c: 30,
    run_progress: null,
    pump_on: true,
    activity: 'purging',
    activity_remaining_sec: 120,
    setpoints: { flow_ml_per_min: 1, percent_b: 20, temperature_c: 30 },
  });
  expect(purging).toMatchObject({ pumpOn: true, activity: 'purging', activityRemainingSec: 120 });
  expect(purging.setpoints?.flow_ml_per_min).toBe(1);
  const done = applyDeviceEvent(purging, {
    type: 'telemetry',
    pressure_bar: 110,
    flow_ml_per_min: 1,
    percent_b: 20,
    temperature_c: 30,
    run_progress: null,
    activity: null,
  });
  expect(done).toMatchObject({ activity: null, pumpOn: true, measurementId: null });
});

it('says what an idle instrument is busy with, and offers Inject only when it is ready', () => {
  expect(readinessOf(idle)).toEqual({ text: 'Ready', canInject: true });
  expect(
    readinessOf({ ...idle, pumpOn: true, activity: 'equilibrating', activityRemainingSec: 725 }),
  ).toEqual({ text: 'Equilibrating, 13 min left', canInject: false });
  expect(readinessOf({ ...idle, activity: 'purging', activityRemainingSec: null })).toEqual({
    text: 'Purging',
    canInject: false,
  });
  expect(readinessOf({ ...idle, pumpOn: false })).toEqual({ text: 'Pump off', canInject: false });
  expect(readinessOf({ ...idle, state: 'running' })).toEqual({ text: null, canInject: false });
});
