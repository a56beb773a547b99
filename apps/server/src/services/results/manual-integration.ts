// Manual integration: a batch of changes (move a boundary or a baseline end, split, merge, delete, add) with
// one required reason makes one new result of kind 'manual' derived from the edited one, beside the automatic
// result, all or nothing; the audit trail records the peaks before and after, the changes and the reason. A
// preview measures the same batch without saving it. One change alone is a batch of one.
import type { Peak } from '@eluent/signal';
import {
  integrationBatchSchema,
  integrationEditSchema,
  integrationPreviewRequestSchema,
  type IntegrationEdit,
  type IntegrationPreview,
} from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import type { PeakRow, ResultsRepository } from '../../repositories/results.ts';
import { writeAudit } from '../../repositories/audit.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';
import { parseInput } from '../../lib/input.ts';
import { editPeaks, IntegrationRefusal } from './manual-peaks.ts';
import { resultView } from './reports.ts';
import { namePeaks } from './components.ts';
import { peakValues, suitabilityOf, type ResultsService, type TemplateSnapshot } from './results.ts';

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

/** What the audit keeps of a peak: enough to see what moved, with the number and name the analyst saw. */
function summary(peak: {
  number: number;
  name?: string | null;
  start_sec: number;
  end_sec: number;
  retention_time_sec: number;
  area: number;
}) {
  return {
    number: peak.number,
    name: peak.name ?? null,
    retention_time_sec: peak.retention_time_sec,
    start_sec: peak.start_sec,
    end_sec: peak.end_sec,
    area: peak.area,
  };
}

/** A peak's limits and baseline ends: a peak whose key is new was changed by the batch. */
const limitsKey = (peak: {
  start_sec: number;
  end_sec: number;
  baseline_start?: number | null;
  baseline_end?: number | null;
}) => `${peak.start_sec}/${peak.end_sec}/${peak.baseline_start ?? ''}/${peak.baseline_end ?? ''}`;

function reasonOf(body: Record<string, unknown>): string {
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (reason.length === 0) throw AppError.domain(400, 'integration_reason_required');
  if (reason.length > 2000) throw AppError.validation({ reason: ['is not valid'] });
  return reason;
}

/** A refusal as the REST error: catalogue code, worded message and, in a batch of several, the change. */
function refusalError(refusal: IntegrationRefusal, changes: number): AppError {
  const extra = refusal.change !== null && changes > 1 ? { change: refusal.change } : {};
  return new AppError(400, refusal.code, refusal.message, extra);
}

