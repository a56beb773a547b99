// Rows in PostgreSQL's binary COPY format (https://www.postgresql.org/docs/current/sql-copy.html, "Binary
// Format"): an 11-byte signature, a flags word and a header extension length, then per row a 16-bit field
// count and each field as a 32-bit length (−1 for NULL) and its bytes in the type's binary send format
// (network byte order), then a 16-bit −1. Signal rows are written this way on both databases (PostgreSQL
// through `COPY … FROM STDIN`, PGlite through `COPY … FROM '/dev/blob'`): no hex text, no parameter per
// value, one copy of the bytes.

/** A field of a binary COPY row: a 4-byte integer, a double, bytes, or NULL. */
export type CopyField = { int4: number } | { float8: number } | { bytea: Uint8Array } | null;

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** Signature, flags (no OIDs) and header extension length. */
const HEADER_BYTES = SIGNATURE.length + 4 + 4;
/** Field count of a row, and the −1 that ends the data. */
const COUNT_BYTES = 2;
const LENGTH_BYTES = 4;

function fieldBytes(field: CopyField): number {
  if (field === null) return 0;
  if ('int4' in field) return 4;
  if ('float8' in field) return 8;
  return field.bytea.byteLength;
}

function writeField(target: Buffer, offset: number, field: CopyField): number {
  if (field === null) {
    target.writeInt32BE(-1, offset);
    return offset + LENGTH_BYTES;
  }
  const length = fieldBytes(field);
  target.writeInt32BE(length, offset);
  offset += LENGTH_BYTES;
  if ('int4' in field) target.writeInt32BE(field.int4, offset);
  else if ('float8' in field) target.writeDoubleBE(field.float8, offset);
  else target.set(field.bytea, offset);
  return offset + length;
}

/**
 * The rows as one binary COPY stream, every row with the same fields in the order of the COPY's column list.
 * @example encodeCopyRows([[{ int4: 1 }, null]]).length // 11 + 8 + 2 + 4 + 4 + 4 + 2 = 35
 */
export function encodeCopyRows(rows: readonly (readonly CopyField[])[]): Buffer {
  let total = HEADER_BYTES + COUNT_BYTES;
  for (const row of rows) {
    total += COUNT_BYTES;
    for (const field of row) total += LENGTH_BYTES + fieldBytes(field);
  }
  const target = Buffer.allocUnsafe(total);
  SIGNATURE.copy(target, 0);
  let offset = SIGNATURE.length;
  offset = target.writeInt32BE(0, offset);
  offset = target.writeInt32BE(0, offset);
  for (const row of rows) {
    offset = target.writeInt16BE(row.length, offset);
    for (const field of row) offset = writeField(target, offset, field);
  }
  offset = target.writeInt16BE(-1, offset);
  if (offset !== total) throw new Error(`binary COPY of ${total} bytes wrote ${offset}`);
  return target;
}

/** Whether a statement is a `COPY … FROM STDIN` given its data as the one parameter. */
export function isCopyFromStdin(sql: string, parameters: readonly unknown[] | undefined): boolean {
  return (
    /^\s*copy\s[\s\S]*\sfrom\s+stdin\b/i.test(sql) &&
    parameters?.length === 1 &&
    parameters[0] instanceof Uint8Array
  );
}
