// A reprocessing request (another template applied to stored measurements): the template it applies, the
// measurements it covers (a sequence's complete ones, a list, or one), and the job row stored with its audit
// entry.
import type { processingJobInputSchema } from '@eluent/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { writeAudit } from '../../repositories/audit.ts';
import type { ProcessingJobRow, ProcessingJobsRepository } from '../../repositories/processing-jobs.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SequencesRepository } from '../../repositories/sequences.ts';
import type { Actor } from '../workspaces/actor.ts';
import { snapshotOf } from './results.ts';

type ProcessingJobInput = z.infer<typeof processingJobInputSchema>;

interface JobRequestDependencies {
  jobs: ProcessingJobsRepository;
  runs: RunsRepository;
  sequences: SequencesRepository;
}

/** The measurements a request covers, with the scope and target the job records; others' are refused. */
async function measurementsOf(
  { jobs, runs, sequences }: JobRequestDependencies,
  workspaceId: number,
  input: ProcessingJobInput,
) {
  if (input.sequence_id !== undefined) {
    const sequence = await sequences.find(workspaceId, input.sequence_id);
    if (!sequence) throw AppError.domain(404, 'sequence_not_found');
    const rows = await runs.measurementsOfSequence(sequence.id);
    return {
      scope: 'sequence' as const,
      targetId: sequence.id,
      ids: rows.filter((m) => m.state === 'complete').map((m) => m.id),
    };
  }
  const wanted = input.measurement_ids ?? [input.measurement_id!];
  const unique = [...new Set(wanted)];
  const owned = new Set(await jobs.ownedMeasurementIds(workspaceId, unique));
  if (unique.some((id) => !owned.has(id))) throw AppError.domain(404, 'measurement_not_found');
  return input.measurement_id !== undefined
    ? { scope: 'measurement' as const, targetId: input.measurement_id, ids: unique }
    : { scope: 'measurements' as const, targetId: null, ids: unique };
}

/** Stores the job of a request, queued, with its audit entry; a request that covers nothing is refused. */
export async function insertJob(
  deps: JobRequestDependencies,
  actor: Actor,
  input: ProcessingJobInput,
): Promise<ProcessingJobRow> {
  const { jobs, sequences } = deps;
  const templateUuid = input.template_uuid ?? null;
  const template = templateUuid ? await sequences.template(actor.workspaceId, templateUuid) : undefined;
  if (templateUuid && !template) throw AppError.validation({ template_uuid: ['is not valid'] });
  const { scope, targetId, ids } = await measurementsOf(deps, actor.workspaceId, input);
  if (ids.length === 0) throw AppError.domain(400, 'processing_nothing_to_do');
  return jobs.db.transaction().execute(async (trx) => {
    const row = await jobs.insert(trx, {
      owner_id: actor.userId,
      workspace_id: actor.workspaceId,
      scope,
      target_id: targetId,
      measurement_ids: ids,
      template_uuid: template?.uuid ?? null,
      template_snapshot: JSON.stringify(snapshotOf(template)),
      total: ids.length,
    });
    await writeAudit(trx, {
      userId: actor.userId,
      workspaceId: actor.workspaceId,
      entity: 'processing_jobs',
      entityId: row.id,
      label: template?.name ?? null,
      parent:
        targetId === null
          ? null
          : { entity: scope === 'sequence' ? 'sequences' : 'measurements', id: targetId },
      action: 'reprocess',
      newValues: { scope, target_id: targetId, template_uuid: row.template_uuid, total: ids.length },
    });
    return row;
  });
}
