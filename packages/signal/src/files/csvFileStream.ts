// An uploaded chromatogram file read as its bytes arrive, when it is text (a CSV): refused as
// `readChromatogram` refuses the same bytes (an empty file, a binary one), else read by the streaming CSV
// reader in bounded memory. AIA/netCDF-3 and netCDF-4 files need their whole bytes (`readsWhole`).
import type { Chromatogram } from './chromatogram.ts';
import { CsvStreamReader, type CsvStreamOptions } from './csvStream.ts';
import { ChromatogramFileError } from './fileError.ts';
import { looksBinary } from './textCodec.ts';

/** Bytes of a file's start that say how it is read: the longest magic number `readsWhole` looks for. */
export const FILE_MAGIC_BYTES = 4;

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);

/** The file's first bytes name a format read whole (netCDF-3 `CDF`, netCDF-4/HDF5), not a text. */
export function readsWhole(head: Uint8Array): boolean {
  return startsWith(head, 0x43, 0x44, 0x46) || startsWith(head, 0x89, 0x48, 0x44, 0x46);
}

export function binaryFileError(): ChromatogramFileError {
  return new ChromatogramFileError(
    'binary',
    'Not a valid AIA file, and not CSV text: the file is binary; export the chromatogram as AIA (.cdf) or CSV',
  );
}

export class CsvFileStream {
  private readonly csv: CsvStreamReader;
  /** The first bytes, held until there are two (a UTF-16 byte-order mark). */
  private head: Uint8Array | null = new Uint8Array(0);
  private utf16 = false;
  /** The last byte so far was a DOS end-of-file (0x1A): text only if nothing follows it. */
  private endOfFileByte = false;

  constructor(options: CsvStreamOptions = {}) {
    this.csv = new CsvStreamReader(options);
  }

  /** Reads the next bytes. @throws ChromatogramFileError, TooManyPointsError */
  push(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    if (this.head) {
      const joined = new Uint8Array(this.head.length + bytes.length);
      joined.set(this.head);
      joined.set(bytes, this.head.length);
      if (joined.length < 2) {
        this.head = joined;
        return;
      }
      this.head = null;
      this.utf16 = startsWith(joined, 0xff, 0xfe) || startsWith(joined, 0xfe, 0xff);
      bytes = joined;
    }
    if (!this.utf16) {
      if (this.endOfFileByte || looksBinary(bytes)) throw binaryFileError();
      this.endOfFileByte = bytes[bytes.length - 1] === 0x1a;
    }
    this.csv.push(bytes);
  }

  /** The chromatogram, once every byte was pushed. @throws ChromatogramFileError */
  end(): Chromatogram {
    if (this.head) {
      if (this.head.length === 0) throw new ChromatogramFileError('empty', 'The file is empty');
      const last = this.head;
      // One byte: no byte-order mark; it is text or binary as `readChromatogram` finds it.
      this.head = null;
      if (looksBinary(last)) throw binaryFileError();
      this.csv.push(last);
    }
    return this.csv.end();
  }
}
