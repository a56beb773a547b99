// Text coding with the platform's TextEncoder/TextDecoder (browsers, Web Workers and Node all have them);
// the package's lib declares neither (no DOM, no Node types), so they are typed here, once.

export interface StreamDecoder {
  decode(bytes: Uint8Array, options?: { stream?: boolean }): string;
}
interface TextCoding {
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new (label: string, options?: { fatal?: boolean; ignoreBOM?: boolean }) => StreamDecoder;
}
const platform = globalThis as unknown as TextCoding;

/** UTF-8 bytes of a string. */
export function utf8Encode(text: string): Uint8Array {
  return new platform.TextEncoder().encode(text);
}

/** Decodes UTF-8 (invalid sequences become U+FFFD); a leading byte-order mark is dropped. */
export function utf8Decode(bytes: Uint8Array): string {
  return new platform.TextDecoder('utf-8').decode(bytes);
}

/** Decodes UTF-16 in the given byte order; a leading byte-order mark is dropped. */
export function utf16Decode(bytes: Uint8Array, littleEndian: boolean): string {
  return new platform.TextDecoder(littleEndian ? 'utf-16le' : 'utf-16be').decode(bytes);
}

/** A decoder of UTF-16 text arriving in pieces (`{ stream: true }`); a leading byte-order mark is dropped. */
export function streamDecoder(label: 'utf-16le' | 'utf-16be'): StreamDecoder {
  return new platform.TextDecoder(label);
}

/**
 * Decodes well-formed UTF-8 (a leading byte-order mark dropped, unless `keepBom`: a piece from the middle
 * of a file); null when the bytes are not UTF-8.
 */
export function utf8DecodeStrict(bytes: Uint8Array, options: { keepBom?: boolean } = {}): string | null {
  try {
    return new platform.TextDecoder('utf-8', { fatal: true, ignoreBOM: options.keepBom ?? false }).decode(
      bytes,
    );
  } catch {
    return null;
  }
}

function fromCodes(codes: number[]): string {
  let text = '';
  // Chunked so that very long files do not exceed the argument limit of String.fromCharCode.
  for (let start = 0; start < codes.length; start += 8192) {
    text += String.fromCharCode(...codes.slice(start, start + 8192));
  }
  return text;
}

/** Decodes Latin-1 (ISO 8859-1): one character per byte. */
export function latin1Decode(bytes: Uint8Array): string {
  const codes = new Array<number>(bytes.length);
  for (let i = 0; i < bytes.length; i++) codes[i] = bytes[i] as number;
  return fromCodes(codes);
}

/**
 * Whether bytes without a UTF-16 byte-order mark are binary rather than text: a NUL byte or another C0
 * control character (other than tab, line feed, form feed, carriage return and a final DOS end-of-file).
 */
export function looksBinary(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (byte >= 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d) continue;
    if (byte === 0x1a && i === bytes.length - 1) continue;
    return true;
  }
  return false;
}
