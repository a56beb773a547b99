// Samples, blanks and standards with their rules (spec §8 "Standard/sample"): device, method and column
// must be given; the column must be installed; the method must fit the instrument; a standard is handled
// only by the standard controller, a sample only by the sample controller.
import { z } from 'zod';
import { AppError } from '../errors.ts';
import type { SampleType } from '../db/domain-schema.ts';
import type { AnalyteRow, SampleRow, SamplesRepository, SampleValues } from '../repositories/samples.ts';
import { writeAuditEntry } from '../repositories/sequences-audit.ts';
import { parseInput } from '../sequences/input.ts';
import { methodFitsDevice } from './sequences-rules.ts';

const id = z.number().int().positive();
const baseFields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).default(''),
  device_id: id,
  method_id: id,
  column_name: z.string().max(200),
};
const sampleSchema = z.object({
  ...baseFields,
  type: z.enum(['sample', 'blank', 'standard']).default('sample'),
});
const analyteSchema = z.object({
  analyte: z.string().trim().min(1).max(200),
  amount: z.number().min(0).nullable().default(null),
  amount_unit: z.string().max(40).default('µg/mL'),
  retention_time_sec: z.number().min(0).nullable().default(null),
  window_sec: z.number().positive().max(3600).default(6),
});
const standardSchema = z.object({ ...baseFields, analytes: z.array(analyteSchema).max(100).default([]) });

export interface SampleView extends Omit<SampleRow, 'created_at'> {
  created_at: string;
  analytes?: Array<Omit<AnalyteRow, 'owner_id' | 'created_at' | 'sample_id'>>;
}

