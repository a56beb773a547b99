// What a sequence answers over REST: its row, its table with each row's lock, and the interrupted injection
// a paused run waits on (docs/sequences.md "Interrupted injections" and "Runs are protected").
import {
  domainErrors,
  type DomainErrorCode,
  type Draft,
  type Interruption,
  type RecordLock,
  type Sequence,
} from '@eluent/contracts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { DraftRow, SequenceRow } from '../../repositories/sequences.ts';
import type { Executor } from '../../db/schema.ts';

/** The answers' shapes are the REST types of packages/contracts. */
export type DraftView = Draft;
export type InterruptionView = Interruption;
export type SequenceView = Sequence;

export function draftView(row: DraftRow, locked = false): DraftView {
  const { owner_id: _owner, workspace_id: _workspace, created_at: _created, ...rest } = row;
  return { ...rest, locked };
}

/** Why a sequence cannot be edited or deleted now: signed first (for good), else running. */
export function sequenceLock(row: Pick<SequenceRow, 'state'>, signed: boolean): RecordLock | null {
  if (signed) return { code: 'record_signed_locked', detail: domainErrors.record_signed_locked };
  if (row.state === 'RUNNING' || row.state === 'PAUSED')
    return { code: 'sequence_running_locked', detail: domainErrors.sequence_running_locked };
  return null;
}

export function sequenceView(
  row: SequenceRow,
  drafts: DraftRow[],
  locked: ReadonlySet<number> = new Set(),
  interruption: InterruptionView | null = null,
  signed = false,
): SequenceView {
  // Who started the run is in the audit trail (docs/audit.md); the spec's sequence answer stays as it is.
  const { owner_id: _owner, workspace_id: _workspace, started_by: _startedBy, ...rest } = row;
  return {
    ...rest,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    started_at: row.started_at?.toISOString() ?? null,
    finished_at: row.finished_at?.toISOString() ?? null,
    drafts: drafts.filter((d) => d.sequence_id === row.id).map((d) => draftView(d, locked.has(d.id))),
    interruption,
    lock: sequenceLock(row, signed),
  };
}

function detailOf(reason: string | null): string | null {
  return reason !== null && reason in domainErrors ? domainErrors[reason as DomainErrorCode] : null;
}

/** The interrupted injection a PAUSED sequence waits on, or null. */
export async function interruptionOf(
  runs: RunsRepository,
  row: SequenceRow,
  trx?: Executor,
): Promise<InterruptionView | null> {
  if (row.state !== 'PAUSED' || row.current_injection_id === null) return null;
  const injection = await runs.injection(row.current_injection_id, trx);
  if (injection?.state !== 'interrupted') return null;
  const measurement = await runs.measurementOfInjection(injection.id, trx);
  return {
    injection_id: injection.id,
    draft_id: injection.draft_id,
    replicate: injection.replicate,
    measurement_id: measurement?.id ?? null,
    points_count: measurement?.points_count ?? 0,
    reason: injection.interrupted_reason,
    detail: detailOf(injection.interrupted_reason),
  };
}
