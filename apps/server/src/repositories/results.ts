// SQL for measurement signals and their processing results: chunks in order, versioned results with
// their peaks, and the calibrations of a sequence.
import { setImmediate } from 'node:timers/promises';
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { PeaksTable, ProcessingResultsTable } from '../db/domain-schema.ts';
import type { Database } from '../db/schema.ts';
import type { CalibrationsTable } from '../db/sequences-schema.ts';
import { batchesOf } from './batches.ts';
import { signalCopies } from './signal-copy.ts';
import { decodeFloat64, encodeFloat64 } from '../lib/float-bytes.ts';
import { auditSignaturesSuperseded } from './signatures.ts';

export type ResultRow = Selectable<ProcessingResultsTable>;
export type PeakRow = Selectable<PeaksTable>;
export type CalibrationRow = Selectable<CalibrationsTable>;
export type PeakValues = Omit<
  Insertable<PeaksTable>,
  'id' | 'owner_id' | 'workspace_id' | 'result_id' | 'measurement_id'
>;
type Db = Kysely<Database> | Transaction<Database>;

/** A stored signal, decoded from its chunks' bytes. */
export interface StoredSignal {
  timeSec: Float64Array;
  signal: Float64Array;
}

/**
 * Bytes of one binary COPY of signal chunks: few statements, each short enough that the embedded database
 * (which runs on the event loop) never holds it long (docs/performance.md "Imports"). The embedded database
 * is given a quarter of it (`createResultsRepository`'s `copyBytes`): a COPY of 1 MB held its event loop
 * 100–200 ms; on PostgreSQL a smaller COPY would only add round trips.
 */
export const COPY_BYTES = 1024 * 1024;

/** The current result of each measurement: the one the user picked, else the newest version. */
async function currentResults(db: Db, measurementIds: number[]): Promise<ResultRow[]> {
  if (measurementIds.length === 0) return [];
  return db
    .selectFrom('processing_results as r')
    .innerJoin('measurements as m', 'm.id', 'r.measurement_id')
    .selectAll('r')
    .distinctOn('r.measurement_id')
    .where('r.measurement_id', 'in', measurementIds)
    .orderBy('r.measurement_id')
    .orderBy(sql<boolean>`coalesce(r.id = m.current_result_id, false)`, 'desc')
    .orderBy('r.version', 'desc')
    .execute();
}

/** Result versions, their peaks and a sequence's calibrations. */
function resultVersionQueries(db: Kysely<Database>) {
  return {
    async results(measurementId: number, trx: Db = db): Promise<ResultRow[]> {
      return trx
        .selectFrom('processing_results')
        .selectAll()
        .where('measurement_id', '=', measurementId)
        .orderBy('version')
        .execute();
    },
    async resultsByIds(resultIds: number[], trx: Db = db): Promise<ResultRow[]> {
      if (resultIds.length === 0) return [];
      return trx.selectFrom('processing_results').selectAll().where('id', 'in', resultIds).execute();
    },
    /** The ids among `resultIds` that a signature covers (their versions stay as signed). */
    async signedResultIds(resultIds: number[], trx: Db = db): Promise<Set<number>> {
      if (resultIds.length === 0) return new Set();
      const rows = await trx
        .selectFrom('result_signature_items')
        .select('result_id')
        .distinct()
        .where('result_id', 'in', resultIds)
        .execute();
      return new Set(rows.map((row) => row.result_id));
    },
    async result(resultId: number, trx: Db = db): Promise<ResultRow | undefined> {
      return trx.selectFrom('processing_results').selectAll().where('id', '=', resultId).executeTakeFirst();
    },
    /** The current result of each measurement: the one the user picked, else the newest version. */
    async latestResults(measurementIds: number[], trx: Db = db): Promise<ResultRow[]> {
      return currentResults(trx, measurementIds);
    },
    /** Picks a measurement's current result; null goes back to the newest version. */
    async setCurrentResult(
      trx: Db,
      measurementId: number,
      resultId: number | null,
      userId: number | null = null,
    ): Promise<void> {
      const [before] = await currentResults(trx, [measurementId]);
      await trx
        .updateTable('measurements')
        .set({ current_result_id: resultId })
        .where('id', '=', measurementId)
        .execute();
      const [after] = await currentResults(trx, [measurementId]);
      if (before && after && before.id !== after.id)
        await auditSignaturesSuperseded(trx, before, after, userId);
    },
    async peaks(resultIds: number[], trx: Db = db): Promise<PeakRow[]> {
      if (resultIds.length === 0) return [];
      return trx
        .selectFrom('peaks')
        .selectAll()
        .where('result_id', 'in', resultIds)
        .orderBy('result_id')
        .orderBy('number')
        .execute();
    },
    async setPeakAmount(trx: Db, peakId: number, amount: number | null, unit: string | null): Promise<void> {
      await trx.updateTable('peaks').set({ amount, amount_unit: unit }).where('id', '=', peakId).execute();
    },
    async calibrations(sequenceId: number, trx: Db = db): Promise<CalibrationRow[]> {
      return trx
        .selectFrom('calibrations')
        .selectAll()
        .where('sequence_id', '=', sequenceId)
        .orderBy('analyte')
        .orderBy('bracket')
        .execute();
    },
    async replaceCalibrations(
      trx: Db,
      sequenceId: number,
      rows: Array<Omit<Insertable<CalibrationsTable>, 'id' | 'sequence_id' | 'created_at'>>,
    ): Promise<void> {
      await trx.deleteFrom('calibrations').where('sequence_id', '=', sequenceId).execute();
      const values = rows.map((row) => ({ ...row, sequence_id: sequenceId }));
      for (const batch of batchesOf(values)) await trx.insertInto('calibrations').values(batch).execute();
    },
  };
}

