import { describe, expect, it } from 'vitest';
import { auditOf, errorsOf, reportFromServer } from './reportModel.ts';
import { sharedSampleOf } from '../share/sharedSample.ts';

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

describe('peaks below the reporting threshold in a report', () => {
  // Areas 1000, 999.6 and 0.4: the last is 0.02 % of the total, under 0.05 % and over 0.01 %.
  const peaks = [
    { number: 1, area: 1000, area_percent: 50.01, start_code: 'B', stop_code: 'B' },
    { number: 2, area: 999.6, area_percent: 49.99, start_code: 'B', stop_code: 'B' },
    { number: 3, area: 0.4, area_percent: null, start_code: 'B', stop_code: 'B' },
  ];
  const sequence = (figures: unknown) =>
    reportFromServer({
      kind: 'sequence',
      sequence: { id: 4, name: 'Assay' },
      injections: [{ injection_id: 9, measurement_id: 3, result: { figures, peaks } }],
    }).injections[0]!;
  const flagged = (figures: unknown) =>
    sequence(figures).peaks.flatMap((peak) => (peak.belowReportingThreshold ? [peak.number] : []));

  it('flags the peaks under the threshold the result recorded, and names that threshold', () => {
    const figures = { detection: { reportingThreshold: { percent: 0.05, below: 1 } } };
    expect(flagged(figures)).toEqual([3]);
    expect(sequence(figures).reportingThresholdPercent).toBe(0.05);
    expect(flagged({ detection: { reportingThreshold: { percent: 0.01, below: 0 } } })).toEqual([]);
  });

  it('lists every peak as reported when the result applied no threshold', () => {
    expect(flagged({ detection: {} })).toEqual([]);
    expect(flagged(null)).toEqual([]);
    expect(sequence(null).reportingThresholdPercent).toBeNull();
  });

  it('reads an injection report and a shared sample the same way', () => {
    const figures = { detection: { reportingThreshold: { percent: 0.05, below: 1 } } };
    const injection = reportFromServer({
      kind: 'injection',
      injection: { id: 9 },
      results: [{ figures, peaks }],
    }).injections[0]!;
    expect(injection.peaks.map((peak) => peak.belowReportingThreshold ?? false)).toEqual([
      false,
      false,
      true,
    ]);
    const shared = sharedSampleOf({
      samples_by_pk: {
        id: 1,
        injections: [
          { id: 9, measurements: [{ id: 3, peaks, processing_results: [{ version: 1, figures }] }] },
        ],
      },
    })!.injections[0]!;
    expect(shared.reportingThresholdPercent).toBe(0.05);
    expect(shared.peaks.at(-1)?.belowReportingThreshold).toBe(true);
  });
});
