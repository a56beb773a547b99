// Imports: an uploaded chromatogram file or vendor run folder, or a chromatogram the CLI read itself, stored
// and processed like any other measurement.
import { readAiaTimestamp, type Chromatogram, type VendorRun } from '@eluent/signal';
import { AppError } from '../../errors.ts';
import type { Transaction } from 'kysely';
import type { Database, RowOwner } from '../../db/schema.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';
import { runOfUploads, type Upload } from './run-archive.ts';
import type { SignalWorkers } from './signal-workers.ts';
import type { ResultsRepository } from '../../repositories/results.ts';
import type { ImportHooks, ImportStorage, PreparedChannel } from './import-storage.ts';
import { readUploadedRun, refusedFile } from './uploaded-files.ts';
import type { ReadAnswer } from './signal-work.ts';
import type { ReceivedUploads } from './upload-parts.ts';

/** A file's name without the folders of its path. */
const baseName = (path: string) => path.split(/[\\/]/).pop() || 'import';

export interface FileImportDependencies {
  storage: ImportStorage;
  /** Where uploaded files are read. */
  work: SignalWorkers;
  /** The most points an imported file may hold. */
  maxImportPoints: number;
  results: ResultsRepository;
}

export function createFileImports(deps: FileImportDependencies) {
  const { work, maxImportPoints } = deps;
  const { writeImport, templateOf, startChannel, prepareChannel, storeChannel } = deps.storage;

  /**
   * Stores an uploaded chromatogram and processes it with the given template (or the default one). The
   * file is read and processed in a worker thread; `bytes` are handed to it and unusable afterwards.
   */
  async function importFile(
    actor: Actor,
    fileName: string,
    bytes: Uint8Array,
    templateUuid: string | null,
    hooks?: ImportHooks,
  ) {
    requireRole(actor, 'measurements.import');
    return importRead(actor, fileName, await work.read(bytes, maxImportPoints), templateUuid, hooks);
  }

  /** Stores a file the reader has read (or refused), as `importFile` does. */
  async function importRead(
    actor: Actor,
    fileName: string,
    answer: ReadAnswer,
    templateUuid: string | null,
    hooks?: ImportHooks,
  ) {
    if (!answer.ok) throw refusedFile(answer.refusal, answer.message);
    await hooks?.read(answer.chromatogram.values.length);
    return importChromatogram(actor, fileName, answer.chromatogram, templateUuid, hooks);
  }

  /** Stores what a request carried (upload-parts.ts): the CSV read as it arrived, else the files. */
  async function importReceived(
    actor: Actor,
    received: ReceivedUploads,
    templateUuid: string | null,
    runName?: string,
    hooks?: ImportHooks,
  ) {
    requireRole(actor, 'measurements.import');
    const { streamed } = received;
    if (!streamed) return importUploads(actor, received.uploads, templateUuid, runName, hooks);
    return importRead(actor, baseName(streamed.name), await streamed.answer, templateUuid, hooks);
  }

  /** Refuses a template that is not the workspace's, before an import job is queued for it. */
  async function checkTemplate(owner: RowOwner, templateUuid: string | null): Promise<void> {
    await templateOf(owner, templateUuid);
  }

  /**
   * Stores what was uploaded: a run folder (a zip of a .D or .raw folder, or its files dropped together)
   * as one measurement per channel, else the single chromatogram file.
   */
  async function importUploads(
    actor: Actor,
    uploads: Upload[],
    templateUuid: string | null,
    runName?: string,
    hooks?: ImportHooks,
  ) {
    requireRole(actor, 'measurements.import');
    const run = runOfUploads(uploads, runName);
    if (run) {
      const read = readUploadedRun(run.files);
      await hooks?.read(read.channels.reduce((sum, channel) => sum + channel.chromatogram.values.length, 0));
      return importRun(actor, run.name, read, templateUuid, hooks);
    }
    const [upload] = uploads;
    if (!upload || uploads.length > 1) {
      throw AppError.validation({ file: ['Send one chromatogram file, or the files of one run folder'] });
    }
    return importFile(actor, baseName(upload.name), upload.bytes, templateUuid, hooks);
  }

  /**
   * Stores a chromatogram already read (the CLI reads large files itself) and processes it. The typed
   * arrays are stored chunk by chunk and processed as they are, so a long trace is never copied whole into
   * plain arrays.
   */
  async function importChromatogram(
    owner: RowOwner,
    fileName: string,
    chromatogram: Chromatogram,
    templateUuid: string | null,
    hooks?: ImportHooks,
  ) {
    if (chromatogram.values.length < 3) throw AppError.domain(400, 'measurement_file_no_data');
    const template = await templateOf(owner, templateUuid);
    // The signal is stored while a worker thread processes it, in one transaction with the measurement and
    // its result, so a failure (processing's too) leaves nothing behind (docs/architecture.md
    // "Transactions"). A job is processed first, so its phases mean what they say; it writes statement by
    // statement and removes what it stored on failure (storeChannel).
    const prepared = hooks
      ? await prepareChannel(owner, chromatogram, template)
      : await startChannel(owner, chromatogram, template);
    await hooks?.storing();
    // The file's own sample name and injection time, as a vendor run keeps them (docs/formats.md).
    const sampleName = chromatogram.metadata.sample_name?.trim();
    return writeImport(hooks, async (trx) => {
      const stored = await storeChannel(trx, owner, prepared, {
        name: sampleName && sampleName !== fileName ? `${sampleName} (${fileName})` : fileName,
        metadata: { ...chromatogram.metadata, file_name: fileName },
        channelOfId: null,
        channelName: null,
        acquiredAt: readAiaTimestamp(chromatogram.metadata.injection_date_time_stamp),
        hooks,
      });
      return {
        measurement_id: stored.measurementId,
        result_id: stored.resultId,
        points_count: stored.points,
        dropouts: stored.dropouts,
        notes: stored.notes,
      };
    });
  }

  /**
   * Stores a whole vendor run (an Agilent .D or Waters .raw folder, read by `readUploadedRun`) as one
   * measurement per channel: the first stands for the run, the others point at it (migration 0022). Every
   * channel is read and processed before anything is written, and all are stored in one transaction.
   */
  async function importRun(
    owner: RowOwner,
    runName: string,
    run: VendorRun,
    templateUuid: string | null,
    hooks?: ImportHooks,
  ) {
    const template = await templateOf(owner, templateUuid);
    const channels = run.channels.filter((channel) => channel.chromatogram.values.length >= 3);
    if (channels.length === 0) throw AppError.domain(400, 'measurement_file_no_data');
    const prepared: PreparedChannel[] = [];
    for (const channel of channels)
      prepared.push(await prepareChannel(owner, channel.chromatogram, template));
    await hooks?.storing();
    return writeImport(hooks, (trx) =>
      storeRun(deps, trx, { owner, runName, run, channels, prepared, hooks }),
    );
  }

  return { import: importFile, checkTemplate, importUploads, importReceived, importChromatogram, importRun };
}

