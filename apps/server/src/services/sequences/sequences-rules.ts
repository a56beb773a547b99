// The rules a sample, a draft and a sequence share: method vs instrument hardware, the fraction collector,
// standards with amount and time, what may happen to a sequence in its run state. Each failure is a
// catalogued `{code, detail}`; every path that writes these tables calls them.
import { limitRefusalText, methodLimitBreaches, type HardwareConfiguration } from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import { parsedJson } from '../../lib/parsed-json.ts';
import type { AnalyteRow, DeviceRow, MethodRow } from '../../repositories/samples.ts';
import type { SequenceRow } from '../../repositories/sequences.ts';

/** JSON with object keys sorted, so equal configurations compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * PRODUCT.md §4: a method is compatible with a device when its hardware configuration equals the device's.
 * An empty configuration (the example methods) names no parts and fits every instrument, as the method
 * list's hardware filter treats it.
 */
export function methodFitsDevice(method: MethodRow, device: DeviceRow): boolean {
  const wanted = parsedJson(method.hardware_configuration);
  if (Array.isArray(wanted) && wanted.length === 0) return true;
  return canonical(wanted) === canonical(parsedJson(device.hardware_configuration));
}

export function hardwareOf(device: DeviceRow): HardwareConfiguration {
  const parsed = parsedJson(device.hardware_configuration);
  return Array.isArray(parsed) ? (parsed as HardwareConfiguration) : [];
}

/**
 * A run refuses a method whose flow, pressure, injection volume, temperature or wavelength is outside the
 * limits of the instrument's parts, as it reports them now (whatever configuration the method names),
 * with the catalogue's message naming the method, the instrument, the quantity and what the part allows.
 */
export function checkMethodLimits(method: MethodRow, device: DeviceRow): void {
  const breach = methodLimitBreaches(method, hardwareOf(device))[0];
  if (!breach) return;
  const instrument = device.name.trim() === '' ? device.serial_number : device.name;
  throw new AppError(
    400,
    'method_exceeds_instrument_limits',
    limitRefusalText(breach, method.name, instrument),
    { fields: { [breach.limit.quantity]: [breach.message] } },
  );
}

export function runTimeSecOf(method: MethodRow): number | null {
  if (method.run_time_min !== null) return method.run_time_min * 60;
  if (method.run_time_ms !== null) return method.run_time_ms / 1000;
  return null;
}

/** Fractions one injection of the method fills: one per interval from the start delay to the run's end. */
export function fractionsPerInjection(method: MethodRow): number {
  const interval = method.fraction_collector_interval_sec;
  const runTimeSec = runTimeSecOf(method);
  if (interval === null || runTimeSec === null || !(interval > 0)) return 0;
  return Math.ceil((runTimeSec - (method.fraction_collector_start_delay_sec ?? 0)) / interval);
}

/**
 * Fraction-collector rules of spec §5 for `injections` runs of the method on the device. A method collects
 * fractions when it sets an interval; the interval and start delay must fit in the run; the instrument needs
 * a fraction collector (its valve diverts the flow); the vials from `fraction_collector_starts_with_vial`
 * on must hold every fraction; a collector that uses the autosampler tray (`limits.uses_autosampler_tray`)
 * cannot be combined with a needle wash after injection.
 */
export function checkFractionCollector(method: MethodRow, device: DeviceRow, injections: number): void {
  const interval = method.fraction_collector_interval_sec;
  if (interval === null) return;
  const runTimeSec = runTimeSecOf(method);
  const delay = method.fraction_collector_start_delay_sec ?? 0;
  if (!(interval > 0) || runTimeSec === null || interval > runTimeSec || delay < 0 || delay >= runTimeSec) {
    throw AppError.domain(400, 'fraction_collector_invalid_interval');
  }
  const collector = hardwareOf(device).find((component) => component.kind === 'fraction_collector');
  if (!collector) throw AppError.domain(400, 'fraction_collector_valve_required');
  const vials = collector.limits.vials ?? 0;
  const firstVial = method.fraction_collector_starts_with_vial ?? 1;
  if (fractionsPerInjection(method) * injections > vials - (firstVial - 1)) {
    throw AppError.domain(400, 'fraction_collector_not_enough_vials');
  }
  if ((collector.limits.uses_autosampler_tray ?? 0) > 0 && method.wash_after_injection === true) {
    throw AppError.domain(400, 'fraction_collector_needle_wash_not_allowed');
  }
}

/** A standard can be injected when every analyte has an amount and an expected retention time. */
export function standardComplete(analytes: AnalyteRow[]): boolean {
  return analytes.length > 0 && analytes.every((a) => a.amount !== null && a.retention_time_sec !== null);
}

/** A running or paused sequence is a record in progress: it is not deleted (stop it first). */
export function checkSequenceRemovable(sequence: Pick<SequenceRow, 'state'>): void {
  if (sequence.state === 'RUNNING' || sequence.state === 'PAUSED')
    throw AppError.domain(409, 'sequence_already_running');
}
