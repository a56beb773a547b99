// Measurement files: the stored signal as JSON, CSV or AIA/ANDI netCDF (with the newest peak table), and
// import of an AIA or CSV chromatogram, or of a vendor run folder (one measurement per channel), processed
// like any other measurement.
import {
  readAiaTimestamp,
  ChromatogramFileError,
  readChromatogram,
  readVendorRun,
  extractBand,
  spectrumAt,
  spectrumFromLimits,
  writeAia,
  writeCsv,
  type Chromatogram,
  type RunFile,
  type VendorPeak,
  type VendorRun,
} from '@eluent/signal';
import type { Kysely, Transaction } from 'kysely';
import type { DomainErrorCode } from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import type { PeakRow, ResultsRepository } from '../../repositories/results.ts';
import type { MeasurementRow, RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SequencesRepository } from '../../repositories/sequences.ts';
import { writeAudit } from '../../repositories/audit.ts';
import { insertVendorPeakTable, vendorPeakTable } from '../../repositories/vendor-peak-tables.ts';
import { vendorComparisonOf } from './vendor-comparison.ts';
import { snapshotOf, type ResultsService } from './results.ts';
import { runOfUploads, type Upload } from './run-archive.ts';
import { asmDocumentOf } from './asm-export.ts';
import type { Database, RowOwner } from '../../db/schema.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';
import type { ReadRefusal } from './signal-work.ts';
import { inThreadSignalWork, type SignalWorkers } from './signal-workers.ts';

/** How a spectrum is baseline-corrected: not, against one time, or from a peak's start and end. */
export type SpectrumBaseline =
  { kind: 'reference'; referenceSec?: number } | { kind: 'limits'; startSec: number; endSec: number };

type SpectrumCubeData = Awaited<ReturnType<ResultsRepository['spectra']>>[number];

/** Points per stored chunk of an imported signal, the size device chunks have. */
const IMPORT_CHUNK_POINTS = 5000;

