// A stored method row as the instrument reads it (the device link's method schema).
import { deviceMethodSchema, type DeviceMethod, type GradientStep } from '@eluent/contracts';
import type { MethodRow } from '../repositories/samples.ts';

function json(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

function gradientOf(method: MethodRow): GradientStep[] {
  const raw = json(method.gradient);
  const steps = Array.isArray(raw)
    ? raw.filter(
        (step): step is GradientStep =>
          typeof step === 'object' && step !== null && typeof (step as GradientStep).time_min === 'number',
      )
    : [];
  return steps.length > 0 ? steps : [{ time_min: 0, percent_b: 0 }];
}

/** Throws (zod) when the method lacks what a run needs, e.g. a flow rate or a run time. */
export function deviceMethodOf(method: MethodRow): DeviceMethod {
  const detector = (json(method.detector_single_channel) ?? {}) as Record<string, unknown>;
  const acquisition = (json(method.measurements) ?? {}) as Record<string, unknown>;
  const solvents = JSON.stringify(json(method.solvents) ?? '').toLowerCase();
  const runTimeMin =
    method.run_time_min ?? (method.run_time_ms !== null ? method.run_time_ms / 60_000 : null);
  return deviceMethodSchema.parse({
    id: method.id,
    name: method.name.slice(0, 200),
    flow_rate_ml_per_min: method.flow_rate_ml_per_min,
    run_time_min: runTimeMin,
    temperature: method.temperature ?? undefined,
    injection_ul: method.injection_ul ?? undefined,
    gradient: gradientOf(method),
    organic_solvent: solvents.includes('methanol') ? 'methanol' : 'acetonitrile',
    wavelength_nm: typeof detector.wavelength_nm === 'number' ? detector.wavelength_nm : undefined,
    data_rate_hz: typeof acquisition.data_rate_hz === 'number' ? acquisition.data_rate_hz : undefined,
    pressure_min: method.pressure_min,
    pressure_reach_sec: method.pressure_reach_sec,
    needle_depth_mm: method.needle_depth_mm,
    wash_after_injection: method.wash_after_injection,
    fraction_collector_interval_sec: method.fraction_collector_interval_sec,
    fraction_collector_start_delay_sec: method.fraction_collector_start_delay_sec,
    fraction_collector_starts_with_vial: method.fraction_collector_starts_with_vial,
  });
}
