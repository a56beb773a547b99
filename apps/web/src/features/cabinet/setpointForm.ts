// Reading the setpoints form: numbers as typed, each checked on input against the form rules and the
// instrument's limits (the catalogue message the server would answer with).
import {
  formMessages,
  setpointProblem,
  type HeldSetpoints,
  type SetpointLimits,
  type Setpoints,
} from '@eluent/contracts';

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

const ACTIVITY_TEXT = { purging: 'Purging', equilibrating: 'Equilibrating' } as const;

/** What the pump line says: on or off, what it is busy with and for how long, and the setpoints it holds. */
export function pumpStateText(
  pumpOn: boolean | null,
  activity: keyof typeof ACTIVITY_TEXT | null,
  activityRemainingSec: number | null,
  held: HeldSetpoints | null,
): string {
  const state = `Pump ${pumpOn === null ? '—' : pumpOn ? 'on' : 'off'}`;
  const left = activityRemainingSec !== null ? `, ${Math.ceil(activityRemainingSec / 60)} min left` : '';
  const busy = activity ? ` · ${ACTIVITY_TEXT[activity]}${left}` : '';
  const holds = held
    ? ` · holds ${held.flow_ml_per_min} mL/min, ${held.percent_b} %B, ${held.temperature_c} °C`
    : '';
  return state + busy + holds;
}

/** The server's refusal as one message per field (the messages of a field joined). */
export function fieldMessages(fields: Record<string, readonly string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages.join(' ')]));
}

/** The hint under a setpoint: its range on this instrument, or only the unit when it has none. */
export function rangeHint(min: number | null, max: number | null, unit: string): string {
  if (min !== null && max !== null) return `${min}–${max} ${unit}`;
  if (max !== null) return `up to ${max} ${unit}`;
  return unit;
}
