// What the user reads for a sequence's stored error code: the catalogue text, never the raw code.
import { domainErrors } from '@eluent/contracts';

/** The catalogue text of `code`; instrument codes outside the catalogue (`device_error_17`) read generically. */
export function sequenceErrorText(code: string): string {
  const known = (domainErrors as Record<string, string>)[code];
  if (typeof known === 'string' && Object.hasOwn(domainErrors, code)) return known;
  return domainErrors.sequence_instrument_error;
}
