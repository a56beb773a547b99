/**
 * Why a file could not be read as a chromatogram. Callers map `kind` onto their own messages (the server
 * onto the error catalogue); `message` is one line naming the problem, never a runtime's internal text.
 */
export type ChromatogramFileErrorKind =
  | 'empty'
  | 'not_aia'
  | 'truncated'
  | 'netcdf4'
  | 'binary'
  | 'csv'
  | 'no_data'
  /** A vendor file of a format or file version the readers do not know; the message names what was found. */
  | 'vendor_version'
  /** A vendor file whose structure is inconsistent or cut short; the message names the part. */
  | 'vendor_corrupt';

export class ChromatogramFileError extends Error {
  readonly kind: ChromatogramFileErrorKind;
  constructor(kind: ChromatogramFileErrorKind, message: string) {
    super(message);
    this.name = 'ChromatogramFileError';
    this.kind = kind;
  }
}
