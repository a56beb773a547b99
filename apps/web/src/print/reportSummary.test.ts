import { describe, expect, it } from 'vitest';
import { reportFromServer } from './reportModel.ts';
import { cssString, pageRules } from './reportPages.ts';
import {
  auditRow,
  calibrationOfAnalyte,
  injectionReport,
  injectionRow,
  peakRow,
  replicateLine,
  resultOf,
  sequenceReport,
  sequenceVerdict,
  suitabilityLine,
} from '../test/reportFixtures.ts';

const peak = (amount: number | null) =>
  peakRow({ number: 1, name: 'caffeine', retention_time_sec: 332, area: 1000, amount, amount_unit: 'µg/mL' });

const passing = [suitabilityLine({ checks: [{ test: 'plates', limit: 2000, value: 5400, pass: true }] })];

const standard = { id: 1, name: 'Caffeine 25', type: 'standard' as const };
const drink = { id: 9, name: 'Drink', type: 'sample' as const };

/** A sequence report as the server answers it: two standards, a drink injected twice at 5 µL. */
const data = sequenceReport({
  injections: [
    injectionRow({
      injection_id: 1,
      measurement_id: 11,
      sample: standard,
      injection_ul: 10,
      suitability: passing,
      result: resultOf({ peaks: [peak(25)] }),
    }),
    injectionRow({
      injection_id: 2,
      measurement_id: 12,
      sample: drink,
      injection_ul: 5,
      result: resultOf({ peaks: [peak(31.9)] }),
    }),
    injectionRow({
      injection_id: 3,
      measurement_id: 13,
      sample: drink,
      injection_ul: 5,
      result: resultOf({ peaks: [peak(31.8)] }),
    }),
  ],
  // The standard's point of the curve: read back as 24.6 against its 25.
  calibrations: [
    calibrationOfAnalyte({
      residuals: [
        {
          measurement_id: 11,
          amount: 25,
          area: 1000,
          fitted: 1000,
          residual: 0,
          residual_percent: 0,
          back_calculated_amount: 24.6,
        },
      ],
    }),
  ],
  replicates: [
    replicateLine({ sample: drink, count: 2, planned: 2, mean: 31.85, relative_sd_percent: 0.222 }),
  ],
  suitability: [
    sequenceVerdict({
      area_rsd: [
        {
          sample: { id: 1, name: 'Caffeine 25' },
          count: 2,
          planned: 2,
          check: { test: 'area_rsd', limit: 2, value: 0.5, pass: true },
        },
      ],
    }),
  ],
  audit: [
    auditRow({ action: 'create', user: { id: 3, email: 'ana@lab.example', name: null } }),
    auditRow({ action: 'start', user: { id: 5, email: 'bo@lab.example', name: null } }),
    auditRow({ entity: 'injections', action: 'start', user: null }),
  ],
});

describe('the summary of a sequence report', () => {
  it('has one line per sample and component with each amount, the replicates, the volumes and the verdict', () => {
    const report = reportFromServer(data);
    expect(report.summary).toEqual([
      {
        sample: 'Caffeine 25',
        sampleType: 'standard',
        component: 'caffeine',
        // Counted as the standard's area %RSD line counts it: 2 of 2 planned.
        injections: 2,
        amounts: [24.6],
        unit: 'µg/mL',
        mean: null,
        rsdPercent: null,
        volumes: '10',
        suitabilityPass: true,
        planned: 2,
        complete: true,
        nominal: 25,
        deviations: [expect.closeTo(-1.6, 12)],
      },
      {
        sample: 'Drink',
        sampleType: 'sample',
        component: 'caffeine',
        injections: 2,
        amounts: [31.9, 31.8],
        unit: 'µg/mL',
        mean: 31.85,
        rsdPercent: 0.222,
        volumes: '5',
        suitabilityPass: null,
        planned: 2,
        complete: true,
        nominal: null,
        deviations: [null, null],
      },
    ]);
    expect(report.suitability).toEqual([
      {
        component: 'caffeine',
        pass: true,
        status: 'pass',
        injectionsPlanned: 1,
        injections: 1,
        injectionsFailed: 0,
        areaRsd: 'Caffeine 25 (n = 2 of 2): area %RSD 0.5 ≤ 2',
      },
    ]);
    expect(report.injections[0]!.suitability).toEqual(['caffeine: Pass (plates 5400 ≥ 2000)']);
  });

  it('says n 3 of 4 and Incomplete when a planned standard injection has no result', () => {
    const standardRow = (id: number) =>
      injectionRow({
        injection_id: id,
        measurement_id: id,
        sample: standard,
        injection_ul: 10,
        suitability: [suitabilityLine()],
        result: resultOf({ peaks: [peak(25)] }),
      });
    const report = reportFromServer({
      ...data,
      injections: [
        injectionRow({ injection_id: 9, sample: standard, result: null }),
        standardRow(10),
        standardRow(11),
        standardRow(12),
      ],
      replicates: [],
      suitability: [
        sequenceVerdict({
          injections: 3,
          injections_planned: 4,
          status: 'incomplete',
          pass: false,
          area_rsd: [
            {
              sample: { id: 1, name: 'Caffeine 25' },
              count: 3,
              planned: 4,
              check: { test: 'area_rsd', limit: 2, value: 0.5, pass: true },
            },
          ],
        }),
      ],
    });
    expect(report.summary[0]).toMatchObject({ injections: 3, planned: 4, complete: false });
    expect(report.suitability[0]).toMatchObject({
      status: 'incomplete',
      pass: false,
      injectionsPlanned: 4,
      areaRsd: 'Caffeine 25 (n = 3 of 4): area %RSD 0.5 ≤ 2',
    });
  });

  it('names the operator who started the run, and prints it with page numbers and volumes', () => {
    const report = reportFromServer(data);
    expect(report.operator).toBe('bo@lab.example');
    const rules = pageRules(report);
    expect(rules).toContain('"Page " counter(page) " of " counter(pages)');
    expect(rules).toContain('"Operator: bo@lab.example · Injection volume 5, 10 µL"');
    expect(rules).toContain('@page injection-2 {');
    expect(rules).toContain('"Operator: bo@lab.example · Injection volume 5 µL"');
  });

  it("names an injection's operator as the server does, and only the user number for a visitor", () => {
    const injection = (operator: { id: number; email: string | null; name: string | null } | null) =>
      reportFromServer(
        injectionReport({
          injection: {
            id: 9,
            state: 'complete',
            started_at: '2026-11-24T09:00:00.000Z',
            replicate: null,
            vial: 2,
          },
          measurement: { id: 12, name: 'Direct run · vial 2', signal_unit: 'mAU' },
          method_snapshot: { name: 'Direct', injection_ul: 10 },
          operator,
          // A run outside a sequence has no sequence start in its trail.
          audit: [
            auditRow({
              user: { id: 4, email: 'ana@lab.example', name: null },
              entity: 'devices',
              action: 'run',
            }),
          ],
        }),
      );
    expect(injection({ id: 5, email: 'cy@lab.example', name: null }).operator).toBe('cy@lab.example');
    expect(pageRules(injection({ id: 5, email: 'cy@lab.example', name: null }))).toContain(
      '"Operator: cy@lab.example · Injection volume 10 µL"',
    );
    expect(injection({ id: 5, email: null, name: null }).operator).toBe('User 5');
    expect(injection(null).operator).toBeNull();
  });

  it('writes text into CSS strings safely', () => {
    expect(cssString('a "b" \\ c\nd')).toBe('"a \\"b\\" \\\\ c d"');
  });
});
