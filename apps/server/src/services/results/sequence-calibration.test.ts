// Which standards calibrate which injection: the whole sequence, or the blocks of standards bracketing each
// sample (docs/assay.md "Bracketing and check standards"), and the amounts read through each bracket's curve.
import { describe, expect, it } from 'vitest';
import type { AnalyteRow } from '../../repositories/samples.ts';
import {
  bracketsOf,
  planCalibration,
  type PlannedInjection,
  type PlannedPeak,
} from './sequence-calibration.ts';

const snapshot = {
  components: [{ name: 'caffeine', expected_retention_time_sec: 332, window_sec: 15, model: 'linear' }],
};

let nextId = 1;
function injection(
  type: 'sample' | 'blank' | 'standard',
  sampleId: number,
  options: { check?: boolean; volumeUl?: number; dilution?: number; weightMg?: number; level?: number } = {},
): PlannedInjection {
  const id = nextId++;
  return {
    measurementId: id,
    sample: { id: sampleId, type },
    draft: {
      weight_mg: options.weightMg ?? null,
      dilution: options.dilution ?? null,
      check_standard: options.check ?? false,
      calibration_level: options.level ?? null,
    },
    volumeUl: options.volumeUl ?? 10,
    result: { id: 1000 + id, template_snapshot: snapshot, errors: [] },
  };
}

const analyte = (sampleId: number, amount: number): AnalyteRow =>
  ({
    id: sampleId,
    sample_id: sampleId,
    analyte: 'caffeine',
    amount,
    amount_unit: 'µg/mL',
    retention_time_sec: 332,
    window_sec: 15,
  }) as AnalyteRow;

const peak = (of: PlannedInjection, area: number): PlannedPeak => ({
  id: of.result!.id * 10,
  result_id: of.result!.id,
  name: 'caffeine',
  area,
});

describe('bracketsOf', () => {
  it('total: every calibrating standard in one bracket 0; check standards and samples read through it', () => {
    const run = [injection('standard', 1), injection('sample', 9), injection('standard', 2, { check: true })];
    const { brackets, bracketOf } = bracketsOf(run, 'total');
    expect(brackets).toEqual([{ number: 0, standards: [run[0]!.measurementId] }]);
    expect([...bracketOf.values()]).toEqual([0, 0]);
  });

  it('bracketed: blocks split by samples (not blanks); each sample reads the blocks around it', () => {
    const run = [
      injection('sample', 8), // before the first block: block 1 alone
      injection('standard', 1),
      injection('blank', 7), // a blank does not split a block
      injection('standard', 2),
      injection('sample', 9),
      injection('sample', 9),
      injection('standard', 1),
      injection('standard', 2, { check: true }), // a check standard splits, and reads blocks 2–3
      injection('standard', 2),
      injection('sample', 10), // after the last block: block 3 alone
    ];
    const id = (index: number) => run[index]!.measurementId;
    const { brackets, bracketOf } = bracketsOf(run, 'bracketed');
    expect(brackets).toEqual([
      { number: 1, standards: [id(1), id(3)] },
      { number: 2, standards: [id(1), id(3), id(6)] },
      { number: 3, standards: [id(6), id(8)] },
      { number: 4, standards: [id(8)] },
    ]);
    expect(bracketOf.get(id(0))).toBe(1);
    expect(bracketOf.get(id(2))).toBe(2); // the blank inside block 1 reads blocks 1–2
    expect(bracketOf.get(id(4))).toBe(2);
    expect(bracketOf.get(id(5))).toBe(2);
    expect(bracketOf.get(id(7))).toBe(3);
    expect(bracketOf.get(id(9))).toBe(4);
  });
});

