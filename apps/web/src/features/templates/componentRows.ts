// The component table as the editor holds it (text as typed, times in minutes) and as the server takes it
// (numbers, times in seconds); the server's field reasons (`components.2.name`) mapped back onto rows.
import type { componentModels, componentWeightings } from '@eluent/contracts';
import {
  DEFAULT_COMPONENT_WINDOW_SEC,
  suitabilityLimitKeys,
  type Component,
  type SuitabilityLimits,
} from '@eluent/contracts';

/** A component's system-suitability limits as typed; empty: not tested. */
export type SuitabilityRow = Record<keyof SuitabilityLimits, string>;

const noLimits = (): SuitabilityRow =>
  Object.fromEntries(suitabilityLimitKeys.map((key) => [key, ''])) as SuitabilityRow;

export interface ComponentRow {
  name: string;
  /** Minutes, as typed. */
  expectedMin: string;
  /** ± minutes, as typed. */
  windowMin: string;
  isReference: boolean;
  model: (typeof componentModels)[number];
  weighting: (typeof componentWeightings)[number];
  amountUnit: string;
  /** Level amounts, separated by commas or spaces. */
  levels: string;
  suitability: SuitabilityRow;
}

const trimmed = (value: number) => String(Math.round(value * 1e6) / 1e6);

export function rowOf(component: Component): ComponentRow {
  return {
    name: component.name,
    expectedMin: trimmed(component.expected_retention_time_sec / 60),
    windowMin: trimmed(component.window_sec / 60),
    isReference: component.is_reference,
    model: component.model,
    weighting: component.weighting,
    amountUnit: component.amount_unit,
    levels: component.levels.join(', '),
    suitability: Object.fromEntries(
      suitabilityLimitKeys.map((key) => [
        key,
        component.suitability[key] === null ? '' : String(component.suitability[key]),
      ]),
    ) as SuitabilityRow,
  };
}

export const emptyRow = (): ComponentRow => ({
  name: '',
  expectedMin: '',
  windowMin: trimmed(DEFAULT_COMPONENT_WINDOW_SEC / 60),
  isReference: false,
  model: 'linear',
  weighting: 'none',
  amountUnit: 'µg/mL',
  levels: '',
  suitability: noLimits(),
});

/** Text that is not a number stays NaN, so the server names the field instead of taking a guess. */
const minutesToSec = (text: string) => (text.trim() === '' ? Number.NaN : Number(text) * 60);

export function componentOf(row: ComponentRow): Record<string, unknown> {
  return {
    name: row.name.trim(),
    expected_retention_time_sec: minutesToSec(row.expectedMin),
    window_sec: minutesToSec(row.windowMin),
    is_reference: row.isReference,
    model: row.model,
    weighting: row.weighting,
    amount_unit: row.amountUnit.trim(),
    levels: row.levels
      .split(/[\s,;]+/)
      .filter((part) => part !== '')
      .map(Number),
    suitability: Object.fromEntries(
      suitabilityLimitKeys.map((key) => {
        const text = row.suitability[key].trim();
        // Not a number stays NaN, so the server names the field.
        return [key, text === '' ? null : Number(text)];
      }),
    ),
  };
}

/** `{ "components.1.name": ["Names must be unique"] }` → per row index, per field, the first reason. */
export function rowProblems(
  fields: Record<string, string[]> | undefined,
): Map<number, Record<string, string>> {
  const problems = new Map<number, Record<string, string>>();
  for (const [key, messages] of Object.entries(fields ?? {})) {
    const match = /^components\.(\d+)\.([a-z_]+(?:\.[a-z_]+)?)/.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const row = problems.get(index) ?? {};
    row[match[2]!] ??= messages[0] ?? '';
    problems.set(index, row);
  }
  return problems;
}
