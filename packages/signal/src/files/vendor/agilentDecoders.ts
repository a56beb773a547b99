import type { ByteReader } from './byteReader.ts';

/** Raw sample integers (or floats) before scaling, and the byte after the last one read. */
export interface DecodedSamples {
  raw: Float64Array;
  end: number;
}

const NEW_VALUE = -0x8000;

/**
 * ChemStation delta segments, big-endian: a segment is the byte 0x10, a count byte, then `count` int16
 * differences from the previous sample; the difference -32768 means "an int32 absolute value follows".
 * Any other head byte ends the data (the files end with 0x00 0x00); running out of bytes before it means the
 * file was cut short.
 */
export function decodeDelta(reader: ByteReader, start: number): DecodedSamples {
  // Every sample takes at least two bytes: the output never needs more room than this.
  const raw = new Float64Array(Math.max(0, Math.floor((reader.length - start) / 2)));
  let count = 0;
  let value = 0;
  let at = start;
  for (;;) {
    if (at >= reader.length) throw reader.corrupt('the file is truncated, its data has no end mark');
    const head = reader.u8(at, 'segment head');
    // The end mark is a whole two-byte segment header (0x00 0x00 in the files seen).
    const segmentCount = reader.u8(at + 1, 'end of its data');
    if (head !== 0x10) break;
    at += 2;
    for (let i = 0; i < segmentCount; i++) {
      const delta = reader.i16(at, false, 'samples');
      at += 2;
      if (delta === NEW_VALUE) {
        value = reader.i32(at, false, 'samples');
        at += 4;
      } else {
        value += delta;
      }
      raw[count++] = value;
    }
  }
  return { raw: raw.slice(0, count), end: at };
}

/**
 * Second differences, big-endian int16 to the end of the file: each adds to a running difference that adds
 * to the value; 0x7FFF means "a 48-bit absolute value follows" (int16 high part, uint32 low part) and
 * resets the difference.
 */
export function decodeDoubleDelta(reader: ByteReader, start: number): DecodedSamples {
  const raw = new Float64Array(Math.max(0, Math.floor((reader.length - start) / 2)));
  let count = 0;
  let value = 0;
  let difference = 0;
  let at = start;
  while (at < reader.length) {
    const step = reader.i16(at, false, 'samples');
    at += 2;
    if (step === 0x7fff) {
      value = reader.i16(at, false, 'samples') * 2 ** 32 + reader.u32(at + 2, false, 'samples');
      at += 6;
      difference = 0;
    } else {
      difference += step;
      value += difference;
    }
    raw[count++] = value;
  }
  return { raw: raw.slice(0, count), end: at };
}

/** Little-endian float64 samples to the end of the file. */
export function decodeFloat64(reader: ByteReader, start: number): DecodedSamples {
  const size = reader.length - start;
  if (size % 8 !== 0) {
    throw reader.corrupt(`the file is truncated, its data (${size} bytes) is not whole 8-byte samples`);
  }
  const raw = new Float64Array(size / 8);
  for (let i = 0; i < raw.length; i++) raw[i] = reader.f64(start + i * 8, true, 'samples');
  return { raw, end: reader.length };
}
