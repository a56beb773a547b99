import { describe, expect, it } from 'vitest';
import type { SharedSampleQuery } from '@eluent/contracts';
import { reportFromServer } from './reportModel.ts';
import { auditOf, errorsOf } from './reportParts.ts';
import { InvalidAnswerError } from '../api/parse.ts';
import { sharedSampleOf } from '../share/sharedSample.ts';
import {
  auditRow,
  injectionReport,
  injectionRow,
  peakRow,
  resultOf,
  sequenceReport,
} from '../test/reportFixtures.ts';
import { peakColumns } from './PeakTable.tsx';

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

  it('answers nothing for a missing list, and refuses one that is not a list of errors', () => {
    expect(errorsOf(null)).toEqual([]);
    expect(() => errorsOf('broken')).toThrow(InvalidAnswerError);
  });
});

describe('auditOf', () => {
  it('reads a readable audit entry: who, what, each change old → new, the reason', () => {
    expect(
      auditOf(
        auditRow({
          at: '2026-11-24T09:00:00.000Z',
          user: { id: 3, email: 'ana@lab.example', name: null },
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
      ),
    ).toEqual({
      at: '2026-11-24T09:00:00.000Z',
      who: 'ana@lab.example',
      what: 'Sequence row 34 (vial 4)',
      action: 'Changed',
      reason: null,
      changes: ['Vial 3 → 4', 'Method 7'],
    });
    expect(auditOf(auditRow({ user: null, action: 'finish' })).who).toBe('Eluent server');
  });
});

describe('the audit checkpoint of a report', () => {
  it('reads the latest signed checkpoint the server printed on the report', () => {
    const model = reportFromServer(
      sequenceReport({
        audit_checkpoint: {
          chain_seq: 42,
          head_hash: 'ab'.repeat(32),
          created_at: '2026-11-29T00:00:00.000Z',
        },
      }),
    );
    expect(model.auditCheckpoint).toEqual({ chainSeq: 42, headHash: 'ab'.repeat(32) });
  });

  it('has none before the first checkpoint', () => {
    expect(reportFromServer(sequenceReport({ audit_checkpoint: null })).auditCheckpoint).toBeNull();
  });
});

describe('a report that does not match the contract', () => {
  it('is an error naming the field, never a report of blanks and zeros', () => {
    const { audit_checkpoint: _, ...withoutCheckpoint } = sequenceReport();
    expect(() => reportFromServer(withoutCheckpoint)).toThrow(/report, audit_checkpoint/);
    const wrongPeak = sequenceReport({
      injections: [
        injectionRow({ result: resultOf({ peaks: [peakRow({ retention_time_sec: 'soon' as never })] }) }),
      ],
    });
    expect(() => reportFromServer(wrongPeak)).toThrow(
      "The server's answer could not be read (report, injections.0.result.peaks.0.retention_time_sec",
    );
    expect(() => reportFromServer({ kind: 'sequence' })).toThrow(InvalidAnswerError);
  });

  it('prints a figure the data lacks as "—", never 0: a peak without an area', () => {
    const { area: _, ...withoutArea } = peakRow({ number: 2 });
    const report = reportFromServer(
      sequenceReport({
        injections: [injectionRow({ result: resultOf({ peaks: [peakRow(), withoutArea] }) })],
      }),
    );
    const [measured, missing] = report.injections[0]!.peaks;
    expect(missing!.area).toBeNull();
    const areaCell = peakColumns('mAU').find((column) => column.head === 'Area (mAU·s)')!;
    expect(areaCell.cell(missing!)).toBe('—');
    expect(areaCell.cell(measured!)).toBe('1000.000');
  });
});

describe('peaks below the reporting threshold in a report', () => {
  // Areas 1000, 999.6 and 0.4: the last is 0.02 % of the total, under 0.05 % and over 0.01 %.
  const peaks = [
    peakRow({ number: 1, area: 1000, area_percent: 50.01 }),
    peakRow({ number: 2, area: 999.6, area_percent: 49.99 }),
    peakRow({ number: 3, area: 0.4, area_percent: null }),
  ];
  const sequence = (figures: unknown) =>
    reportFromServer(sequenceReport({ injections: [injectionRow({ result: resultOf({ figures, peaks }) })] }))
      .injections[0]!;
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
    const injection = reportFromServer(injectionReport({ results: [resultOf({ figures, peaks })] }))
      .injections[0]!;
    expect(injection.peaks.map((peak) => peak.belowReportingThreshold ?? false)).toEqual([
      false,
      false,
      true,
    ]);
    const answer: SharedSampleQuery = {
      samples_by_pk: {
        id: 1,
        name: 'Drink',
        type: 'sample',
        description: '',
        column_name: null,
        created_at: '2026-11-24T09:00:00.000Z',
        injections: [
          {
            id: 9,
            state: 'complete',
            replicate: 1,
            vial: 1,
            started_at: null,
            finished_at: null,
            method_snapshot: { name: 'Assay' },
            measurements: [
              {
                id: 3,
                name: 'Drink',
                state: 'complete',
                signal_unit: 'mAU',
                points_count: 10,
                duration_sec: 600,
                peaks: peaks.map((peak) => ({
                  ...peak,
                  area: peak.area!,
                  start_code: peak.start_code ?? null,
                  stop_code: peak.stop_code ?? null,
                })),
                processing_results: [{ version: 1, template_snapshot: { name: 'Default' }, figures }],
              },
            ],
          },
        ],
      },
    };
    const shared = sharedSampleOf(answer)!.injections[0]!;
    expect(shared.reportingThresholdPercent).toBe(0.05);
    expect(shared.peaks.at(-1)?.belowReportingThreshold).toBe(true);
    expect(shared.method).toBe('Assay');
  });
});
