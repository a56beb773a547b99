import { ChromatogramFileError } from '../fileError.ts';

/**
 * Bounds-checked reads from a vendor file: a read past the end is a `vendor_corrupt` error naming the
 * format and the offset, never a RangeError from the DataView.
 */
export class ByteReader {
  readonly bytes: Uint8Array;
  readonly length: number;
  /** Names the format in messages, e.g. "Agilent .ch version 130". */
  readonly format: string;
  private readonly view: DataView;

  constructor(bytes: Uint8Array, format: string) {
    this.bytes = bytes;
    this.length = bytes.length;
    this.format = format;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Throws unless `size` bytes from `offset` are inside the file. */
  need(offset: number, size: number, what: string): void {
    if (!Number.isInteger(offset) || offset < 0 || offset + size > this.length) {
      throw new ChromatogramFileError(
        'vendor_corrupt',
        `${this.format}: the file is truncated, it ends at byte ${this.length} before its ${what} (byte ${offset})`,
      );
    }
  }

  u8(offset: number, what: string): number {
    this.need(offset, 1, what);
    return this.view.getUint8(offset);
  }
  u16(offset: number, littleEndian: boolean, what: string): number {
    this.need(offset, 2, what);
    return this.view.getUint16(offset, littleEndian);
  }
  i16(offset: number, littleEndian: boolean, what: string): number {
    this.need(offset, 2, what);
    return this.view.getInt16(offset, littleEndian);
  }
  u32(offset: number, littleEndian: boolean, what: string): number {
    this.need(offset, 4, what);
    return this.view.getUint32(offset, littleEndian);
  }
  i32(offset: number, littleEndian: boolean, what: string): number {
    this.need(offset, 4, what);
    return this.view.getInt32(offset, littleEndian);
  }
  f32(offset: number, littleEndian: boolean, what: string): number {
    this.need(offset, 4, what);
    return this.view.getFloat32(offset, littleEndian);
  }
  f64(offset: number, littleEndian: boolean, what: string): number {
    this.need(offset, 8, what);
    return this.view.getFloat64(offset, littleEndian);
  }

  /**
   * A string stored as a length byte and then that many characters, one byte each (`bytesPerChar` 1) or
   * UTF-16LE (2); '' when the offset is past the end (headers of older files are shorter).
   */
  pascalString(offset: number, bytesPerChar: 1 | 2): string {
    if (offset >= this.length) return '';
    const count = this.view.getUint8(offset);
    const end = Math.min(this.length, offset + 1 + count * bytesPerChar);
    let text = '';
    for (let at = offset + 1; at + bytesPerChar <= end; at += bytesPerChar) {
      const code = bytesPerChar === 1 ? this.view.getUint8(at) : this.view.getUint16(at, true);
      if (code === 0) break;
      text += String.fromCharCode(code);
    }
    return text.trim();
  }

  /** An ASCII string of at most `size` bytes that ends at its first NUL ('' past the end of the file). */
  asciiz(offset: number, size: number): string {
    let text = '';
    for (let at = offset; at < Math.min(this.length, offset + size); at++) {
      const code = this.view.getUint8(at);
      if (code === 0) break;
      text += String.fromCharCode(code);
    }
    return text;
  }

  corrupt(message: string): ChromatogramFileError {
    return new ChromatogramFileError('vendor_corrupt', `${this.format}: ${message}`);
  }
}
