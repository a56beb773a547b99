// From a stored method (spec field names) to what an instrument needs for one injection.
import { deviceMethodSchema, type DeviceMethod } from '@eluent/contracts';
import { AppError } from '../../errors.ts';

/** The method columns the mapping reads; a `methods` row satisfies it. */
export interface StoredMethod {
  id: number;
  name: string;
  flow_rate_ml_per_min: number | null;
  run_time_min: number | null;
  /** Used when run_time_min is not set. */
  run_time_ms?: number | null;
  temperature: number | null;
  injection_ul: number | null;
  gradient: unknown;
  solvents?: unknown;
  mobile_phase?: string | null;
  detector_single_channel?: unknown;
  pressure_min?: number | null;
  pressure_max?: number | null;
  pressure_reach_sec?: number | null;
  needle_depth_mm?: number | null;
  wash_after_injection?: boolean | null;
  fraction_collector_interval_sec?: number | null;
  fraction_collector_start_delay_sec?: number | null;
  fraction_collector_starts_with_vial?: number | null;
}

function mentionsMethanol(value: unknown): boolean {
  return JSON.stringify(value ?? '')
    .toLowerCase()
    .includes('methanol');
}

/**
 * Builds the device method; a method without flow, run time or gradient cannot run and answers
 * `device_method_not_configured`.
 */
export function deviceMethodFromStored(method: StoredMethod): DeviceMethod {
  const detector = (method.detector_single_channel ?? {}) as Record<string, unknown>;
  const parsed = deviceMethodSchema.safeParse({
    id: method.id,
    name: method.name,
    flow_rate_ml_per_min: method.flow_rate_ml_per_min ?? undefined,
    run_time_min:
      method.run_time_min ??
      (typeof method.run_time_ms === 'number' ? method.run_time_ms / 60_000 : undefined),
    temperature: method.temperature ?? undefined,
    injection_ul: method.injection_ul ?? undefined,
    gradient: method.gradient,
    organic_solvent:
      mentionsMethanol(method.solvents) || mentionsMethanol(method.mobile_phase)
        ? 'methanol'
        : 'acetonitrile',
    ...(typeof detector.wavelength_nm === 'number' ? { wavelength_nm: detector.wavelength_nm } : {}),
    ...(typeof detector.data_rate_hz === 'number' ? { data_rate_hz: detector.data_rate_hz } : {}),
    pressure_min: method.pressure_min ?? null,
    pressure_max: method.pressure_max ?? null,
    pressure_reach_sec: method.pressure_reach_sec ?? null,
    needle_depth_mm: method.needle_depth_mm ?? null,
    wash_after_injection: method.wash_after_injection ?? null,
    fraction_collector_interval_sec: method.fraction_collector_interval_sec ?? null,
    fraction_collector_start_delay_sec: method.fraction_collector_start_delay_sec ?? null,
    fraction_collector_starts_with_vial: method.fraction_collector_starts_with_vial ?? null,
  });
  if (!parsed.success) throw AppError.domain(400, 'device_method_not_configured');
  return parsed.data;
}
