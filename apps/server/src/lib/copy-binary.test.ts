import { describe, expect, it } from 'vitest';
import { encodeCopyRows, isCopyFromStdin } from './copy-binary.ts';

describe('rows in the binary COPY format', () => {
  it('writes the signature, each field with its length in network order, NULL as −1 and the trailer', () => {
    const bytes = encodeCopyRows([[{ int4: 7 }, { float8: 1.5 }, { bytea: Uint8Array.from([9, 8]) }, null]]);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    expect(bytes.subarray(0, 11).toString('latin1')).toBe('PGCOPY\n\xff\r\n\0');
    expect([view.getInt32(11), view.getInt32(15)]).toEqual([0, 0]);
    let at = 19;
    expect(view.getInt16(at)).toBe(4);
    expect([view.getInt32((at += 2)), view.getInt32((at += 4))]).toEqual([4, 7]);
    expect([view.getInt32((at += 4)), view.getFloat64((at += 4))]).toEqual([8, 1.5]);
    expect(view.getInt32((at += 8))).toBe(2);
    expect([...bytes.subarray((at += 4), at + 2)]).toEqual([9, 8]);
    expect(view.getInt32((at += 2))).toBe(-1);
    expect(view.getInt16((at += 4))).toBe(-1);
    expect(at + 2).toBe(bytes.length);
  });

  it('knows a COPY FROM STDIN given its data, and nothing else', () => {
    const data = new Uint8Array(1);
    expect(isCopyFromStdin('copy t (a) from stdin with (format binary)', [data])).toBe(true);
    expect(isCopyFromStdin('select 1 from stdin_table', [data])).toBe(false);
    expect(isCopyFromStdin('copy t (a) from stdin', [])).toBe(false);
    expect(isCopyFromStdin('copy t (a) from stdin', ['text'])).toBe(false);
  });
});