describe('planCalibration', () => {
  it('reads a sample drifting with the response through its own bracket', () => {
    // Response factor 10 area per µg/mL in the first block, 12 in the second (a drifting detector).
    const a1 = injection('standard', 1);
    const b1 = injection('standard', 2);
    const sample = injection('sample', 9);
    const a2 = injection('standard', 1);
    const b2 = injection('standard', 2);
    const late = injection('sample', 9);
    const run = [a1, b1, sample, a2, b2, late];
    const peaks = [
      peak(a1, 250),
      peak(b1, 1000),
      peak(sample, 352),
      peak(a2, 300),
      peak(b2, 1200),
      peak(late, 384),
    ];
    const analytes = [analyte(1, 25), analyte(2, 100)];
    const bracketed = planCalibration({ injections: run, analytes, peaks, mode: 'bracketed' });
    expect(bracketed.rows.map((row) => [row.bracket, row.slope])).toEqual([
      [1, expect.closeTo(11, 9)],
      [2, expect.closeTo(12, 9)],
    ]);
    const amountOf = (of: PlannedInjection, plan = bracketed) =>
      plan.amounts.find((a) => a.peakId === of.result!.id * 10)!.amount!;
    // Between the blocks: the curve of both (slope 11); after the last: that block alone (slope 12).
    expect(amountOf(sample)).toBeCloseTo(32, 9);
    expect(amountOf(late)).toBeCloseTo(32, 9);
    // The whole-sequence curve reads both through one slope of 11.
    const total = planCalibration({ injections: run, analytes, peaks, mode: 'total' });
    expect(total.rows.map((row) => row.bracket)).toEqual([0]);
    expect(amountOf(late, total)).toBeCloseTo(384 / 11, 9);
  });

  it('keeps a check standard out of the curve and reads it like a sample; standards keep their amounts', () => {
    const a = injection('standard', 1);
    const b = injection('standard', 2);
    const check = injection('standard', 3, { check: true });
    const weighed = injection('sample', 9, { volumeUl: 5, dilution: 25, weightMg: 50 });
    const run = [a, b, check, weighed];
    const peaks = [peak(a, 250), peak(b, 1000), peak(check, 510), peak(weighed, 160)];
    const plan = planCalibration({
      injections: run,
      analytes: [analyte(1, 25), analyte(2, 100), analyte(3, 50)],
      peaks,
      mode: 'total',
    });
    expect(plan.rows[0]!.points).toBe(
      JSON.stringify([
        { amount: 25, area: 250, measurement_id: a.measurementId },
        { amount: 100, area: 1000, measurement_id: b.measurementId },
      ]),
    );
    const amount = (of: PlannedInjection) => plan.amounts.find((x) => x.peakId === of.result!.id * 10)!;
    expect(amount(a)).toEqual({ peakId: a.result!.id * 10, amount: 25, unit: 'µg/mL' });
    expect(amount(check).amount).toBeCloseTo(51, 9);
    // 160 area at 5 µL: 16 µg/mL on the 10 µL curve, × 10/5 = 32, × 25 / 50 = 16 µg/mL per mg.
    expect(amount(weighed)).toEqual({
      peakId: weighed.result!.id * 10,
      amount: expect.closeTo(16, 9),
      unit: 'µg/mL per mg',
    });
  });

  it('reads a standard on a row with a level from the component table: the same amounts as typed twice', () => {
    const levelled = { components: [{ ...snapshot.components[0], levels: [25, 100], amount_unit: 'µg/mL' }] };
    const typed = [injection('standard', 1), injection('standard', 2), injection('sample', 9)];
    // One standard sample with no amounts of its own, injected at levels 1 and 2 of the table.
    const once = [
      injection('standard', 5, { level: 1 }),
      injection('standard', 5, { level: 2 }),
      injection('sample', 9),
    ].map((of) => ({ ...of, result: { ...of.result!, template_snapshot: levelled } }));
    const areas = [250, 1000, 400];
    const planOf = (run: PlannedInjection[], analytes: AnalyteRow[]) =>
      planCalibration({
        injections: run,
        analytes,
        peaks: run.map((of, i) => peak(of, areas[i]!)),
        mode: 'total',
      });
    const twice = planOf(typed, [analyte(1, 25), analyte(2, 100)]);
    const single = planOf(once, []);
    expect(single.rows.map((row) => [row.slope, row.intercept])).toEqual(
      twice.rows.map((row) => [row.slope, row.intercept]),
    );
    expect(single.amounts.map((a) => [a.amount, a.unit])).toEqual(
      twice.amounts.map((a) => [a.amount, a.unit]),
    );
    expect(single.amounts.map((a) => a.amount)).toEqual([25, 100, 40]);
  });
});
