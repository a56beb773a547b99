// Whether a new method fits the hardware configuration it is written for (spec §8 "Method: configuration
// incompatible"): the configuration is a list of known parts, and the method's flow, pressure, injection
// volume, temperature and wavelength stay inside the limits those parts declare (contracts `methodLimits`).
import {
  hardwareConfigurationSchema,
  methodLimitBreaches,
  type HardwareConfiguration,
  type LimitBreach,
} from '@eluent/contracts';
import { parsedJson } from './parsed-json.ts';

/**
 * Why a new method cannot run on its hardware configuration: `malformed` when the configuration is not a
 * list of known parts, else the limits its settings exceed (empty when it fits). A method without a
 * configuration (the database default, an empty list) names no parts and has no limits to respect.
 * @example methodConfigurationProblems({ hardware_configuration: [pump], flow_rate_ml_per_min: 1 }) // []
 */
export function methodConfigurationProblems(method: Record<string, unknown>): 'malformed' | LimitBreach[] {
  if (method.hardware_configuration === undefined || method.hardware_configuration === null) return [];
  const parsed = hardwareConfigurationSchema.safeParse(parsedJson(method.hardware_configuration));
  if (!parsed.success) return 'malformed';
  const hardware: HardwareConfiguration = parsed.data;
  return methodLimitBreaches(method, hardware);
}
