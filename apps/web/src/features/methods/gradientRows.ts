// The gradient table's rows as the user types them, their per-cell messages (spec §5 wording) and the
// stored `{time_min, percent_b}` steps. A pump programme starts at 0 min, its times increase, %B is 0–100
// and no step lies after the end of the run (docs/methods.md "Gradient").
import { formMessages } from '@eluent/contracts';
import { validate, rules } from '../../lib/validation.ts';
import { gradientSteps, type GradientStep } from './methodFields.ts';

export interface GradientRow {
  time: string;
  percentB: string;
  /** Typed in: its messages show before a submit. */
  touched?: boolean;
}

export interface GradientRowErrors {
  time?: string;
  percentB?: string;
}

/** A new method starts isocratic: one step at 0 min. */
export const defaultGradient: GradientRow[] = [{ time: '0', percentB: '50' }];

const numberPattern = /^-?\d*\.?\d+(e-?\d+)?$/i;

export function gradientRowsOf(gradient: unknown): GradientRow[] {
  const steps = gradientSteps(gradient);
  if (!steps) return defaultGradient;
  return steps.map((step) => ({ time: String(step.timeMin), percentB: String(step.percentB) }));
}

/** One entry per row: what is wrong with its time and its %B (absent when nothing is). */
export function gradientRowErrors(rows: readonly GradientRow[], runTimeText: string): GradientRowErrors[] {
  const runTime = numberPattern.test(runTimeText.trim()) ? Number(runTimeText) : null;
  let previous: number | null = null;
  return rows.map((row, index) => {
    const errors: GradientRowErrors = {};
    const time =
      validate(row.time, [rules.required, rules.pattern(numberPattern, 'Time'), rules.minValue(0)]) ??
      (index === 0 && Number(row.time) !== 0 ? formMessages.gradientStart : null) ??
      (previous !== null && !(Number(row.time) > previous) ? formMessages.minValue(previous) : null) ??
      (runTime !== null && Number(row.time) > runTime ? formMessages.maxValue(runTime) : null);
    if (time) errors.time = time;
    else previous = Number(row.time);
    const percentB = validate(row.percentB, [
      rules.required,
      rules.pattern(numberPattern, '%B'),
      rules.minValue(0),
      rules.maxValue(100),
    ]);
    if (percentB) errors.percentB = percentB;
    return errors;
  });
}

export function gradientValid(rows: readonly GradientRow[], runTimeText: string): boolean {
  return gradientRowErrors(rows, runTimeText).every((errors) => !errors.time && !errors.percentB);
}

/** The rows the plot can draw: those whose time and %B are both valid, in table order. */
export function plottableSteps(rows: readonly GradientRow[], runTimeText: string): GradientStep[] {
  const errors = gradientRowErrors(rows, runTimeText);
  return rows.flatMap((row, index) =>
    errors[index]?.time || errors[index]?.percentB
      ? []
      : [{ timeMin: Number(row.time), percentB: Number(row.percentB) }],
  );
}

/** The stored programme: `{time_min, percent_b}` per row. */
export function gradientOf(rows: readonly GradientRow[]): Array<{ time_min: number; percent_b: number }> {
  return rows.map((row) => ({ time_min: Number(row.time), percent_b: Number(row.percentB) }));
}
