// The package's lib has no TextEncoder/TextDecoder (no DOM, no Node types), so text coding lives here.

/** UTF-8 bytes of a string. */
export function utf8Encode(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const character of text) {
    const code = character.codePointAt(0) as number;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else {
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
    }
  }
  return Uint8Array.from(bytes);
}

function fromCodes(codes: number[]): string {
  let text = '';
  // Chunked so that very long files do not exceed the argument limit of String.fromCharCode.
  for (let start = 0; start < codes.length; start += 8192) {
    text += String.fromCharCode(...codes.slice(start, start + 8192));
  }
  return text;
}

/** Decodes UTF-8 (invalid sequences become U+FFFD). */
export function utf8Decode(bytes: Uint8Array): string {
  const units: number[] = [];
  for (let i = 0; i < bytes.length;) {
    const first = bytes[i] as number;
    let code = 0xfffd;
    let size = 1;
    if (first < 0x80) code = first;
    else if (first >= 0xc0 && first < 0xe0) {
      code = ((first & 31) << 6) | ((bytes[i + 1] ?? 0) & 63);
      size = 2;
    } else if (first >= 0xe0 && first < 0xf0) {
      code = ((first & 15) << 12) | (((bytes[i + 1] ?? 0) & 63) << 6) | ((bytes[i + 2] ?? 0) & 63);
      size = 3;
    } else if (first >= 0xf0) {
      code =
        ((first & 7) << 18) |
        (((bytes[i + 1] ?? 0) & 63) << 12) |
        (((bytes[i + 2] ?? 0) & 63) << 6) |
        ((bytes[i + 3] ?? 0) & 63);
      size = 4;
    }
    if (code >= 0x10000) {
      code -= 0x10000;
      units.push(0xd800 + (code >> 10), 0xdc00 + (code & 1023));
    } else units.push(code);
    i += size;
  }
  return fromCodes(units);
}

/** Decodes UTF-16 in the given byte order. */
export function utf16Decode(bytes: Uint8Array, littleEndian: boolean): string {
  const units: number[] = new Array<number>(bytes.length >> 1);
  for (let i = 0; i < units.length; i++) {
    const a = bytes[2 * i] as number;
    const b = bytes[2 * i + 1] as number;
    units[i] = littleEndian ? a | (b << 8) : (a << 8) | b;
  }
  return fromCodes(units);
}

/** Whether the bytes are well-formed UTF-8 (no stray continuation bytes, no truncated or overlong sequence). */
export function validUtf8(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length;) {
    const first = bytes[i] as number;
    const size =
      first < 0x80
        ? 1
        : first >= 0xc2 && first < 0xe0
          ? 2
          : first >= 0xe0 && first < 0xf0
            ? 3
            : first >= 0xf0 && first < 0xf5
              ? 4
              : 0;
    if (size === 0 || i + size > bytes.length) return false;
    for (let k = 1; k < size; k++) if (((bytes[i + k] as number) & 0xc0) !== 0x80) return false;
    i += size;
  }
  return true;
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
