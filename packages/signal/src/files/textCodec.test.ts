import { describe, expect, it } from 'vitest';
import { latin1Decode, utf16Decode, utf8Decode, utf8DecodeStrict, utf8Encode } from './textCodec.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('text coding', () => {
  it('round-trips UTF-8, astral characters included, and drops a leading byte-order mark', () => {
    const text = 'Koffein 5 µg/mL ≥ 10 🧪';
    expect(utf8Decode(utf8Encode(text))).toBe(text);
    expect(utf8Decode(bytes(0xef, 0xbb, 0xbf, 0x41))).toBe('A');
    expect(utf8Encode('é')).toEqual(bytes(0xc3, 0xa9));
  });

  it('decodes UTF-16 in either byte order with its byte-order mark dropped, surrogate pairs joined', () => {
    expect(utf16Decode(bytes(0xff, 0xfe, 0x41, 0x00, 0xb5, 0x00), true)).toBe('Aµ');
    expect(utf16Decode(bytes(0xfe, 0xff, 0x00, 0x41, 0xd8, 0x3e, 0xdd, 0xea), false)).toBe('A🧪');
  });

  it('tells malformed UTF-8 from UTF-8, and reads Latin-1 one character a byte', () => {
    expect(utf8DecodeStrict(bytes(0x4d, 0xfc, 0x6c))).toBeNull();
    expect(utf8DecodeStrict(bytes(0xe2, 0x82))).toBeNull();
    expect(utf8DecodeStrict(bytes(0x4d, 0xc3, 0xbc, 0x6c))).toBe('Mül');
    expect(latin1Decode(bytes(0x4d, 0xfc, 0x6c))).toBe('Mül');
  });
});
