import { describe, expect, it } from 'vitest';
import { integrationAuditLines, type AuditedPeak } from './integration-audit-text.ts';

const peak = (number: number, startMin: number, endMin: number, area: number, name: string | null = null) =>
  ({
    number,
    name,
    retention_time_sec: ((startMin + endMin) / 2) * 60,
    start_sec: startMin * 60,
    end_sec: endMin * 60,
    area,
  }) satisfies AuditedPeak;

describe('integrationAuditLines', () => {
  it('reads a moved end as the chromatographer says it, in the figure rules', () => {
    expect(
      integrationAuditLines(
        [peak(3, 1.9, 2.05, 136.912345678912, 'Caffeine')],
        [peak(3, 1.9, 2.1100000000000003, 139.2000000000001, 'Caffeine')],
        'mAU',
      ),
    ).toEqual(['Peak 3 (Caffeine): end 2.05 → 2.11 min, area 136.9 → 139.2 mAU·s']);
  });

  it('names deletions, additions, merges and splits with the numbers seen before the change', () => {
    expect(
      integrationAuditLines(
        [
          peak(1, 0.5, 0.7, 12),
          peak(4, 3, 3.2, 50),
          peak(5, 3.2, 3.4, 25, 'Theobromine'),
          peak(7, 5, 5.5, 80),
        ],
        [peak(4, 3, 3.4, 75.5), peak(6, 5, 5.2, 30), peak(7, 5.2, 5.5, 50), peak(9, 8, 8.3, 4)],
        'mAU',
      ),
    ).toEqual([
      'Peak 1 deleted (area 12 mAU·s)',
      'Peaks 4, 5 (Theobromine) merged: 3–3.4 min, area 50 + 25 → 75.5 mAU·s',
      'Peak 7 split at 5.2 min: area 80 → 30 + 50 mAU·s',
      'Peak added: 8–8.3 min, area 4 mAU·s',
    ]);
  });

  it('leaves entries written before peaks carried numbers to the field-by-field reading', () => {
    const { number: _number, ...unnumbered } = peak(2, 1, 2, 3);
    expect(integrationAuditLines([unnumbered], [], 'mAU')).toBeNull();
  });
});
