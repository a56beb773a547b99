// Storing an import: the template it is processed with, each channel processed before anything is written,
// then its measurement, signal, audit entry and first result, in one transaction or (an import job)
// statement by statement.
import type { Chromatogram } from '@eluent/signal';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../errors.ts';
import type { ResultsRepository } from '../../repositories/results.ts';
import type { MeasurementRow, RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SequencesRepository } from '../../repositories/sequences.ts';
import { writeAudit } from '../../repositories/audit.ts';
import { insertVendorPeakTable } from '../../repositories/vendor-peak-tables.ts';
import type { Database, RowOwner } from '../../db/schema.ts';
import { snapshotOf, type ResultsService } from './results.ts';
import { fileNotesOf } from './uploaded-files.ts';

/** Points per stored chunk of an imported signal, the size device chunks have. */
const IMPORT_CHUNK_POINTS = 5000;

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

/** A channel read and with the processing core: its signal can be stored while its result is made. */
export interface PreparedChannel {
  chromatogram: Chromatogram;
  signalUnit: string;
  /** The result to store after the signal; rejects when the signal cannot be processed. */
  prepared: Promise<Awaited<ReturnType<ResultsService['prepare']>>>;
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

export interface ImportStorageDependencies {
  results: ResultsRepository;
  runs: RunsRepository;
  sequences: SequencesRepository;
  processing: ResultsService;
}

export function createImportStorage({ results, runs, sequences, processing }: ImportStorageDependencies) {
  const { db } = results;

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

  /**
   * Hands a channel to the processing core and answers once nothing but the processing is left (the
   * template's blank and components are read): its signal may be stored while it is processed.
   */
  async function startChannel(
    owner: RowOwner,
    chromatogram: Chromatogram,
    template: Awaited<ReturnType<typeof templateOf>>,
  ): Promise<PreparedChannel> {
    const signalUnit = chromatogram.signalUnit || 'mAU';
    const { prepared } = await processing.startPrepare(
      { timeSec: chromatogram.timeSec, values: chromatogram.values, unit: signalUnit },
      { snapshot: snapshotOf(template), templateUuid: template?.uuid ?? null, createdBy: owner.userId },
      null,
    );
    return { chromatogram, signalUnit, prepared };
  }

  /** A channel processed before anything is stored (a run's channels, an import job's phases). */
  async function prepareChannel(
    owner: RowOwner,
    chromatogram: Chromatogram,
    template: Awaited<ReturnType<typeof templateOf>>,
  ): Promise<PreparedChannel> {
    const channel = await startChannel(owner, chromatogram, template);
    await channel.prepared;
    return channel;
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
    return processing.store(trx, inserted, await channel.prepared);
  }

  return { writeImport, templateOf, startChannel, prepareChannel, storeChannel };
}

export type ImportStorage = ReturnType<typeof createImportStorage>;
