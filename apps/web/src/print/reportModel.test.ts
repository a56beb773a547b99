import { describe, expect, it } from 'vitest';
import { auditOf, errorsOf, reportFromServer } from './reportModel.ts';

describe('errorsOf', () => {
  it('reads catalogue errors and processing step errors', () => {
    expect(
      errorsOf([
        { code: 'processing_no_peaks', message: 'No peaks found.' },
        { step: 'baseline', algorithm: 'bogus', version: null, error: 'Unknown postprocessing value' },
        { code: 'processing_general_error' },
        {},
      ]),
    ).toEqual([
      'No peaks found.',
      'baseline: Unknown postprocessing value',
      'processing_general_error',
      'error',
    ]);
  });

  it('answers nothing for a missing list', () => {
    expect(errorsOf(null)).toEqual([]);
  });
});

describe('auditOf', () => {
  it('reads a readable audit entry: who, what, each change old → new, the reason', () => {
    expect(
      auditOf({
        at: '2026-11-24T09:00:00.000Z',
        user: { id: 3, email: 'ana@lab.example' },
        entity: 'drafts',
        entity_label: 'Sequence row',
        entity_id: '34',
        label: 'vial 4',
        action: 'update',
        action_label: 'Changed',
        changes: [
          { field: 'vial', label: 'Vial', old: '3', new: '4' },
          { field: 'method_id', label: 'Method', old: null, new: '7' },
        ],
        reason: null,
      }),
    ).toEqual({
      at: '2026-11-24T09:00:00.000Z',
      who: 'ana@lab.example',
      what: 'Sequence row 34 (vial 4)',
      action: 'Changed',
      reason: null,
      changes: ['Vial 3 → 4', 'Method 7'],
    });
    expect(auditOf({ user: null, entity: 'sequences', entity_id: '1', action: 'finish' }).who).toBe(
      'Eluent server',
    );
  });
});

describe('the audit checkpoint of a report', () => {
  const report = {
    kind: 'sequence',
    generated_at: '2026-11-29T01:00:00.000Z',
    sequence: { id: 4, name: 'Assay' },
  };

  it('reads the latest signed checkpoint the server printed on the report', () => {
    const model = reportFromServer({
      ...report,
      audit_checkpoint: { chain_seq: 42, head_hash: 'ab'.repeat(32), created_at: '2026-11-29T00:00:00.000Z' },
    });
    expect(model.auditCheckpoint).toEqual({ chainSeq: 42, headHash: 'ab'.repeat(32) });
  });

  it('has none before the first checkpoint, or for stored reports made without one', () => {
    expect(reportFromServer({ ...report, audit_checkpoint: null }).auditCheckpoint).toBeNull();
    expect(reportFromServer(report).auditCheckpoint).toBeNull();
  });
});
