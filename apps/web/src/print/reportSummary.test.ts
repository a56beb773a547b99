import { describe, expect, it } from 'vitest';
import { reportFromServer } from './reportModel.ts';
import { cssString, pageRules } from './reportPages.ts';

const peak = (amount: number | null) => ({
  number: 1,
  name: 'caffeine',
  retention_time_sec: 332,
  area: 1000,
  amount,
  amount_unit: 'µg/mL',
});

const passing = [
  {
    component: 'caffeine',
    peak_number: 1,
    pass: true,
    checks: [{ test: 'plates', limit: 2000, value: 5400, pass: true }],
  },
];

/** A sequence report as the server answers it: two standards, a drink injected twice at 5 µL. */
const data = {
  kind: 'sequence',
  generated_at: '2026-11-24T12:00:00.000Z',
  sequence: { id: 4, name: 'Assay', state: 'FINISHED', started_at: null },
  injections: [
    {
      injection_id: 1,
      measurement_id: 11,
      sample: { id: 1, name: 'Caffeine 25', type: 'standard' },
      injection_ul: 10,
      suitability: passing,
      result: { peaks: [peak(25)] },
    },
    {
      injection_id: 2,
      sample: { id: 9, name: 'Drink', type: 'sample' },
      injection_ul: 5,
      suitability: [],
      result: { peaks: [peak(31.9)] },
    },
    {
      injection_id: 3,
      sample: { id: 9, name: 'Drink', type: 'sample' },
      injection_ul: 5,
      suitability: [],
      result: { peaks: [peak(31.8)] },
    },
  ],
  // The standard's point of the curve: read back as 24.6 against its 25.
  calibrations: [
    {
      analyte: 'caffeine',
      residuals: [{ measurement_id: 11, amount: 25, back_calculated_amount: 24.6 }],
    },
  ],
  replicates: [
    {
      sample: { id: 9, name: 'Drink', type: 'sample' },
      component: 'caffeine',
      count: 2,
      mean: 31.85,
      relative_sd_percent: 0.222,
    },
  ],
  suitability: [
    {
      component: 'caffeine',
      injections: 1,
      injections_failed: 0,
      pass: true,
      area_rsd: [
        {
          sample: { id: 1, name: 'Caffeine 25' },
          count: 2,
          check: { test: 'area_rsd', limit: 2, value: 0.5, pass: true },
        },
      ],
    },
  ],
  audit: [
    { entity: 'sequences', action: 'create', user: { id: 3, email: 'ana@lab.example' } },
    { entity: 'sequences', action: 'start', user: { id: 5, email: 'bo@lab.example' } },
    { entity: 'injections', action: 'start', user: null },
  ],
};

describe('the summary of a sequence report', () => {
  it('has one line per sample and component with each amount, the replicates, the volumes and the verdict', () => {
    const report = reportFromServer(data);
    expect(report.summary).toEqual([
      {
        sample: 'Caffeine 25',
        sampleType: 'standard',
        component: 'caffeine',
        injections: 1,
        amounts: [24.6],
        unit: 'µg/mL',
        mean: null,
        rsdPercent: null,
        volumes: '10',
        suitabilityPass: true,
        planned: null,
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
        planned: null,
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
    const standard = (id: number) => ({
      injection_id: id,
      sample: { id: 1, name: 'Caffeine 25', type: 'standard' },
      injection_ul: 10,
      suitability: [{ component: 'caffeine', pass: true, checks: [] }],
      result: { peaks: [peak(25)] },
    });
    const report = reportFromServer({
      ...data,
      injections: [
        {
          injection_id: 9,
          sample: { id: 1, name: 'Caffeine 25', type: 'standard' },
          suitability: [],
          result: null,
        },
        standard(10),
        standard(11),
        standard(12),
      ],
      replicates: [],
      suitability: [
        {
          component: 'caffeine',
          injections: 3,
          injections_failed: 0,
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
        },
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
    const injection = (operator: unknown) =>
      reportFromServer({
        kind: 'injection',
        injection: { id: 9, state: 'complete', started_at: '2026-11-24T09:00:00.000Z', vial: 2 },
        measurement: { id: 12, name: 'Direct run · vial 2', signal_unit: 'mAU' },
        method_snapshot: { name: 'Direct', injection_ul: 10 },
        operator,
        // A run outside a sequence has no sequence start in its trail.
        audit: [{ user: { id: 4, email: 'ana@lab.example' }, entity: 'devices', action: 'run' }],
      });
    expect(injection({ id: 5, email: 'cy@lab.example' }).operator).toBe('cy@lab.example');
    expect(pageRules(injection({ id: 5, email: 'cy@lab.example' }))).toContain(
      '"Operator: cy@lab.example · Injection volume 10 µL"',
    );
    expect(injection({ id: 5, email: null }).operator).toBe('User 5');
    expect(injection(null).operator).toBeNull();
  });

  it('writes text into CSS strings safely', () => {
    expect(cssString('a "b" \\ c\nd')).toBe('"a \\"b\\" \\\\ c d"');
  });
});