/** A vendor run's channels and what was read of them, to store. */
interface RunToStore {
  owner: RowOwner;
  runName: string;
  run: VendorRun;
  channels: VendorRun['channels'];
  prepared: PreparedChannel[];
  hooks: ImportHooks | undefined;
}

/** Stores every channel of a run (the first stands for the run) and the run's spectra with the first. */
async function storeRun(
  deps: FileImportDependencies,
  trx: Transaction<Database> | null,
  { owner, runName, run, channels, prepared, hooks }: RunToStore,
) {
  const { storeChannel } = deps.storage;
  const { results } = deps;
  const { db } = results;
  const sampleName = run.metadata.sample_name;
  const name = sampleName ? `${sampleName} (${runName})` : runName;
  const acquiredAt = run.metadata.acquired_at ? new Date(`${run.metadata.acquired_at}Z`) : null;
  const stored = [];
  let runId: number | null = null;
  for (const [index, channel] of channels.entries()) {
    const entry = await storeChannel(trx, owner, prepared[index]!, {
      name,
      metadata: {
        file_name: `${runName}/${channel.fileName}`,
        run_name: runName,
        vendor: run.vendor,
        ...run.metadata,
      },
      channelOfId: runId,
      channelName: channel.name,
      acquiredAt,
      hooks,
    });
    runId ??= entry.measurementId;
    stored.push({ ...entry, name: channel.name });
  }
  // The diode-array spectra stay with the measurement that stands for the run (docs/formats.md "Spectra").
  for (const { fileName, cube } of run.spectra) {
    await results.insertSpectra(trx ?? db, runId!, {
      fileName,
      unit: cube.signalUnit,
      timeSec: cube.timeSec,
      wavelengthNm: cube.wavelengthNm,
      absorbance: cube.absorbance,
    });
  }
  const first = stored[0]!;
  return {
    measurement_id: first.measurementId,
    result_id: first.resultId,
    points_count: first.points,
    dropouts: first.dropouts,
    notes: first.notes,
    channels: stored.map((entry) => ({
      measurement_id: entry.measurementId,
      result_id: entry.resultId,
      name: entry.name,
      points_count: entry.points,
    })),
  };
}
