// How a device's error code becomes the message a user reads (spec §8).
import { deviceNumericErrors, domainErrors, type DomainErrorCode } from '../errors.ts';

/** Device error codes an instrument may reply with, besides the numeric ones. */
export const deviceErrorCodes = [
  'device_column_not_configured',
  'device_different',
  'device_method_not_configured',
  'device_pump_not_ready',
  'device_injector_not_ready',
  'device_detector_not_ready',
  'device_not_configured',
  'device_flow_above_limit',
  'device_temperature_out_of_range',
  'device_pressure_above_limit',
  'device_pressure_above_method_max',
  'device_pressure_max_shutoff',
  'device_pressure_min_shutoff',
  'method_pressure_range_invalid',
  'device_purging',
  'publisher_unsupported_key',
  'wifi_password_wrong',
  'wifi_network_not_found',
  'sequence_device_busy',
  'timeout',
] as const satisfies readonly DomainErrorCode[];

/** The user-facing message for a numeric or named device error; unknown codes read as 999. */
export function deviceErrorMessage(code: number | string): string {
  if (typeof code === 'number') {
    return code in deviceNumericErrors
      ? deviceNumericErrors[code as keyof typeof deviceNumericErrors]
      : deviceNumericErrors[999];
  }
  return code in domainErrors ? domainErrors[code as DomainErrorCode] : deviceNumericErrors[999];
}