export function createResultsRepository(
  db: Kysely<Database>,
  /** Bytes of one binary COPY of signal rows. @default COPY_BYTES */
  copyBytes = COPY_BYTES,
) {
  return {
    db,
    async signal(measurementId: number, trx: Db = db): Promise<StoredSignal> {
      const chunks = await trx
        .selectFrom('measurement_chunks')
        .select(['time_sec', 'signal'])
        .where('measurement_id', '=', measurementId)
        .orderBy('chunk_index')
        .execute();
      return {
        timeSec: decodeFloat64(chunks.map((chunk) => chunk.time_sec)),
        signal: decodeFloat64(chunks.map((chunk) => chunk.signal)),
      };
    },
    /**
     * Stores a whole signal as chunks of `chunkPoints`, in binary COPYs of about `copyBytes` each
     * (signal-copy.ts), in the caller's transaction.
     */
    async insertSignal(
      trx: Db,
      measurementId: number,
      signal: { timeSec: Float64Array; values: Float64Array },
      chunkPoints: number,
      /** After each statement, with the points it wrote; a rejection stops the insert (an import's cancel). */
      afterStatement?: (points: number) => Promise<void>,
    ): Promise<void> {
      for (const statement of signalCopies(measurementId, signal, chunkPoints, copyBytes)) {
        await trx.executeQuery(statement.query);
        await afterStatement?.(statement.points);
        // PGlite answers through promises alone: without a turn of the event loop between statements,
        // timers, sockets and health checks would wait for the whole signal.
        await setImmediate();
      }
    },
    /** Stores a run's diode-array spectra with the measurement that stands for the run (migration 0027). */
    async insertSpectra(
      trx: Db,
      measurementId: number,
      cube: {
        fileName: string;
        unit: string;
        timeSec: Float64Array;
        wavelengthNm: Float64Array;
        absorbance: Float64Array;
      },
    ): Promise<void> {
      await trx
        .insertInto('measurement_spectra')
        .values({
          measurement_id: measurementId,
          file_name: cube.fileName,
          unit: cube.unit,
          spectra: cube.timeSec.length,
          wavelengths: cube.wavelengthNm.length,
          time_sec: encodeFloat64(cube.timeSec),
          wavelength_nm: encodeFloat64(cube.wavelengthNm),
          absorbance: encodeFloat64(cube.absorbance),
        })
        .execute();
    },
    /** The spectra stored with a run's measurement, first file first. */
    async spectra(measurementId: number, trx: Db = db) {
      const rows = await trx
        .selectFrom('measurement_spectra')
        .select(['file_name', 'unit', 'time_sec', 'wavelength_nm', 'absorbance'])
        .where('measurement_id', '=', measurementId)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        fileName: row.file_name,
        unit: row.unit,
        timeSec: decodeFloat64([row.time_sec]),
        wavelengthNm: decodeFloat64([row.wavelength_nm]),
        absorbance: decodeFloat64([row.absorbance]),
      }));
    },
    /** Inserts the next version of a measurement's result with its peaks, in the caller's transaction. */
    async insertResult(
      trx: Transaction<Database>,
      values: Omit<Insertable<ProcessingResultsTable>, 'version'>,
      peaks: PeakValues[],
    ): Promise<ResultRow> {
      // Versions are numbered per measurement; the row lock serialises concurrent writers of one measurement.
      await trx
        .selectFrom('measurements')
        .select('id')
        .where('id', '=', values.measurement_id)
        .forUpdate()
        .execute();
      const [replaced] = await currentResults(trx, [values.measurement_id]);
      const { next } = await trx
        .selectFrom('processing_results')
        .select(sql<number>`coalesce(max(version), 0) + 1`.as('next'))
        .where('measurement_id', '=', values.measurement_id)
        .executeTakeFirstOrThrow();
      const row = await trx
        .insertInto('processing_results')
        .values({ ...values, version: Number(next) })
        .returningAll()
        .executeTakeFirstOrThrow();
      // A new version becomes the current one; an earlier pick no longer holds.
      await trx
        .updateTable('measurements')
        .set({ current_result_id: null })
        .where('id', '=', values.measurement_id)
        .execute();
      const rows = peaks.map((peak) => ({
        ...peak,
        owner_id: row.owner_id,
        workspace_id: row.workspace_id,
        result_id: row.id,
        measurement_id: row.measurement_id,
      }));
      for (const batch of batchesOf(rows)) await trx.insertInto('peaks').values(batch).execute();
      if (replaced) await auditSignaturesSuperseded(trx, replaced, row, row.created_by);
      return row;
    },
    ...resultVersionQueries(db),
  };
}

export type ResultsRepository = ReturnType<typeof createResultsRepository>;
