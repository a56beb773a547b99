// An uploaded run folder: a zip of an Agilent .D or Waters .raw folder, or the folder's files dropped
// together (the browser's directory upload). Only the files the vendor readers use are taken out of an
// archive, each checked against a size limit before it is inflated.
import { isVendorRun, type RunFile } from '@eluent/signal';
import { unzipSync } from 'fflate';
import { AppError } from '../../errors.ts';

export interface Upload {
  name: string;
  bytes: Uint8Array;
}

/** Largest file inflated from an archive, and largest total: a run's signals are a few MB. */
const MAX_INFLATED_FILE_BYTES = 256 * 1024 * 1024;
const MAX_INFLATED_TOTAL_BYTES = 512 * 1024 * 1024;

export const RUN_FILE = /\.(ch|uv)$|(^|\/)(_CHRO\d{3}\.DAT|_CHROMS\.INF|_HEADER\.TXT)$/i;
const RUN_FOLDER = /([^/\\]+\.(d|raw))[/\\]/i;

export const isZip = (upload: Upload) =>
  /\.zip$/i.test(upload.name) ||
  (upload.bytes[0] === 0x50 &&
    upload.bytes[1] === 0x4b &&
    upload.bytes[2] === 0x03 &&
    upload.bytes[3] === 0x04);

function unzip(upload: Upload): RunFile[] {
  let total = 0;
  let oversized = '';
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(upload.bytes, {
      filter(file) {
        if (!RUN_FILE.test(file.name) || file.name.includes('__MACOSX')) return false;
        total += file.originalSize;
        if (file.originalSize > MAX_INFLATED_FILE_BYTES || total > MAX_INFLATED_TOTAL_BYTES) {
          oversized ||= file.name;
          return false;
        }
        return true;
      },
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : 'unreadable';
    throw AppError.domain(400, 'measurement_file_archive_invalid', {
      reason: `${upload.name}: the zip archive cannot be read (${detail})`,
    });
  }
  if (oversized) {
    throw AppError.domain(400, 'measurement_file_archive_invalid', {
      reason: `${upload.name}: ${oversized} is larger than a run's files can be`,
    });
  }
  return Object.entries(entries).map(([name, bytes]) => ({ name, bytes }));
}

/** The run's name: its .D or .raw folder when the paths name one, else the archive's name. */
function runNameOf(names: string[], fallback: string): string {
  for (const name of names) {
    const match = RUN_FOLDER.exec(name);
    if (match) return match[1]!;
  }
  return fallback.replace(/\.zip$/i, '') || 'import';
}

/**
 * The files of a run when the uploads are one (a zip, or several files of which some are vendor signals);
 * null for a single chromatogram file (AIA, CSV), which is imported as before.
 */
export function runOfUploads(uploads: Upload[], runName?: string): { name: string; files: RunFile[] } | null {
  if (uploads.length === 1 && isZip(uploads[0]!)) {
    const archive = uploads[0]!;
    const files = unzip(archive);
    if (!isVendorRun(files.map((file) => file.name))) {
      throw AppError.domain(400, 'measurement_file_archive_invalid', {
        reason: `${archive.name}: the archive holds no .ch, .uv or _CHROnnn.DAT file`,
      });
    }
    return {
      name:
        runName ||
        runNameOf(
          files.map((file) => file.name),
          archive.name,
        ),
      files,
    };
  }
  const names = uploads.map((upload) => upload.name);
  if (!isVendorRun(names)) return null;
  return { name: runName || runNameOf(names, 'import'), files: uploads };
}
