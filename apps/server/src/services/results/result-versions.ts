// A measurement's result versions: every version with its peaks, which one is current, and picking one.
import type { ResultVersions } from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import { onlyFields } from '../../lib/input.ts';
import type { ResultsRepository } from '../../repositories/results.ts';
import type { SignaturesRepository } from '../../repositories/signatures.ts';
import { evaluate } from '../signatures/evaluation.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import { writeAudit } from '../../repositories/audit.ts';
import { resultView } from './reports.ts';
import type { ResultsService } from './results.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';

export function createResultVersionsService(deps: {
  results: ResultsRepository;
  signatures: SignaturesRepository;
  runs: RunsRepository;
  processing: ResultsService;
  /** After the current version changed: announces the review change. */
  changed?: (measurementId: number) => void;
}) {
  const { results, runs, processing, signatures } = deps;

  /** The signatures over this measurement's versions, from its own review and its sequence's. */
  async function signaturesOf(measurementId: number): Promise<ResultVersions['signatures']> {
    const subjects: Array<['measurement' | 'sequence', number]> = [['measurement', measurementId]];
    const sequenceId = await signatures.sequenceOfMeasurement(measurementId);
    if (sequenceId !== null) subjects.push(['sequence', sequenceId]);
    const rows: ResultVersions['signatures'] = [];
    for (const [kind, id] of subjects) {
      const evaluation = await evaluate({ results, signatures }, kind, id, results.db);
      for (const signature of evaluation.signatures)
        for (const item of signature.results)
          if (item.measurement_id === measurementId)
            rows.push({
              result_id: item.result_id,
              version: item.version,
              signature_id: signature.id,
              subject: signature.subject,
              meaning: signature.meaning,
              signer_name: signature.signer.name,
              signed_at: signature.signed_at,
              status: item.status,
              superseded_by: item.superseded_by,
            });
    }
    return rows.sort((a, b) => a.signature_id - b.signature_id);
  }

  async function owned(actor: Actor, measurementId: number) {
    const measurement = await runs.measurement(measurementId);
    if (!measurement || measurement.workspace_id !== actor.workspaceId)
      throw AppError.domain(404, 'measurement_not_found');
    return measurement;
  }

  async function list(actor: Actor, measurementId: number): Promise<ResultVersions> {
    requireRole(actor, 'results.read');
    await owned(actor, measurementId);
    const all = await results.results(measurementId);
    const [current] = await results.latestResults([measurementId]);
    const peaks = await results.peaks(all.map((r) => r.id));
    return {
      measurement_id: measurementId,
      current_result_id: current?.id ?? null,
      results: all.map((r) => resultView(r, peaks)),
      signatures: await signaturesOf(measurementId),
    };
  }

  return {
    list,

    /** Picks the current result (`result_id: null` goes back to the newest); recalibrates its sequence. */
    async pick(actor: Actor, measurementId: number, body: Record<string, unknown>) {
      requireRole(actor, 'results.process');
      onlyFields(body, ['result_id']);
      const measurement = await owned(actor, measurementId);
      const raw = body.result_id;
      if (raw !== null && (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1)) {
        throw AppError.validation({ result_id: ['Field is required'] });
      }
      const resultId = raw;
      if (resultId !== null) {
        const result = await results.result(resultId);
        if (!result || result.measurement_id !== measurementId)
          throw AppError.domain(404, 'result_not_found');
      }
      await results.db.transaction().execute(async (trx) => {
        await results.setCurrentResult(trx, measurementId, resultId, actor.userId);
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId: actor.workspaceId,
          entity: 'measurements',
          entityId: measurementId,
          label: measurement.name,
          action: 'pick_result',
          oldValues: { current_result_id: measurement.current_result_id },
          newValues: { current_result_id: resultId },
        });
      });
      const sequenceId = await processing.sequenceOf(measurementId);
      if (sequenceId !== null) await processing.recalibrate(sequenceId);
      deps.changed?.(measurementId);
      return list(actor, measurementId);
    },
  };
}
