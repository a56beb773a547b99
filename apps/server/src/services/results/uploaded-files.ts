// Uploaded files read into chromatograms or vendor runs; a file the readers refuse is a catalogued error.
import {
  ChromatogramFileError,
  readChromatogram,
  readVendorRun,
  type Chromatogram,
  type RunFile,
  type VendorRun,
} from '@eluent/signal';
import type { DomainErrorCode } from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import type { ReadRefusal } from './signal-work.ts';

const fileErrorCodes: Record<ReadRefusal, DomainErrorCode> = {
  empty: 'measurement_file_empty',
  not_aia: 'measurement_file_not_aia',
  truncated: 'measurement_file_truncated',
  netcdf4: 'measurement_file_netcdf4',
  binary: 'measurement_file_binary',
  no_data: 'measurement_file_no_data',
  csv: 'measurement_file_csv_invalid',
  invalid: 'measurement_file_invalid',
  too_many_points: 'measurement_file_too_many_points',
  vendor_version: 'measurement_file_vendor_version',
  vendor_corrupt: 'measurement_file_vendor_corrupt',
};

/** A file the reader refused, as its catalogued domain error (413 for one over the points limit). */
export function refusedFile(refusal: ReadRefusal, message: string): AppError {
  if (refusal === 'invalid') return AppError.domain(400, 'measurement_file_invalid');
  return AppError.domain(refusal === 'too_many_points' ? 413 : 400, fileErrorCodes[refusal], {
    reason: message,
  });
}

/**
 * Reads an uploaded file; a file the readers refuse is a catalogued domain error whose `reason` is the
 * reader's one-line message (e.g. the CSV line that cannot be read).
 */
export function readUploadedChromatogram(bytes: Uint8Array): Chromatogram {
  let chromatogram: Chromatogram;
  try {
    chromatogram = readChromatogram(bytes);
  } catch (error) {
    if (error instanceof ChromatogramFileError) throw refusedFile(error.kind, error.message);
    throw AppError.domain(400, 'measurement_file_invalid');
  }
  if (chromatogram.values.length < 3) throw AppError.domain(400, 'measurement_file_no_data');
  return chromatogram;
}

/**
 * Reads the files of an uploaded run folder; a file the readers refuse is a catalogued domain error whose
 * `reason` starts with the file's name.
 */
export function readUploadedRun(files: RunFile[]): VendorRun {
  try {
    return readVendorRun(files);
  } catch (error) {
    if (error instanceof ChromatogramFileError) {
      throw AppError.domain(400, fileErrorCodes[error.kind], { reason: error.message });
    }
    throw AppError.domain(400, 'measurement_file_invalid');
  }
}

/** What the reader bridged and skipped, stored with the measurement and shown with its details. */
export function fileNotesOf(chromatogram: Chromatogram) {
  const dropouts = chromatogram.dropouts ?? { count: 0, rangeCount: 0, bridgedRanges: [] };
  return { dropouts, notes: chromatogram.notes ?? [] };
}
