// A device's refusal as the user reads it: `{code, detail}` with the message of spec §8.
import { deviceErrorMessage, domainErrors, type DomainErrorCode } from '@eluent/contracts';
import { AppError } from '../../errors.ts';

const numericAsDomain: Record<number, DomainErrorCode> = {
  200: 'wifi_network_not_found',
  201: 'wifi_password_wrong',
};

/** Converts a device error code (numeric or named) into the REST error the user sees. */
export function deviceRefusal(code: number | string): AppError {
  if (typeof code === 'number') {
    const domain = numericAsDomain[code];
    if (domain) return AppError.domain(400, domain, { device_code: code });
    return new AppError(502, 'device_error', deviceErrorMessage(code), {
      device_code: code in { 101: 1, 102: 1, 202: 1, 999: 1 } ? code : 999,
    });
  }
  if (code in domainErrors)
    return AppError.domain(code.startsWith('wifi_') ? 400 : 409, code as DomainErrorCode);
  return new AppError(502, 'device_error', deviceErrorMessage(999), { device_code: 999 });
}

/** The device said no; `code` is numeric (spec §8) or a device error code. */
export class DeviceRefusedError extends Error {
  constructor(readonly code: number | string) {
    super(`device refused: ${code}`);
  }
}
