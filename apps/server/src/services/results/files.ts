// Measurement files: the stored signal as JSON, CSV or AIA/ANDI netCDF (with the newest peak table), and
// import of an AIA or CSV chromatogram, or of a vendor run folder (one measurement per channel), processed
// like any other measurement. Each group of use cases has its own file; this service composes them.
import { AppError } from '../../errors.ts';
import type { ResultsRepository } from '../../repositories/results.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SequencesRepository } from '../../repositories/sequences.ts';
import type { ResultsService } from './results.ts';
import { inThreadSignalWork, type SignalWorkers } from './signal-workers.ts';
import { createFileExports } from './file-exports.ts';
import { createFileImports } from './file-imports.ts';
import { createImportStorage } from './import-storage.ts';
import { createRunSpectra } from './run-spectra.ts';
import { receiveUploads, type StreamWatch, type UploadPart } from './upload-parts.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';

export type { SpectrumBaseline } from './run-spectra.ts';
export type { ImportHooks } from './import-storage.ts';
export { fileNotesOf, readUploadedChromatogram, readUploadedRun } from './uploaded-files.ts';

/** The most points an imported file may hold when not configured (ELUENT_IMPORT_MAX_POINTS). */
export const DEFAULT_MAX_IMPORT_POINTS = 20_000_000;
/** The largest imported file when not configured (ELUENT_IMPORT_MAX_BYTES). */
export const DEFAULT_MAX_IMPORT_BYTES = 512 * 1024 * 1024;

export function createFilesService(deps: {
  results: ResultsRepository;
  runs: RunsRepository;
  sequences: SequencesRepository;
  processing: ResultsService;
  /** Where uploaded files are read: the worker threads in the server (signal-workers.ts). */
  work?: SignalWorkers;
  /** The most points an imported file may hold (ELUENT_IMPORT_MAX_POINTS). */
  maxImportPoints?: number;
  /** The largest file an import accepts, in bytes (ELUENT_IMPORT_MAX_BYTES). */
  maxImportBytes?: number;
}) {
  const maxImportBytes = deps.maxImportBytes ?? DEFAULT_MAX_IMPORT_BYTES;
  const work = deps.work ?? inThreadSignalWork;
  const maxImportPoints = deps.maxImportPoints ?? DEFAULT_MAX_IMPORT_POINTS;
  const imports = createFileImports({
    storage: createImportStorage(deps),
    work,
    maxImportPoints,
    results: deps.results,
  });
  /** The refusal of an upload over `maxImportBytes`. */
  const fileTooLarge = () =>
    AppError.domain(413, 'measurement_file_too_large', { max_bytes: maxImportBytes });
  /** An import request's parts, a lone CSV read as it arrives (`onStream`: its job, if it has one). */
  const receive = (
    parts: AsyncIterable<UploadPart>,
    onStream?: (name: string) => Promise<StreamWatch | null>,
  ) => receiveUploads(parts, { work, maxPoints: maxImportPoints, tooLarge: fileTooLarge, onStream });
  return {
    /** The largest file `import` accepts, for the upload's own limit. */
    maxImportBytes,
    fileTooLarge,
    receive,

    /** Imports what a request's parts carry, answered once stored (the synchronous import). */
    async importParts(actor: Actor, parts: AsyncIterable<UploadPart>) {
      requireRole(actor, 'measurements.import');
      const received = await receive(parts);
      const { template_uuid: templateUuid, run_name: runName } = received.fields;
      return imports.importReceived(actor, received, templateUuid ?? null, runName);
    },
    ...createFileExports(deps),
    ...imports,
    ...createRunSpectra(deps),
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
