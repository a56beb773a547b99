// Reading the setpoints form: numbers as typed, each checked on input against the form rules and the
// instrument's limits (the catalogue message the server would answer with).
import { formMessages, setpointProblem, type SetpointLimits, type Setpoints } from '@eluent/contracts';

export type SetpointField = 'flow_ml_per_min' | 'percent_b' | 'temperature_c';
export type SetpointTexts = Record<SetpointField, string>;

/** The values to send and the message per refused field (none when all are fine). */
export function readSetpoints(
  texts: SetpointTexts,
  limits: SetpointLimits,
): { values: Setpoints; errors: Partial<Record<SetpointField, string>> } {
  const values: Setpoints = {};
  const errors: Partial<Record<SetpointField, string>> = {};
  for (const field of ['flow_ml_per_min', 'percent_b', 'temperature_c'] as const) {
    const text = texts[field].trim();
    if (text === '') continue;
    const value = Number(text);
    if (!Number.isFinite(value)) errors[field] = formMessages.invalid;
    else if (field === 'flow_ml_per_min' && value <= 0) errors[field] = formMessages.minValue(0);
    else if (field === 'percent_b' && (value < 0 || value > 100))
      errors[field] = value < 0 ? formMessages.minValue(0) : formMessages.maxValue(100);
    else values[field] = value;
  }
  for (;;) {
    const problem = setpointProblem(values, limits);
    if (!problem) break;
    errors[problem.field] = problem.message;
    delete values[problem.field];
  }
  return { values, errors };
}
