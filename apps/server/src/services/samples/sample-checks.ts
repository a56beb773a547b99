// The checks a sample write reads from the database, inside the write's transaction: the instrument and
// method it names, the row it changes (the workspace's, through its own controller), and no injection of it.
import { AppError } from '../../errors.ts';
import type { Executor } from '../../db/schema.ts';
import type { SampleRow, SamplesRepository, SampleValues } from '../../repositories/samples.ts';
import type { Actor } from '../workspaces/actor.ts';
import { checkController, checkSampleInstrument, type SampleController } from './sample-rules.ts';

export function createSampleChecks(repository: SamplesRepository) {
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
    controller: SampleController,
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

  return { checkInstrument, owned, checkNotInjected };
}
