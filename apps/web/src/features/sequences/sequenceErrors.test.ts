import { domainErrors } from '@eluent/contracts';
import { describe, expect, it } from 'vitest';
import { sequenceErrorText } from './sequenceErrors.ts';

describe('sequenceErrorText', () => {
  it('reads a catalogued code as its text, never the code', () => {
    expect(sequenceErrorText('device_method_not_configured')).toBe(domainErrors.device_method_not_configured);
    expect(sequenceErrorText('device_method_not_configured')).not.toContain('device_method_not_configured');
  });

  it('reads an uncatalogued instrument code as the generic instrument error', () => {
    expect(sequenceErrorText('device_error_17')).toBe(domainErrors.sequence_instrument_error);
    expect(sequenceErrorText('toString')).toBe(domainErrors.sequence_instrument_error);
  });
});
