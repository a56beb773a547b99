import { describe, expect, it } from 'vitest';
import { newPairingCode } from './codes.ts';

describe('pairing codes', () => {
  it('are three groups of four unambiguous characters, different each time', () => {
    const codes = Array.from({ length: 200 }, newPairingCode);
    for (const code of codes)
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
