// Manual integration: one edit (move a boundary, split, merge, delete, add) with a required reason makes a
// new result of kind 'manual' derived from the edited one, beside the automatic result; the audit trail
// records the peaks before and after and the reason.
import type { Peak } from '@eluent/signal';
import type { IntegrationEdit } from '@eluent/contracts';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { PeakRow, ResultsRepository } from '../../repositories/results.ts';
import { writeAuditEntry } from '../../repositories/sequences-audit.ts';
import { parseInput } from '../../lib/input.ts';
import { editPeaks, IntegrationRefusal } from './manual-peaks.ts';
import { resultView } from './reports.ts';
import {
  namePeaks,
  peakValues,
  suitabilityOf,
  type ResultsService,
  type TemplateSnapshot,
} from './results.ts';

const seconds = z.number().finite().min(0);
const peakNumber = z.number().int().positive();
const editSchema = z.discriminatedUnion('operation', [
  z.object({
    operation: z.literal('move'),
    peak_number: peakNumber,
    start_sec: seconds.optional(),
    end_sec: seconds.optional(),
  }),
  z.object({ operation: z.literal('split'), peak_number: peakNumber, at_sec: seconds }),
  z.object({ operation: z.literal('merge'), peak_numbers: z.tuple([peakNumber, peakNumber]) }),
  z.object({ operation: z.literal('delete'), peak_number: peakNumber }),
  z.object({ operation: z.literal('add'), start_sec: seconds, end_sec: seconds }),
]);

function peakOf(row: PeakRow): Peak {
  return {
    retentionTimeSec: row.retention_time_sec,
    startSec: row.start_sec,
    endSec: row.end_sec,
    baselineStartValue: row.baseline_start ?? 0,
    baselineEndValue: row.baseline_end ?? 0,
    startCode: (row.start_code ?? 'B') as Peak['startCode'],
    stopCode: (row.stop_code ?? 'B') as Peak['stopCode'],
    negative: row.area < 0,
    area: row.area,
    areaPercent: row.area_percent ?? 0,
    height: row.height ?? 0,
    heightPercent: row.height_percent ?? 0,
    widthHalfSec: row.width_half_sec,
    widthHalfSource: null,
    widthBaseSec: row.width_base_sec,
    tailing: row.tailing,
    asymmetry10: row.asymmetry,
    platesHalfHeight: row.plates_half,
    platesTangent: row.plates_tangent,
    resolution: row.resolution,
    resolutionMethod: null,
    retentionFactor: row.retention_factor,
    signalToNoise: row.signal_to_noise,
    signalToNoiseSource: null,
  };
}

/** What the audit keeps of a peak: enough to see what moved. */
function summary(peak: { start_sec: number; end_sec: number; retention_time_sec: number; area: number }) {
  return {
    retention_time_sec: peak.retention_time_sec,
    start_sec: peak.start_sec,
    end_sec: peak.end_sec,
    area: peak.area,
  };
}

const limitsKey = (peak: { start_sec: number; end_sec: number }) => `${peak.start_sec}/${peak.end_sec}`;

export function createManualIntegrationService(deps: {
  results: ResultsRepository;
  processing: ResultsService;
}) {
  const { results, processing } = deps;

  return {
    async edit(ownerId: number, resultId: number, body: Record<string, unknown>) {
      const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
      if (reason.length === 0) throw AppError.domain(400, 'integration_reason_required');
      if (reason.length > 2000) throw AppError.validation({ reason: ['is not valid'] });
      const edit: IntegrationEdit = parseInput(editSchema, body);
      const parent = await results.result(resultId);
      if (!parent || parent.owner_id !== ownerId) throw AppError.domain(404, 'result_not_found');

      const snapshot = parent.template_snapshot as TemplateSnapshot;
      const { timeSec, correctedValues } = await processing.replay(parent.measurement_id, snapshot);
      const oldRows = await results.peaks([parent.id]);
      const figures = (parent.figures ?? {}) as { noise?: { peakToPeak?: number } | null };
      let edited: Peak[];
      try {
        edited = editPeaks(
          { timeSec, values: correctedValues },
          oldRows.map(peakOf),
          edit,
          figures.noise?.peakToPeak ?? null,
        );
      } catch (error) {
        if (error instanceof IntegrationRefusal) throw AppError.domain(400, error.code);
        throw error;
      }
      const peakRows = edited.map((peak, index) => peakValues(peak, index + 1));
      const sequenceId = await processing.sequenceOf(parent.measurement_id);
      if (sequenceId !== null) namePeaks(peakRows, await processing.analytesOfSequence(sequenceId));

      const newLimits = new Set(peakRows.map(limitsKey));
      const oldLimits = new Set(oldRows.map(limitsKey));
      const row = await results.db.transaction().execute(async (trx) => {
        const inserted = await results.insertResult(
          trx,
          {
            owner_id: parent.owner_id,
            measurement_id: parent.measurement_id,
            kind: 'manual',
            template_uuid: parent.template_uuid,
            template_snapshot: JSON.stringify(snapshot),
            algorithm_versions: JSON.stringify(parent.algorithm_versions),
            figures: JSON.stringify({ ...figures, system_suitability: suitabilityOf(peakRows) }),
            errors: JSON.stringify(parent.errors),
            reason,
            created_by: ownerId,
            parent_result_id: parent.id,
          },
          peakRows,
        );
        await writeAuditEntry(trx, {
          userId: ownerId,
          entity: 'processing_results',
          entityId: inserted.id,
          action: `integration_${edit.operation}`,
          oldValues: {
            result_id: parent.id,
            peaks: oldRows.filter((p) => !newLimits.has(limitsKey(p))).map(summary),
          },
          newValues: {
            result_id: inserted.id,
            peaks: peakRows.filter((p) => !oldLimits.has(limitsKey(p))).map(summary),
          },
          reason,
        });
        return inserted;
      });
      if (sequenceId !== null) await processing.recalibrate(sequenceId);
      return resultView(row, await results.peaks([row.id]));
    },
  };
}

export type ManualIntegrationService = ReturnType<typeof createManualIntegrationService>;
