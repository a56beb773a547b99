import { describe, expect, it } from 'vitest';
import { readAiaTimestamp } from '../src/files/readAiaTimestamp.ts';

describe('readAiaTimestamp', () => {
  it('reads the stamps of the vendor files with their UTC offsets', () => {
    expect(readAiaTimestamp('19920704140907-0500')?.toISOString()).toBe('1992-07-04T19:09:07.000Z');
    expect(readAiaTimestamp('19900425154459-0800')?.toISOString()).toBe('1990-04-25T23:44:59.000Z');
    expect(readAiaTimestamp('20240101120000+0130')?.toISOString()).toBe('2024-01-01T10:30:00.000Z');
    expect(readAiaTimestamp('20240101120000')?.toISOString()).toBe('2024-01-01T12:00:00.000Z');
  });

  it('refuses placeholders and impossible dates', () => {
    expect(readAiaTimestamp('1900,01,01,00:00:00+0000')).toBeNull();
    expect(readAiaTimestamp('20240631120000-0500')).toBeNull();
    expect(readAiaTimestamp('')).toBeNull();
    expect(readAiaTimestamp(undefined)).toBeNull();
  });
});
