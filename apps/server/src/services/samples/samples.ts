// Samples, blanks and standards: the only write path of these tables. Each write reads what its rules need
// and applies them (sample-rules.ts) inside its own transaction, then writes and audits.
import type { Kysely, Transaction } from 'kysely';
import { sampleInputSchema, standardInputSchema, type Sample } from '@eluent/contracts';
import { AppError } from '../../errors.ts';
import type { SampleType } from '../../db/domain-schema.ts';
import type { Database } from '../../db/schema.ts';
import type { AnalyteRow, SampleRow, SamplesRepository, SampleValues } from '../../repositories/samples.ts';
import { writeAudit } from '../../repositories/audit.ts';
import { parseInput } from '../../lib/input.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';
import {
  checkController,
  checkInstrumentNamed,
  checkNotStandard,
  checkSampleInstrument,
  type SampleController,
} from './sample-rules.ts';

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
type Executor = Kysely<Database> | Transaction<Database>;

export function createSamplesService(repository: SamplesRepository) {
  const { db } = repository;

  /** Reads the instrument and method inside the write's transaction and applies the sample rules. */
  async function checkInstrument(
    trx: Executor,
    actor: Actor,
    values: Pick<SampleValues, 'device_id' | 'method_id' | 'column_name'>,
  ) {
    checkSampleInstrument(
      await repository.device(actor.workspaceId, values.device_id, trx),
      await repository.method(actor.workspaceId, values.method_id, trx),
      values.column_name,
    );
  }

  async function owned(
    actor: Actor,
    sampleId: number,
    controller: Controller,
    trx: Executor = db,
  ): Promise<SampleRow> {
    const row = await repository.find(actor.workspaceId, sampleId, trx);
    if (!row) throw AppError.domain(404, 'not_found');
    checkController(row, controller);
    return row;
  }

  /** An injected sample or standard is a record: changes and deletion are refused (docs/assay.md). */
  async function checkNotInjected(row: SampleRow, trx: Executor): Promise<void> {
    if (await repository.injected(row.id, trx))
      throw AppError.domain(409, row.type === 'standard' ? 'standard_injected' : 'sample_injected');
  }

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
        const parsed =
          controller === 'sample'
            ? { values: parseInput(sampleInputSchema, merged), analytes: undefined }
            : (() => {
                const { analytes, ...values } = parseInput(standardInputSchema, merged);
                return {
                  values: { ...values, type: 'standard' as const },
                  analytes: 'analytes' in body ? analytes : undefined,
                };
              })();
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
