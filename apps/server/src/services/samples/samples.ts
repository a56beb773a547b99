// Samples, blanks and standards: the only write path of these tables. Each write reads what its rules need
// and applies them (sample-rules.ts) inside its own transaction, then writes and audits.
import { sampleInputSchema, standardInputSchema, type Sample } from '@eluent/contracts';
import type { SampleType } from '../../db/domain-schema.ts';
import type { AnalyteRow, SampleRow, SamplesRepository } from '../../repositories/samples.ts';
import { writeAudit } from '../../repositories/audit.ts';
import { parseInput } from '../../lib/input.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';
import { createSampleChecks } from './sample-checks.ts';
import { checkInstrumentNamed, checkNotStandard, type SampleController } from './sample-rules.ts';

/** A sample as the API answers it (the REST type of packages/contracts). */
export type SampleView = Sample;

function view(row: SampleRow, analytes?: AnalyteRow[]): SampleView {
  const { workspace_id: _workspace, ...shown } = row;
  const result: SampleView = { ...shown, created_at: row.created_at.toISOString() };
  if (analytes) {
    result.analytes = analytes.map(
      ({ id: rowId, analyte, amount, amount_unit, retention_time_sec, window_sec }) => ({
        id: rowId,
        analyte,
        amount,
        amount_unit,
        retention_time_sec,
        window_sec,
      }),
    );
  }
  return result;
}

type Controller = SampleController;

/**
 * An update's values: the stored row with the body over it, checked as a whole by its controller's schema; a
 * standard's analytes only when the body names them.
 */
function changedValues(current: SampleRow, controller: Controller, body: Record<string, unknown>) {
  checkNotStandard(body, controller);
  checkInstrumentNamed(body, true);
  const merged = {
    name: current.name,
    description: current.description,
    device_id: current.device_id,
    method_id: current.method_id,
    column_name: current.column_name,
    ...(controller === 'sample' ? { type: current.type } : {}),
    ...body,
  };
  checkInstrumentNamed(merged, false);
  if (controller === 'sample') return { values: parseInput(sampleInputSchema, merged), analytes: undefined };
  const { analytes, ...values } = parseInput(standardInputSchema, merged);
  return {
    values: { ...values, type: 'standard' as const },
    analytes: 'analytes' in body ? analytes : undefined,
  };
}

export function createSamplesService(repository: SamplesRepository) {
  const { db } = repository;
  const { checkInstrument, owned, checkNotInjected } = createSampleChecks(repository);

  async function withAnalytes(row: SampleRow): Promise<SampleView> {
    return row.type === 'standard' ? view(row, await repository.analytes([row.id])) : view(row);
  }

  return {
    async list(actor: Actor, controller: Controller): Promise<SampleView[]> {
      requireRole(actor, 'samples.read');
      const types: SampleType[] = controller === 'standard' ? ['standard'] : ['sample', 'blank'];
      const rows = await repository.list(actor.workspaceId, types);
      if (controller === 'sample') return rows.map((row) => view(row));
      const analytes = await repository.analytes(rows.map((row) => row.id));
      return rows.map((row) =>
        view(
          row,
          analytes.filter((a) => a.sample_id === row.id),
        ),
      );
    },

    async get(actor: Actor, sampleId: number, controller: Controller): Promise<SampleView> {
      requireRole(actor, 'samples.read');
      return withAnalytes(await owned(actor, sampleId, controller));
    },

    async createSample(actor: Actor, body: Record<string, unknown>): Promise<SampleView> {
      requireRole(actor, 'samples.create');
      checkNotStandard(body, 'sample');
      checkInstrumentNamed(body, false);
      const values = parseInput(sampleInputSchema, body);
      return db.transaction().execute(async (trx) => {
        await checkInstrument(trx, actor, values);
        const row = await repository.insert(trx, actor, values);
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId: actor.workspaceId,
          entity: 'samples',
          entityId: row.id,
          action: 'create',
          newValues: values,
        });
        return view(row);
      });
    },

    async createStandard(actor: Actor, body: Record<string, unknown>): Promise<SampleView> {
      requireRole(actor, 'samples.create');
      checkInstrumentNamed(body, false);
      const { analytes, ...values } = parseInput(standardInputSchema, body);
      return db.transaction().execute(async (trx) => {
        await checkInstrument(trx, actor, values);
        const row = await repository.insert(trx, actor, { ...values, type: 'standard' });
        await repository.replaceAnalytes(trx, actor, row.id, analytes);
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId: actor.workspaceId,
          entity: 'samples',
          entityId: row.id,
          action: 'create',
          newValues: { ...values, analytes },
        });
        return view(row, await repository.analytes([row.id], trx));
      });
    },

    async update(actor: Actor, sampleId: number, controller: Controller, body: Record<string, unknown>) {
      requireRole(actor, 'samples.update');
      return db.transaction().execute(async (trx) => {
        const current = await owned(actor, sampleId, controller, trx);
        await checkNotInjected(current, trx);
        const parsed = changedValues(current, controller, body);
        await checkInstrument(trx, actor, parsed.values);
        const row = await repository.update(trx, sampleId, parsed.values);
        if (parsed.analytes) await repository.replaceAnalytes(trx, actor, sampleId, parsed.analytes);
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId: actor.workspaceId,
          entity: 'samples',
          entityId: sampleId,
          action: 'update',
          oldValues: current,
          newValues: { ...parsed.values, ...(parsed.analytes ? { analytes: parsed.analytes } : {}) },
        });
        return controller === 'standard' ? view(row, await repository.analytes([row.id], trx)) : view(row);
      });
    },

    async remove(actor: Actor, sampleId: number, controller: Controller): Promise<void> {
      requireRole(actor, 'samples.delete');
      await db.transaction().execute(async (trx) => {
        const current = await owned(actor, sampleId, controller, trx);
        await checkNotInjected(current, trx);
        await repository.remove(trx, sampleId);
        await writeAudit(trx, {
          userId: actor.userId,
          workspaceId: actor.workspaceId,
          entity: 'samples',
          entityId: sampleId,
          action: 'delete',
          oldValues: current,
        });
      });
    },
  };
}

export type SamplesService = ReturnType<typeof createSamplesService>;
