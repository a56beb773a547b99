// Whether a new method fits the hardware configuration it is written for (spec §8 "Method: configuration
// incompatible"): the configuration is a list of known parts, and the method's flow, injection volume,
// temperature and wavelength stay inside the limits those parts declare.
import { hardwareConfigurationSchema, type HardwareConfiguration } from '@eluent/contracts';
import { parsedJson } from './parsed-json.ts';

function within(value: unknown, min: number | undefined, max: number | undefined): boolean {
  if (typeof value !== 'number') return true;
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}

/**
 * True when the method's settings are possible on its hardware configuration. A method without a
 * configuration (the database default, an empty list) names no parts and has no limits to respect.
 * @example methodConfigurationCompatible({ hardware_configuration: [pump], flow_rate_ml_per_min: 1 })
 */
export function methodConfigurationCompatible(method: Record<string, unknown>): boolean {
  if (method.hardware_configuration === undefined || method.hardware_configuration === null) return true;
  const parsed = hardwareConfigurationSchema.safeParse(parsedJson(method.hardware_configuration));
  if (!parsed.success) return false;
  const hardware: HardwareConfiguration = parsed.data;
  const limit = (kind: string, key: string) => hardware.find((part) => part.kind === kind)?.limits[key];
  const detector = parsedJson(method.detector_single_channel) as { wavelength_nm?: unknown } | null;
  return (
    within(method.flow_rate_ml_per_min, undefined, limit('pump', 'max_flow_ml_per_min')) &&
    within(method.injection_ul, undefined, limit('injector', 'max_injection_ul')) &&
    within(
      method.temperature,
      limit('column_oven', 'min_temperature_c'),
      limit('column_oven', 'max_temperature_c'),
    ) &&
    within(
      detector?.wavelength_nm,
      limit('detector', 'min_wavelength_nm'),
      limit('detector', 'max_wavelength_nm'),
    )
  );
}
