// Measurement files: the stored signal as JSON, CSV or AIA/ANDI netCDF (with the newest peak table), and
// import of an AIA or CSV chromatogram as a measurement that is processed like any other.
import {
  ChromatogramFileError,
  readChromatogram,
  writeAia,
  writeCsv,
  type Chromatogram,
  type ChromatogramFileErrorKind,
  type VendorPeak,
} from '@eluent/signal';
import type { DomainErrorCode } from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import type { PeakRow, ResultsRepository } from '../../repositories/results.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SequencesRepository } from '../../repositories/sequences.ts';
import { writeAudit } from '../../repositories/audit.ts';
import { snapshotOf, type ResultsService } from './results.ts';
import type { RowOwner } from '../../db/schema.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';

/** Points per stored chunk of an imported signal, the size device chunks have. */
const IMPORT_CHUNK_POINTS = 5000;

const fileErrorCodes: Record<ChromatogramFileErrorKind, DomainErrorCode> = {
  empty: 'measurement_file_empty',
  not_aia: 'measurement_file_not_aia',
  truncated: 'measurement_file_truncated',
  netcdf4: 'measurement_file_netcdf4',
  binary: 'measurement_file_binary',
  no_data: 'measurement_file_no_data',
  csv: 'measurement_file_csv_invalid',
  vendor_version: 'measurement_file_vendor_version',
  vendor_corrupt: 'measurement_file_vendor_corrupt',
};

/**
 * Reads an uploaded file; a file the readers refuse is a catalogued domain error whose `reason` is the
 * reader's one-line message (e.g. the CSV line that cannot be read).
 */
export function readUploadedChromatogram(bytes: Uint8Array): Chromatogram {
  let chromatogram: Chromatogram;
  try {
    chromatogram = readChromatogram(bytes);
  } catch (error) {
    if (error instanceof ChromatogramFileError) {
      throw AppError.domain(400, fileErrorCodes[error.kind], { reason: error.message });
    }
    throw AppError.domain(400, 'measurement_file_invalid');
  }
  if (chromatogram.values.length < 3) throw AppError.domain(400, 'measurement_file_no_data');
  return chromatogram;
}

/** What the reader bridged and skipped, stored with the measurement and shown with its details. */
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

export function createFilesService(deps: {
  results: ResultsRepository;
  runs: RunsRepository;
  sequences: SequencesRepository;
  processing: ResultsService;
}) {
  const { results, runs, sequences, processing } = deps;
  const { db } = results;

  async function owned(workspaceId: number, measurementId: number) {
    const measurement = await runs.measurement(measurementId);
    if (!measurement || measurement.workspace_id !== workspaceId)
      throw AppError.domain(404, 'measurement_not_found');
    return measurement;
  }

  return {
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

    async cdf(workspaceId: number, measurementId: number): Promise<Uint8Array> {
      const { measurement, timeSec, signal, unit } = await this.data(workspaceId, measurementId);
      const [latest] = await results.latestResults([measurementId]);
      const peaks = latest ? await results.peaks([latest.id]) : [];
      return writeAia(
        {
          timeSec: Float64Array.from(timeSec),
          values: Float64Array.from(signal),
          signalUnit: unit,
          metadata: { sample_name: measurement.name },
          peakTable: peaks.map(vendorPeak),
        },
        { date: measurement.created_at },
      );
    },

    /** Stores an uploaded chromatogram and processes it with the given template (or the default one). */
    async import(actor: Actor, fileName: string, bytes: Uint8Array, templateUuid: string | null) {
      requireRole(actor, 'measurements.import');
      return this.importChromatogram(actor, fileName, readUploadedChromatogram(bytes), templateUuid);
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
    ) {
      const points = chromatogram.values.length;
      if (points < 3) throw AppError.domain(400, 'measurement_file_no_data');
      const { timeSec, values } = chromatogram;
      const file = fileNotesOf(chromatogram);
      const template = templateUuid ? await sequences.template(owner.workspaceId, templateUuid) : undefined;
      if (templateUuid && !template) throw AppError.validation({ template_uuid: ['is not valid'] });
      const signalUnit = chromatogram.signalUnit || 'mAU';
      // Processed before anything is written; then the measurement, its signal and its result are stored in
      // one transaction, so a failure leaves nothing behind (docs/architecture.md "Transactions").
      const prepared = await processing.prepare(
        { timeSec, values, unit: signalUnit },
        { snapshot: snapshotOf(template), templateUuid: template?.uuid ?? null, createdBy: owner.userId },
        null,
      );
      return db.transaction().execute(async (trx) => {
        const row = await runs.insertMeasurement(trx, {
          owner_id: owner.userId,
          workspace_id: owner.workspaceId,
          injection_id: null,
          device_id: null,
          sample_id: null,
          name: fileName.slice(0, 200),
          source: 'import',
          state: 'complete',
          signal_unit: signalUnit,
          metadata: JSON.stringify({ file_name: fileName, ...chromatogram.metadata, ...file }),
        });
        for (let start = 0, index = 0; start < points; start += IMPORT_CHUNK_POINTS, index++) {
          const end = Math.min(points, start + IMPORT_CHUNK_POINTS);
          await results.insertChunk(
            trx,
            row.id,
            index,
            Array.from(timeSec.subarray(start, end)),
            Array.from(values.subarray(start, end)),
          );
        }
        const first = timeSec[0]!;
        const last = timeSec[points - 1]!;
        await runs.updateMeasurement(trx, row.id, {
          points_count: points,
          duration_sec: last - first,
          sampling_interval_sec: (last - first) / (points - 1),
          finished_at: new Date(),
        });
        await writeAudit(trx, {
          userId: owner.userId,
          workspaceId: owner.workspaceId,
          entity: 'measurements',
          entityId: row.id,
          label: row.name,
          action: 'import',
          newValues: { file_name: fileName, points, dropouts: file.dropouts.count },
        });
        const result = await processing.store(trx, row, prepared);
        return {
          measurement_id: row.id,
          result_id: result.id,
          points_count: points,
          dropouts: file.dropouts.count,
          notes: file.notes,
        };
      });
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
