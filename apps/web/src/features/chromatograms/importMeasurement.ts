// What an upload to POST /api/measurements/import/ sends as multipart (importJobsApi.ts): a chromatogram
// file (AIA/ANDI .cdf, CSV, an Agilent .ch), a zip of a run folder (.D, .raw), or the files of a run folder
// picked or dropped whole, each part named by its path in the folder ("brown.D/dad1A.ch") so the server
// knows the run (docs/formats.md).

/** A file and the path it had in the dropped or picked folder (`webkitRelativePath`), when it came in one. */
export interface ImportFile {
  file: File;
  path?: string;
}

/** The name of each uploaded part: the file's path in its folder, else its own name. */
export function importPartName({ file, path }: ImportFile): string {
  // `webkitRelativePath` is '' for a file not picked in a folder (and absent outside browsers).
  const fromFolder: unknown = file.webkitRelativePath;
  const relative = (path ?? (typeof fromFolder === 'string' ? fromFolder : '')).replace(/^\/+/, '');
  return relative === '' ? file.name : relative;
}

/**
 * The files the vendor readers use, the server's rule in `run-archive.ts`: signals (`.ch`), spectra (`.uv`)
 * and a Waters folder's tables and header. A run folder holds much else (methods, logs, registers) that would
 * only lengthen the upload and could pass the server's limit of parts.
 */
const RUN_FILE = /\.(ch|uv)$|(^|\/)(_CHRO\d{3}\.DAT|_CHROMS\.INF|_HEADER\.TXT)$/i;

/** What to send of the files picked or dropped: a folder's files the readers use; a single file as it is. */
export function filesToImport(files: readonly ImportFile[]): ImportFile[] {
  if (files.length <= 1) return [...files];
  const run = files.filter((item) => RUN_FILE.test(importPartName(item)));
  return run.length > 0 ? run : [...files];
}
