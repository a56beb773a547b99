// Runs are protected (docs/sequences.md "Runs are protected"): a row of the table that has run or is running
// is locked (no change, no delete, it keeps its place), and the instrument, method and template of a RUNNING
// or PAUSED sequence stay as the run started. Every write path of the table asks these rules.
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { RunsRepository } from '../../repositories/sequences-runs.ts';
import type { DraftRow, SequenceRow, SequencesRepository } from '../../repositories/sequences.ts';

/**
 * A signed sequence is a record (docs/signatures.md "Locks"): no setting, row, order, deletion or new run
 * changes it. Asked first by every write of a sequence, so the refusal is the same whatever else is wrong;
 * the database refuses the same writes (migration `0020_locks_and_sessions`) for any path that skips this.
 */
export async function checkNotSigned(
  sequences: Pick<SequencesRepository, 'signed'>,
  sequenceId: number,
  trx?: Executor,
): Promise<void> {
  if (await sequences.signed(sequenceId, trx)) throw AppError.domain(409, 'record_signed_locked');
}

export function runActive(row: Pick<SequenceRow, 'state'>): boolean {
  return row.state === 'RUNNING' || row.state === 'PAUSED';
}

/** Rows that have an injection (any run, any outcome), and the current row of an active run. */
export async function lockedDraftIds(
  runs: RunsRepository,
  rows: SequenceRow[],
  trx?: Executor,
): Promise<Set<number>> {
  const locked = new Set(
    await runs.ranDraftIds(
      rows.map((row) => row.id),
      trx,
    ),
  );
  for (const row of rows)
    if (runActive(row) && row.current_draft_id !== null) locked.add(row.current_draft_id);
  return locked;
}

/** Renaming is always allowed; the instrument, method and template of an active run are not changed. */
export function checkSettingsChange(
  current: SequenceRow,
  next: { device_id: number; method_id: number | null; template_uuid: string | null },
): void {
  if (!runActive(current)) return;
  if (next.device_id !== current.device_id) throw AppError.domain(409, 'sequence_running_device_locked');
  if (next.method_id !== current.method_id) throw AppError.domain(409, 'sequence_running_method_locked');
  if (next.template_uuid !== current.template_uuid)
    throw AppError.domain(409, 'sequence_running_template_locked');
}

export function checkDraftUnlocked(locked: ReadonlySet<number>, draftId: number): void {
  if (locked.has(draftId)) throw AppError.domain(409, 'draft_locked');
}

/** A new order of the table keeps every locked row at its place. */
export function checkOrderKeepsLocked(
  existing: DraftRow[],
  ids: number[],
  locked: ReadonlySet<number>,
): void {
  existing.forEach((draft, index) => {
    if (locked.has(draft.id) && ids[index] !== draft.id) throw AppError.domain(409, 'draft_locked');
  });
}