export function createManualIntegrationService(deps: {
  results: ResultsRepository;
  processing: ResultsService;
  /** After a new version committed: announces the review change (signatures of the replaced version). */
  changed?: (measurementId: number) => void;
}) {
  const { results, processing } = deps;

  /** The peaks a batch makes of a result, measured and named; refusals answered as catalogue errors. */
  async function edited(workspaceId: number, resultId: number, edits: readonly IntegrationEdit[]) {
    const parent = await results.result(resultId);
    if (!parent || parent.workspace_id !== workspaceId) throw AppError.domain(404, 'result_not_found');
    if (edits.length === 0) throw AppError.domain(400, 'integration_no_changes');
    const snapshot = parent.template_snapshot as TemplateSnapshot;
    const { timeSec, correctedValues } = await processing.replay(parent.measurement_id, snapshot);
    const oldRows = await results.peaks([parent.id]);
    const figures = (parent.figures ?? {}) as { noise?: { peakToPeak?: number } | null };
    let peaks: Peak[];
    try {
      peaks = editPeaks(
        { timeSec, values: correctedValues },
        oldRows.map(peakOf),
        edits,
        figures.noise?.peakToPeak ?? null,
      );
    } catch (error) {
      if (error instanceof IntegrationRefusal) throw refusalError(error, edits.length);
      throw error;
    }
    const peakRows = peaks.map((peak, index) => peakValues(peak, index + 1));
    const sequenceId = await processing.sequenceOf(parent.measurement_id);
    namePeaks(peakRows, await processing.componentsFor(snapshot, sequenceId));
    return { parent, snapshot, figures, oldRows, peakRows, sequenceId };
  }

  async function save(actor: Actor, resultId: number, edits: readonly IntegrationEdit[], reason: string) {
    requireRole(actor, 'results.process');
    const { parent, snapshot, figures, oldRows, peakRows, sequenceId } = await edited(
      actor.workspaceId,
      resultId,
      edits,
    );
    const newLimits = new Set(peakRows.map(limitsKey));
    const oldLimits = new Set(oldRows.map(limitsKey));
    const single = edits.length === 1 ? edits[0] : undefined;
    const row = await results.db.transaction().execute(async (trx) => {
      const inserted = await results.insertResult(
        trx,
        {
          owner_id: parent.owner_id,
          workspace_id: parent.workspace_id,
          measurement_id: parent.measurement_id,
          kind: 'manual',
          template_uuid: parent.template_uuid,
          template_version: parent.template_version,
          template_snapshot: JSON.stringify(snapshot),
          algorithm_versions: JSON.stringify(parent.algorithm_versions),
          figures: JSON.stringify({ ...figures, system_suitability: suitabilityOf(peakRows) }),
          errors: JSON.stringify(parent.errors),
          reason,
          created_by: actor.userId,
          parent_result_id: parent.id,
        },
        peakRows,
      );
      await writeAudit(trx, {
        userId: actor.userId,
        workspaceId: actor.workspaceId,
        entity: 'processing_results',
        entityId: inserted.id,
        label: `version ${inserted.version}`,
        parent: { entity: 'measurements', id: parent.measurement_id },
        action: single ? `integration_${single.operation}` : 'integration_batch',
        oldValues: {
          result_id: parent.id,
          peaks: oldRows.filter((p) => !newLimits.has(limitsKey(p))).map(summary),
        },
        newValues: {
          result_id: inserted.id,
          peaks: peakRows.filter((p) => !oldLimits.has(limitsKey(p))).map(summary),
          unit: (figures as { unit?: string }).unit ?? null,
          changes: edits,
        },
        reason,
      });
      return inserted;
    });
    if (sequenceId !== null) await processing.recalibrate(sequenceId);
    deps.changed?.(row.measurement_id);
    return resultView(row, await results.peaks([row.id]));
  }

  return {
    /** One change with its reason (POST /api/results/{id}/integration/). */
    async edit(actor: Actor, resultId: number, body: Record<string, unknown>) {
      const reason = reasonOf(body);
      const { reason: _reason, ...change } = body;
      const edit: IntegrationEdit = parseInput(integrationEditSchema, change);
      return save(actor, resultId, [edit], reason);
    },

    /** A batch of changes with one reason, as one new result version (POST …/integration/batch/). */
    async batch(actor: Actor, resultId: number, body: Record<string, unknown>) {
      const reason = reasonOf(body);
      const { edits } = parseInput(integrationBatchSchema, body);
      return save(actor, resultId, edits, reason);
    },

    /** The peaks a batch would store, measured and not saved (POST …/integration/preview/). */
    async preview(
      actor: Actor,
      resultId: number,
      body: Record<string, unknown>,
    ): Promise<IntegrationPreview> {
      requireRole(actor, 'results.read');
      const { edits } = parseInput(integrationPreviewRequestSchema, body);
      const { peakRows } = await edited(actor.workspaceId, resultId, edits);
      return {
        peaks: peakRows.map((row) => ({
          id: 0,
          ...row,
          name: row.name ?? null,
          amount: row.amount ?? null,
          amount_unit: row.amount_unit ?? null,
        })) as IntegrationPreview['peaks'],
      };
    },
  };
}

export type ManualIntegrationService = ReturnType<typeof createManualIntegrationService>;
