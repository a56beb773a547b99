// Standards entered once (docs/assay.md "Standards entered once"): a standard's row that names a
// calibration level reads its amounts from the component table of the template its result was made with
// (Chromeleon's amount table and level column); a row without one keeps the standard's own amounts. The
// known amounts of an injection feed its calibration points and a check standard's deviation.
import { componentsOfSnapshot, levelAmounts } from '@eluent/contracts';
import type { AnalyteRow } from '../../repositories/samples.ts';

/** A standard's known amount of an analyte on one injection. */
export interface KnownAmount {
  sample_id: number;
  analyte: string;
  amount: number | null;
  amount_unit: string;
}

/** What the known amounts of an injection are read from: its sample, its row's level and its result. */
export interface LevelledInjection {
  sample: { id: number } | null;
  draft: { calibration_level: number | null } | null;
  result: { template_snapshot: unknown } | null;
}

/**
 * The known amounts of a standard's injection: at its row's level, the component table's amounts, then the
 * standard's own analytes that no component names; without a level, the standard's own analytes.
 */
export function knownAmountsOf(injection: LevelledInjection, analytes: readonly AnalyteRow[]): KnownAmount[] {
  const sampleId = injection.sample?.id;
  if (sampleId === undefined) return [];
  const own: KnownAmount[] = analytes
    .filter((a) => a.sample_id === sampleId)
    .map((a) => ({ sample_id: sampleId, analyte: a.analyte, amount: a.amount, amount_unit: a.amount_unit }));
  const level = injection.draft?.calibration_level ?? null;
  if (level === null) return own;
  const table = levelAmounts(componentsOfSnapshot(injection.result?.template_snapshot), level).map(
    (row): KnownAmount => ({ sample_id: sampleId, ...row }),
  );
  const named = new Set(table.map((row) => row.analyte.toLowerCase()));
  return [...table, ...own.filter((row) => !named.has(row.analyte.toLowerCase()))];
}
