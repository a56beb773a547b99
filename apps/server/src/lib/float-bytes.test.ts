import { describe, expect, it } from 'vitest';
import { decodeFloat64, encodeFloat64, float64Count } from './float-bytes.ts';

describe('stored chunks as little-endian doubles', () => {
  it('lays each value out as 8 little-endian bytes', () => {
    const bytes = encodeFloat64([1.5]);
    const expected = new Uint8Array(8);
    new DataView(expected.buffer).setFloat64(0, 1.5, true);
    expect([...bytes]).toEqual([...expected]);
  });

  it('round-trips every double exactly, in chunk order', () => {
    const first = [0, -0.1, 1e-300, Number.MAX_VALUE, 123.456789012345];
    const second = [Math.PI, -2.5e10];
    const decoded = decodeFloat64([encodeFloat64(first), encodeFloat64(Float64Array.from(second))]);
    expect([...decoded]).toEqual([...first, ...second]);
  });

  it('encodes only a subarray’s own values', () => {
    const whole = Float64Array.from([1, 2, 3, 4]);
    const bytes = encodeFloat64(whole.subarray(1, 3));
    expect(bytes.byteLength).toBe(16);
    expect([...decodeFloat64([bytes])]).toEqual([2, 3]);
  });

  it('decodes a chunk that starts at an odd offset of its buffer', () => {
    const buffer = new Uint8Array(17);
    buffer.set(encodeFloat64([7, 8]), 1);
    expect([...decodeFloat64([buffer.subarray(1)])]).toEqual([7, 8]);
  });

  it('refuses bytes that are not whole doubles', () => {
    expect(() => float64Count(new Uint8Array(12))).toThrow('stored chunk of 12 bytes is not doubles');
  });
});