function view(row: SampleRow, analytes?: AnalyteRow[]): SampleView {
  const result: SampleView = { ...row, created_at: row.created_at.toISOString() };
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

type Controller = 'sample' | 'standard';

export function createSamplesService(repository: SamplesRepository) {
  const { db } = repository;

  /** The "must not be None" rules answer before the general form checks. */
  function requirePresent(body: Record<string, unknown>, partial: boolean): void {
    const missing = (key: string) =>
      partial ? key in body && body[key] === null : body[key] === undefined || body[key] === null;
    if (missing('device_id')) throw AppError.domain(400, 'sample_device_required');
    if (missing('method_id')) throw AppError.domain(400, 'sample_method_required');
    if (missing('column_name')) throw AppError.domain(400, 'sample_column_required');
  }

  async function checkInstrument(
    ownerId: number,
    values: Pick<SampleValues, 'device_id' | 'method_id' | 'column_name'>,
  ) {
    const device = await repository.device(ownerId, values.device_id);
    if (!device) throw AppError.domain(404, 'device_not_found');
    const method = await repository.method(ownerId, values.method_id);
    if (!method) throw AppError.domain(400, 'device_method_not_configured');
    const installed = device.installed_column as { name?: string } | null;
    if (values.column_name.trim() === '' || !installed)
      throw AppError.domain(400, 'sample_column_not_selected');
    if (!methodFitsDevice(method, device)) throw AppError.domain(400, 'method_hardware_mismatch');
  }

  async function owned(ownerId: number, sampleId: number, controller: Controller): Promise<SampleRow> {
    const row = await repository.find(ownerId, sampleId);
    if (!row) throw AppError.domain(404, 'not_found');
    if (controller === 'sample' && row.type === 'standard') throw AppError.domain(400, 'sample_is_standard');
    if (controller === 'standard' && row.type !== 'standard') {
      throw AppError.domain(400, 'sequence_unexpected_sample_type');
    }
    return row;
  }

  async function withAnalytes(row: SampleRow): Promise<SampleView> {
    return row.type === 'standard' ? view(row, await repository.analytes([row.id])) : view(row);
  }

  return {
    async list(ownerId: number, controller: Controller): Promise<SampleView[]> {
      const types: SampleType[] = controller === 'standard' ? ['standard'] : ['sample', 'blank'];
      const rows = await repository.list(ownerId, types);
      if (controller === 'sample') return rows.map((row) => view(row));
      const analytes = await repository.analytes(rows.map((row) => row.id));
      return rows.map((row) =>
        view(
          row,
          analytes.filter((a) => a.sample_id === row.id),
        ),
      );
    },

    async get(ownerId: number, sampleId: number, controller: Controller): Promise<SampleView> {
      return withAnalytes(await owned(ownerId, sampleId, controller));
    },

    async createSample(ownerId: number, body: Record<string, unknown>): Promise<SampleView> {
      if (body.type === 'standard') throw AppError.domain(400, 'sample_is_standard');
      requirePresent(body, false);
      const values = parseInput(sampleSchema, body);
      await checkInstrument(ownerId, values);
      return db.transaction().execute(async (trx) => {
        const row = await repository.insert(trx, ownerId, values);
        await writeAuditEntry(trx, {
          userId: ownerId,
          entity: 'samples',
          entityId: row.id,
          action: 'create',
          newValues: values,
        });
        return view(row);
      });
    },

    async createStandard(ownerId: number, body: Record<string, unknown>): Promise<SampleView> {
      requirePresent(body, false);
      const { analytes, ...values } = parseInput(standardSchema, body);
      await checkInstrument(ownerId, values);
      return db.transaction().execute(async (trx) => {
        const row = await repository.insert(trx, ownerId, { ...values, type: 'standard' });
        await repository.replaceAnalytes(trx, ownerId, row.id, analytes);
        await writeAuditEntry(trx, {
          userId: ownerId,
          entity: 'samples',
          entityId: row.id,
          action: 'create',
          newValues: { ...values, analytes },
        });
        return view(row, await repository.analytes([row.id], trx));
      });
    },

    async update(ownerId: number, sampleId: number, controller: Controller, body: Record<string, unknown>) {
      const current = await owned(ownerId, sampleId, controller);
      if (controller === 'sample' && body.type === 'standard')
        throw AppError.domain(400, 'sample_is_standard');
      requirePresent(body, true);
      const merged = {
        name: current.name,
        description: current.description,
        device_id: current.device_id,
        method_id: current.method_id,
        column_name: current.column_name,
        ...(controller === 'sample' ? { type: current.type } : {}),
        ...body,
      };
      if (merged.device_id === null) throw AppError.domain(400, 'sample_device_required');
      if (merged.method_id === null) throw AppError.domain(400, 'sample_method_required');
      if (merged.column_name === null) throw AppError.domain(400, 'sample_column_required');
      const parsed =
        controller === 'sample'
          ? { values: parseInput(sampleSchema, merged), analytes: undefined }
          : (() => {
              const { analytes, ...values } = parseInput(standardSchema, merged);
              return {
                values: { ...values, type: 'standard' as const },
                analytes: 'analytes' in body ? analytes : undefined,
              };
            })();
      await checkInstrument(ownerId, parsed.values);
      return db.transaction().execute(async (trx) => {
        const row = await repository.update(trx, sampleId, parsed.values);
        if (parsed.analytes) await repository.replaceAnalytes(trx, ownerId, sampleId, parsed.analytes);
        await writeAuditEntry(trx, {
          userId: ownerId,
          entity: 'samples',
          entityId: sampleId,
          action: 'update',
          oldValues: current,
          newValues: { ...parsed.values, ...(parsed.analytes ? { analytes: parsed.analytes } : {}) },
        });
        return controller === 'standard' ? view(row, await repository.analytes([row.id], trx)) : view(row);
      });
    },

    async remove(ownerId: number, sampleId: number, controller: Controller): Promise<void> {
      const current = await owned(ownerId, sampleId, controller);
      await db.transaction().execute(async (trx) => {
        await repository.remove(trx, sampleId);
        await writeAuditEntry(trx, {
          userId: ownerId,
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
