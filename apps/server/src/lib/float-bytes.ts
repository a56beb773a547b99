// Stored signal chunks as bytes: little-endian IEEE 754 doubles, 8 bytes a point, the layout `bytea` columns
// of measurement_chunks hold (docs/performance.md "Signals stored as binary").

const littleEndianHost = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;

/**
 * The values as little-endian doubles.
 * @example encodeFloat64([1, 2]).length // 16
 */
export function encodeFloat64(values: ArrayLike<number>): Uint8Array {
  const doubles = values instanceof Float64Array ? values : Float64Array.from(values);
  if (littleEndianHost) {
    // A copy of just these values, so a subarray never carries its whole buffer into the database.
    return new Uint8Array(doubles.buffer.slice(doubles.byteOffset, doubles.byteOffset + doubles.byteLength));
  }
  const bytes = new Uint8Array(doubles.length * 8);
  const view = new DataView(bytes.buffer);
  for (let index = 0; index < doubles.length; index++) view.setFloat64(index * 8, doubles[index]!, true);
  return bytes;
}

/** How many doubles a stored chunk holds; throws on a length that is not a whole number of them. */
export function float64Count(bytes: Uint8Array): number {
  if (bytes.byteLength % 8 !== 0) throw new Error(`stored chunk of ${bytes.byteLength} bytes is not doubles`);
  return bytes.byteLength / 8;
}

/**
 * The chunks' doubles one after the other in one typed array (one byte copy per chunk, no numbers parsed).
 * @example decodeFloat64([encodeFloat64([1]), encodeFloat64([2, 3])]) // Float64Array [1, 2, 3]
 */
export function decodeFloat64(chunks: readonly Uint8Array[]): Float64Array {
  let total = 0;
  for (const chunk of chunks) total += float64Count(chunk);
  const values = new Float64Array(total);
  if (littleEndianHost) {
    const target = new Uint8Array(values.buffer);
    let offset = 0;
    for (const chunk of chunks) {
      target.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return values;
  }
  let index = 0;
  for (const chunk of chunks) {
    const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let offset = 0; offset < chunk.byteLength; offset += 8)
      values[index++] = view.getFloat64(offset, true);
  }
  return values;
}

/**
 * The values' little-endian bytes, without a copy where the host is little-endian: for a writer that copies
 * them at once (a binary COPY stream), never for bytes that are kept.
 */
export function float64Bytes(values: Float64Array): Uint8Array {
  return littleEndianHost
    ? new Uint8Array(values.buffer, values.byteOffset, values.byteLength)
    : encodeFloat64(values);
}
