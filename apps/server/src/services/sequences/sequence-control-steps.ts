// What every sequence command shares: the sequence of the actor's workspace, the instrument checks, the
// state change on the locked row with its audit entry, and the sequence's view.
import { componentsOfSnapshot, levelCount } from '@eluent/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { SamplesRepository } from '../../repositories/samples.ts';
import { writeAudit } from '../../repositories/audit.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { SequenceRow, SequencesRepository } from '../../repositories/sequences.ts';
import { requireRole, type Actor } from '../workspaces/actor.ts';
import type { InstrumentPort } from './instrument-port.ts';
import type { SequenceRunner } from './runner.ts';
import {
  checkFractionCollector,
  checkMethodLimits,
  methodFitsDevice,
  standardComplete,
} from './sequences-rules.ts';
import { interruptionOf, sequenceView, type SequenceView } from './sequence-views.ts';
import { lockedDraftIds } from './sequences-locks.ts';

export interface SequenceControlDependencies {
  sequences: SequencesRepository;
  samples: SamplesRepository;
  runs: RunsRepository;
  port: InstrumentPort;
  runner: SequenceRunner;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}

export function createControlSteps(deps: SequenceControlDependencies) {
  const { sequences, samples, runs, port, runner } = deps;
  const { db } = sequences;

  async function owned(actor: Actor, sequenceId: number): Promise<SequenceRow> {
    requireRole(actor, 'sequences.run');
    const row = await sequences.find(actor.workspaceId, sequenceId);
    if (!row) throw AppError.domain(404, 'sequence_not_found');
    return row;
  }

  async function injectionRunning(sequence: SequenceRow): Promise<boolean> {
    if (sequence.current_injection_id === null) return false;
    const injection = await runs.injection(sequence.current_injection_id);
    return injection?.state === 'running' || injection?.state === 'pending';
  }

  async function checkInstrument(sequence: SequenceRow) {
    if (sequence.device_id === null) throw AppError.domain(409, 'sequence_device_not_connected');
    const device = await samples.device(sequence.workspace_id, sequence.device_id);
    if (!device) throw AppError.domain(409, 'sequence_device_not_connected');
    const availability = await port.availability(device.id);
    if (!availability.online) throw AppError.domain(409, 'sequence_device_offline');
    if (availability.busy || (await sequences.activeOnDevice(device.id, sequence.id))) {
      throw AppError.domain(409, 'sequence_device_busy');
    }
    // A run would end the purge or equilibration under way: the analyst waits for ready or stops it.
    if (availability.activity === 'equilibrating')
      throw AppError.domain(409, 'sequence_device_equilibrating');
    if (availability.activity === 'purging') throw AppError.domain(409, 'device_purging');
    return device;
  }

  /** Applies a state change on the locked row if `still` holds there; answers the new view. */
  async function transition(
    actor: Actor,
    sequence: SequenceRow,
    still: (row: SequenceRow) => void,
    values: Parameters<SequencesRepository['update']>[2],
    action: string,
    alsoInTransaction?: (trx: Transaction<Database>, locked: SequenceRow) => Promise<void>,
  ): Promise<SequenceRow> {
    const row = await db.transaction().execute(async (trx) => {
      const locked = await sequences.lock(trx, actor.workspaceId, sequence.id);
      if (!locked) throw AppError.domain(404, 'sequence_not_found');
      still(locked);
      await alsoInTransaction?.(trx, locked);
      // Whoever sets the run going is the one the runner's events name (docs/audit.md).
      const updated = await sequences.update(
        trx,
        sequence.id,
        values.state === 'RUNNING' ? { ...values, started_by: actor.userId } : values,
      );
      await writeAudit(trx, {
        userId: actor.userId,
        workspaceId: actor.workspaceId,
        entity: 'sequences',
        entityId: sequence.id,
        label: locked.name,
        action,
        oldValues: { state: locked.state },
        newValues: { state: updated.state },
      });
      return updated;
    });
    await runner.progress(row);
    return row;
  }

  async function view(row: SequenceRow): Promise<SequenceView> {
    return sequenceView(
      row,
      await sequences.drafts([row.id]),
      await lockedDraftIds(runs, [row]),
      await interruptionOf(runs, row),
      await sequences.signed(row.id),
    );
  }

  return { owned, injectionRunning, checkInstrument, transition, view };
}

export type ControlSteps = ReturnType<typeof createControlSteps>;

/** Every rule a start checks, in the order a user fixes them: state, instrument, table, methods, standards. */
export async function checkStart(
  { sequences, samples }: Pick<SequenceControlDependencies, 'sequences' | 'samples'>,
  steps: Pick<ControlSteps, 'injectionRunning' | 'checkInstrument'>,
  sequence: SequenceRow,
): Promise<void> {
  const { injectionRunning, checkInstrument } = steps;
  if (sequence.state === 'RUNNING') throw AppError.domain(409, 'sequence_already_running');
  if (await injectionRunning(sequence)) throw AppError.domain(409, 'sequence_injection_not_finished');
  const device = await checkInstrument(sequence);
  const enabled = (await sequences.drafts([sequence.id])).filter((d) => d.enabled);
  if (enabled.length === 0) throw AppError.domain(400, 'sequence_no_instructions');
  if (enabled.some((d) => d.method_id === null && sequence.method_id === null)) {
    throw AppError.domain(400, 'sequence_no_method');
  }
  if (device.installed_column === null) throw AppError.domain(400, 'device_column_not_configured');
  const injectionsByMethod = new Map<number, number>();
  for (const draft of enabled) {
    const methodId = (draft.method_id ?? sequence.method_id)!;
    injectionsByMethod.set(methodId, (injectionsByMethod.get(methodId) ?? 0) + draft.injections_count);
  }
  for (const [methodId, injections] of injectionsByMethod) {
    const method = await samples.method(sequence.workspace_id, methodId);
    if (!method) throw AppError.domain(400, 'sequence_method_not_configured');
    if (!methodFitsDevice(method, device)) throw AppError.domain(400, 'sequence_method_incompatible');
    checkMethodLimits(method, device);
    checkFractionCollector(method, device, injections);
  }
  const sampleIds = enabled.map((d) => d.sample_id);
  if (sampleIds.some((id) => id === null)) throw AppError.domain(400, 'draft_invalid');
  const rows = await samples.findMany(sequence.workspace_id, sampleIds as number[]);
  if (rows.length !== new Set(sampleIds).size) throw AppError.domain(400, 'draft_invalid');
  // A standard on a row with a calibration level takes its amounts from the template's component table.
  const ownAmounts = new Set(enabled.filter((d) => d.calibration_level === null).map((d) => d.sample_id));
  const standards = rows.filter((row) => row.type === 'standard' && ownAmounts.has(row.id));
  const levels = sequence.template_uuid
    ? levelCount(
        componentsOfSnapshot(await sequences.template(sequence.workspace_id, sequence.template_uuid)),
      )
    : 0;
  if (enabled.some((d) => (d.calibration_level ?? 0) > levels))
    throw AppError.domain(400, 'sequence_standards_incomplete');
  const analytes = await samples.analytes(standards.map((row) => row.id));
  for (const standard of standards) {
    if (!standardComplete(analytes.filter((a) => a.sample_id === standard.id))) {
      throw AppError.domain(400, 'sequence_standards_incomplete');
    }
  }
}