/** The most points an imported file may hold when not configured (ELUENT_IMPORT_MAX_POINTS). */
export const DEFAULT_MAX_IMPORT_POINTS = 20_000_000;
/** The largest imported file when not configured (ELUENT_IMPORT_MAX_BYTES). */
export const DEFAULT_MAX_IMPORT_BYTES = 512 * 1024 * 1024;

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
function refusedFile(refusal: ReadRefusal, message: string): AppError {
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

/** What the reader bridged and skipped, stored with the measurement and shown with its details. */
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

export function fileNotesOf(chromatogram: Chromatogram) {
  const dropouts = chromatogram.dropouts ?? { count: 0, rangeCount: 0, bridgedRanges: [] };
  return { dropouts, notes: chromatogram.notes ?? [] };
}

function vendorPeak(peak: PeakRow): VendorPeak {
  return {
    name: peak.name ?? '',
    retentionTimeSec: peak.retention_time_sec,
    startSec: peak.start_sec,
    endSec: peak.end_sec,
    width: peak.width_half_sec,
    area: peak.area,
    areaPercent: peak.area_percent,
    height: peak.height,
    heightPercent: peak.height_percent,
    amount: peak.amount,
    baselineStartSec: peak.start_sec,
    baselineStartValue: peak.baseline_start,
    baselineStopSec: peak.end_sec,
    baselineStopValue: peak.baseline_end,
    startCode: 'B',
    stopCode: 'B',
  };
}

/**
 * What an import job hears while an import runs (import-jobs.ts). Each may reject to stop the import; the
 * job then removes the measurements it was told were created.
 */
export interface ImportHooks {
  /** The file(s) were read: their points, before processing. */
  read(pointsTotal: number): Promise<void>;
  /** Processed; storing begins. */
  storing(): Promise<void>;
  /** A measurement row was inserted (a job removes it if the import does not finish). */
  created(measurementId: number): Promise<void>;
  /** One statement of signal rows written with `db`. */
  stored(db: Kysely<Database>, points: number): Promise<void>;
}

/** A channel read and processed, ready to store. */
interface PreparedChannel {
  chromatogram: Chromatogram;
  signalUnit: string;
  prepared: Awaited<ReturnType<ResultsService['prepare']>>;
}

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
  const { results, runs, sequences, processing } = deps;
  const work = deps.work ?? inThreadSignalWork;
  const maxImportPoints = deps.maxImportPoints ?? DEFAULT_MAX_IMPORT_POINTS;
  const maxImportBytes = deps.maxImportBytes ?? DEFAULT_MAX_IMPORT_BYTES;
  const { db } = results;

  async function owned(workspaceId: number, measurementId: number) {
    const measurement = await runs.measurement(measurementId);
    if (!measurement || measurement.workspace_id !== workspaceId)
      throw AppError.domain(404, 'measurement_not_found');
    return measurement;
  }

  return {
    /** The largest file `import` accepts, for the upload's own limit. */
    maxImportBytes,

    /** The refusal of an upload over `maxImportBytes`. */
    fileTooLarge(): AppError {
      return AppError.domain(413, 'measurement_file_too_large', { max_bytes: maxImportBytes });
    },

    /** The signal of a measurement of `workspaceId` (a member's current one, or a share token's). */
    async data(workspaceId: number, measurementId: number) {
      const measurement = await owned(workspaceId, measurementId);
      const signal = await results.signal(measurementId);
      return { measurement, timeSec: signal.timeSec, signal: signal.signal, unit: measurement.signal_unit };
    },

    async csv(workspaceId: number, measurementId: number): Promise<string> {
      const { timeSec, signal, unit } = await this.data(workspaceId, measurementId);
      return writeCsv({
        timeSec: Float64Array.from(timeSec),
        values: Float64Array.from(signal),
        signalUnit: unit,
      });
    },

    /**
     * The measurement as an AIA file. Its peak table is the current result's, or with `peakTable: 'vendor'`
     * the vendor's table of the imported file as it came (404 when the file had none).
     */
    async cdf(
      workspaceId: number,
      measurementId: number,
      peakTable: 'result' | 'vendor' = 'result',
    ): Promise<Uint8Array> {
      const { measurement, timeSec, signal, unit } = await this.data(workspaceId, measurementId);
      return writeAia(
        {
          timeSec: Float64Array.from(timeSec),
          values: Float64Array.from(signal),
          signalUnit: unit,
          metadata: { sample_name: measurement.name },
          peakTable: peakTable === 'vendor' ? await storedVendorTable(measurementId) : await resultTable(),
        },
        { date: measurement.created_at },
      );
      async function resultTable() {
        const [latest] = await results.latestResults([measurementId]);
        return (latest ? await results.peaks([latest.id]) : []).map(vendorPeak);
      }
    },

    /** The current result beside the vendor's peak table of the imported file; 404 when it had none. */
    async vendorComparison(workspaceId: number, measurementId: number) {
      const measurement = await owned(workspaceId, measurementId);
      const table = await storedVendorTable(measurementId);
      const [current] = await results.latestResults([measurementId]);
      const peaks = current ? await results.peaks([current.id]) : [];
      return vendorComparisonOf(measurement, current, peaks, table);
    },

    /** The measurement as an ASM liquid-chromatography document with its current result's peaks. */
    async asm(workspaceId: number, measurementId: number): Promise<Record<string, unknown>> {
      const measurement = await owned(workspaceId, measurementId);
      const signal = await results.signal(measurementId);
      const [current] = await results.latestResults([measurementId]);
      const peaks = current ? await results.peaks([current.id]) : [];
      return asmDocumentOf(measurement, signal, current, peaks);
    },

    /**
     * Stores an uploaded chromatogram and processes it with the given template (or the default one). The
     * file is read and processed in a worker thread; `bytes` are handed to it and unusable afterwards.
     */
    async import(
      actor: Actor,
      fileName: string,
      bytes: Uint8Array,
      templateUuid: string | null,
      hooks?: ImportHooks,
    ) {
      requireRole(actor, 'measurements.import');
      const answer = await work.read(bytes, maxImportPoints);
      if (!answer.ok) throw refusedFile(answer.refusal, answer.message);
      await hooks?.read(answer.chromatogram.values.length);
      return this.importChromatogram(actor, fileName, answer.chromatogram, templateUuid, hooks);
    },

    /** Refuses a template that is not the workspace's, before an import job is queued for it. */
    async checkTemplate(owner: RowOwner, templateUuid: string | null): Promise<void> {
      await templateOf(owner, templateUuid);
    },

    /**
     * Stores what was uploaded: a run folder (a zip of a .D or .raw folder, or its files dropped together)
     * as one measurement per channel, else the single chromatogram file.
     */
    async importUploads(
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
        await hooks?.read(
          read.channels.reduce((sum, channel) => sum + channel.chromatogram.values.length, 0),
        );
        return this.importRun(actor, run.name, read, templateUuid, hooks);
      }
      const [upload] = uploads;
      if (!upload || uploads.length > 1) {
        throw AppError.validation({ file: ['Send one chromatogram file, or the files of one run folder'] });
      }
      const name = upload.name.split(/[\\/]/).pop() || 'import';
      return this.import(actor, name, upload.bytes, templateUuid, hooks);
    },

    /**
     * Stores a chromatogram already read (the CLI reads large files itself) and processes it. The typed
     * arrays are stored chunk by chunk and processed as they are, so a long trace is never copied whole into
     * plain arrays.
     */
    async importChromatogram(
      owner: RowOwner,
      fileName: string,
      chromatogram: Chromatogram,
      templateUuid: string | null,
      hooks?: ImportHooks,
    ) {
      if (chromatogram.values.length < 3) throw AppError.domain(400, 'measurement_file_no_data');
      const template = await templateOf(owner, templateUuid);
      const prepared = await prepareChannel(owner, chromatogram, template);
      await hooks?.storing();
      // Processed before anything is written; then the measurement, its signal and its result are stored in
      // one transaction, so a failure leaves nothing behind (docs/architecture.md "Transactions"); a job
      // writes statement by statement and removes what it stored on failure (storeChannel).
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
    },

    /**
     * Stores a whole vendor run (an Agilent .D or Waters .raw folder, read by `readUploadedRun`) as one
     * measurement per channel: the first stands for the run, the others point at it (migration 0022). Every
     * channel is read and processed before anything is written, and all are stored in one transaction.
     */
    async importRun(
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
      const sampleName = run.metadata.sample_name;
      const name = sampleName ? `${sampleName} (${runName})` : runName;
      const acquiredAt = run.metadata.acquired_at ? new Date(`${run.metadata.acquired_at}Z`) : null;
      return writeImport(hooks, async (trx) => {
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
      });
    },

    /**
     * The diode-array spectrum of the measurement's run recorded nearest to `timeSec`, baseline-corrected as
     * asked: minus the one nearest to a reference time, or minus the straight line between the spectra at a
     * peak's start and end (`spectrumFromLimits`). Any channel of the run answers for the run's spectra; a
     * measurement without spectra is 404.
     */
    async spectrum(workspaceId: number, measurementId: number, timeSec: number, baseline: SpectrumBaseline) {
      const measurement = await owned(workspaceId, measurementId);
      const [cube] = await results.spectra(measurement.channel_of_id ?? measurement.id);
      if (!cube) throw AppError.domain(404, 'measurement_spectra_not_found');
      const corrected =
        baseline.kind === 'limits'
          ? limitsSpectrum(cube, timeSec, baseline.startSec, baseline.endSec)
          : { ...spectrumAt(cube, timeSec, baseline.referenceSec), referenceEndSec: null };
      return {
        time_sec: corrected.timeSec,
        reference_time_sec: corrected.referenceSec,
        reference_end_time_sec: corrected.referenceEndSec,
        wavelength_nm: Array.from(cube.wavelengthNm),
        absorbance: Array.from(corrected.absorbance),
        unit: cube.unit,
        file_name: cube.fileName,
      };
    },

    /**
     * The chromatogram of a wavelength band extracted from the run's spectra: the mean absorbance of the
     * wavelengths within ±bandwidth/2 of the centre at each spectrum's time. 422 when no wavelength of the
     * spectra lies in the band.
     */
    async band(workspaceId: number, measurementId: number, centreNm: number, bandwidthNm: number) {
      const measurement = await owned(workspaceId, measurementId);
      const [cube] = await results.spectra(measurement.channel_of_id ?? measurement.id);
      if (!cube) throw AppError.domain(404, 'measurement_spectra_not_found');
      if (!(bandwidthNm >= 0)) throw AppError.validation({ bandwidth_nm: ['must be zero or more'] });
      const width = cube.wavelengthNm.length;
      if (!cube.wavelengthNm.some((nm) => Math.abs(nm - centreNm) <= bandwidthNm / 2 + 1e-9) || width === 0) {
        throw AppError.validation({
          centre_nm: [
            `no wavelength of the spectra (${cube.wavelengthNm[0]}–${cube.wavelengthNm[width - 1]} nm) lies in the band`,
          ],
        });
      }
      const values = extractBand(cube, centreNm, bandwidthNm);
      return { time_sec: Array.from(cube.timeSec), signal: Array.from(values), unit: cube.unit };
    },

    /** The channels of the run a measurement belongs to, first channel first; one entry without channels. */
    async channels(workspaceId: number, measurementId: number) {
      const measurement = await owned(workspaceId, measurementId);
      const runId = measurement.channel_of_id ?? measurement.id;
      const rows = await runs.channelsOf(runId);
      return rows.map((row) => ({
        measurement_id: row.id,
        name: row.channel_name ?? row.name,
        unit: row.signal_unit,
      }));
    },
  };

  /** A spectrum corrected from a peak's limits, in the reference form of a one-time correction. */
  function limitsSpectrum(cube: SpectrumCubeData, timeSec: number, startSec: number, endSec: number) {
    if (!(endSec >= startSec))
      throw AppError.validation({ reference_end_sec: ['must not be before reference_sec'] });
    const corrected = spectrumFromLimits(cube, timeSec, startSec, endSec);
    return {
      timeSec: corrected.timeSec,
      referenceSec: corrected.startSec,
      referenceEndSec: corrected.endSec,
      absorbance: corrected.absorbance,
    };
  }

  async function storedVendorTable(measurementId: number) {
    const table = await vendorPeakTable(db, measurementId);
    if (!table) throw AppError.domain(404, 'measurement_vendor_table_not_found');
    return table;
  }

  /** The import's writes in one transaction, or (an import job) given no transaction to write in. */
  function writeImport<T>(
    hooks: ImportHooks | undefined,
    work: (trx: Transaction<Database> | null) => Promise<T>,
  ): Promise<T> {
    return hooks ? work(null) : db.transaction().execute(work);
  }

  async function templateOf(owner: RowOwner, templateUuid: string | null) {
    const template = templateUuid ? await sequences.template(owner.workspaceId, templateUuid) : undefined;
    if (templateUuid && !template) throw AppError.validation({ template_uuid: ['is not valid'] });
    return template;
  }

  async function prepareChannel(
    owner: RowOwner,
    chromatogram: Chromatogram,
    template: Awaited<ReturnType<typeof templateOf>>,
  ): Promise<PreparedChannel> {
    const signalUnit = chromatogram.signalUnit || 'mAU';
    const prepared = await processing.prepare(
      { timeSec: chromatogram.timeSec, values: chromatogram.values, unit: signalUnit },
      { snapshot: snapshotOf(template), templateUuid: template?.uuid ?? null, createdBy: owner.userId },
      null,
    );
    return { chromatogram, signalUnit, prepared };
  }

  /**
   * Writes one channel: the measurement row, its signal in chunks, the audit entry and its result — all in
   * `trx`, or for an import job (`trx` null) statement by statement, so the embedded database answers other
   * requests (and the job's cancel) between them: the measurement is `recording` until its last statement,
   * and the job removes what it stored if it does not finish (import-jobs.ts).
   */
  async function storeChannel(
    trx: Transaction<Database> | null,
    owner: RowOwner,
    channel: PreparedChannel,
    row: ChannelRow,
  ) {
    const { chromatogram, signalUnit } = channel;
    const { timeSec, values } = chromatogram;
    const writer = trx ?? db;
    const file = fileNotesOf(chromatogram);
    const inserted = await runs.insertMeasurement(writer, {
      owner_id: owner.userId,
      workspace_id: owner.workspaceId,
      injection_id: null,
      device_id: null,
      sample_id: null,
      name: row.name.slice(0, 200),
      source: 'import',
      state: trx ? 'complete' : 'recording',
      signal_unit: signalUnit,
      metadata: JSON.stringify({ ...chromatogram.metadata, ...row.metadata, ...file }),
    });
    const { hooks } = row;
    await hooks?.created(inserted.id);
    await results.insertSignal(
      writer,
      inserted.id,
      { timeSec, values },
      IMPORT_CHUNK_POINTS,
      hooks && ((stored) => hooks.stored(db, stored)),
    );
    const finish = (finishing: Transaction<Database>) =>
      finishChannel(finishing, owner, channel, row, inserted);
    const result = trx ? await finish(trx) : await db.transaction().execute(finish);
    return {
      measurementId: inserted.id,
      resultId: result.id,
      points: values.length,
      dropouts: file.dropouts.count,
      notes: file.notes,
    };
  }

  /** The stored channel's figures, its audit entry and its first result. */
  async function finishChannel(
    trx: Transaction<Database>,
    owner: RowOwner,
    channel: PreparedChannel,
    row: ChannelRow,
    inserted: MeasurementRow,
  ) {
    const { timeSec, values } = channel.chromatogram;
    const points = values.length;
    // The vendor's own table stays beside our results (docs/formats.md "Vendor peak tables").
    const { peakTable } = channel.chromatogram;
    if (peakTable && peakTable.length > 0) await insertVendorPeakTable(trx, inserted.id, peakTable);
    const first = timeSec[0]!;
    const last = timeSec[points - 1]!;
    await runs.updateMeasurement(trx, inserted.id, {
      state: 'complete',
      points_count: points,
      duration_sec: last - first,
      sampling_interval_sec: (last - first) / (points - 1),
      // A run keeps the time it was acquired, not the time it was imported.
      ...(row.acquiredAt
        ? { created_at: row.acquiredAt, finished_at: new Date(row.acquiredAt.getTime() + last * 1000) }
        : { finished_at: new Date() }),
      channel_of_id: row.channelOfId,
      channel_name: row.channelName,
    });
    await writeAudit(trx, {
      userId: owner.userId,
      workspaceId: owner.workspaceId,
      entity: 'measurements',
      entityId: inserted.id,
      label: inserted.name,
      action: 'import',
      newValues: {
        file_name: row.metadata.file_name,
        points,
        dropouts: fileNotesOf(channel.chromatogram).dropouts.count,
        ...(row.channelName ? { channel_name: row.channelName } : {}),
      },
    });
    return processing.store(trx, inserted, channel.prepared);
  }
}

/** The measurement row of one stored channel. */
interface ChannelRow {
  name: string;
  metadata: Record<string, string>;
  channelOfId: number | null;
  channelName: string | null;
  acquiredAt: Date | null;
  hooks?: ImportHooks | undefined;
}

export type FilesService = ReturnType<typeof createFilesService>;
