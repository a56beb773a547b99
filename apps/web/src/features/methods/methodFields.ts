// The method fields of spec §3 grouped as a chromatographer reads an instrument method: pump, column oven,
// injection, detector channel, fraction collector, valve. One unit per quantity: where the spec stores a
// quantity twice (run time in min and ms, injection and shaking time in s and ms) the editor shows the first
// and writes both (docs/methods.md). Solvents and the detector channel are fields, not JSON.
import type { LimitedQuantity } from '@eluent/contracts';
import type { Method } from './methodsApi.ts';

export type FieldKind = 'text' | 'number' | 'integer' | 'boolean' | 'json' | 'choice';

export interface MethodField {
  /** A method column, or a part of one: `solvent_a` (solvents.A), `wavelength_nm` (the detector channel). */
  key: string;
  label: string;
  kind: FieldKind;
  unit?: string;
  /** The instrument limit this field is checked against. */
  limit?: LimitedQuantity;
  /** Values below this bound are refused whatever the instrument (`>` when `exclusive`). */
  min?: { bound: number; exclusive?: boolean };
  /** The bound of the instrument contract (packages/contracts device method) when no instrument is chosen. */
  max?: number;
  /** A `choice` field's values, the first the default. */
  options?: readonly { value: string; label: string }[];
  /** One line under the field saying what it does. */
  help?: string;
}

export interface MethodGroup {
  id: string;
  title: string;
  icon: string;
  fields: MethodField[];
}

const positive = { bound: 0, exclusive: true };

/** The method's policy on an interrupted injection (docs/sequences.md "Interrupted injections"). */
const interruptedInjectionChoices = [
  { value: 'pause', label: 'Pause the sequence' },
  { value: 'reinject_once', label: 'Re-inject once, then pause' },
  { value: 'skip', label: 'Skip to the next row' },
] as const;
const zeroOrMore = { bound: 0 };

export const methodGroups: MethodGroup[] = [
  {
    id: 'pump',
    title: 'Pump and gradient',
    icon: 'water_drop',
    fields: [
      { key: 'solvent_a', label: 'Solvent A', kind: 'text' },
      { key: 'solvent_b', label: 'Solvent B', kind: 'text' },
      {
        key: 'flow_rate_ml_per_min',
        label: 'Flow rate',
        kind: 'number',
        unit: 'mL/min',
        limit: 'flow_rate_ml_per_min',
        min: positive,
        max: 100,
      },
      { key: 'run_time_min', label: 'Run time', kind: 'number', unit: 'min', min: positive, max: 1440 },
      {
        key: 'pressure_max',
        label: 'Maximum pressure (shut-off)',
        kind: 'number',
        unit: 'bar',
        limit: 'pressure_max',
        min: zeroOrMore,
        max: 2000,
      },
      {
        key: 'pressure_min',
        label: 'Minimum pressure (shut-off)',
        kind: 'number',
        unit: 'bar',
        limit: 'pressure_min',
        min: zeroOrMore,
        max: 2000,
      },
      {
        key: 'pressure_reach_sec',
        label: 'Time to build pressure before the minimum applies',
        kind: 'number',
        unit: 's',
        min: zeroOrMore,
        max: 3600,
      },
      { key: 'mobile_phase', label: 'Mobile phase', kind: 'text' },
      { key: 'buffer', label: 'Buffer', kind: 'text' },
      {
        key: 'refill_flow_rate_ml_per_min',
        label: 'Refill flow rate',
        kind: 'number',
        unit: 'mL/min',
        limit: 'refill_flow_rate_ml_per_min',
        min: positive,
        max: 100,
      },
      { key: 'syringe_refill_speed', label: 'Syringe refill speed', kind: 'number', min: zeroOrMore },
    ],
  },
  {
    id: 'oven',
    title: 'Column oven',
    icon: 'thermostat',
    fields: [
      {
        key: 'temperature',
        label: 'Column temperature',
        kind: 'number',
        unit: '°C',
        limit: 'temperature',
        min: zeroOrMore,
        max: 150,
      },
    ],
  },
  {
    id: 'injection',
    title: 'Injection',
    icon: 'vaccines',
    fields: [
      {
        key: 'injection_ul',
        label: 'Injection volume',
        kind: 'number',
        unit: 'µL',
        limit: 'injection_ul',
        min: positive,
        max: 5000,
      },
      { key: 'injection_sec', label: 'Injection time', kind: 'number', unit: 's', min: zeroOrMore },
      { key: 'injection_delay_sec', label: 'Injection delay', kind: 'number', unit: 's', min: zeroOrMore },
      {
        key: 'needle_depth_mm',
        label: 'Needle depth',
        kind: 'number',
        unit: 'mm',
        min: { bound: -10 },
        max: 10,
      },
      { key: 'wash_after_injection', label: 'Wash after injection', kind: 'boolean' },
      { key: 'shaking_duration_sec', label: 'Shaking duration', kind: 'number', unit: 's', min: zeroOrMore },
    ],
  },
  {
    id: 'detector',
    title: 'Detector channel',
    icon: 'sensors',
    fields: [
      {
        key: 'wavelength_nm',
        label: 'Wavelength',
        kind: 'number',
        unit: 'nm',
        limit: 'wavelength_nm',
        min: { bound: 190 },
        max: 950,
      },
      { key: 'bandwidth_nm', label: 'Bandwidth', kind: 'number', unit: 'nm', min: positive, max: 400 },
      { key: 'data_rate_hz', label: 'Data rate', kind: 'number', unit: 'Hz', min: { bound: 0.5 }, max: 100 },
      { key: 'analog_signal_type', label: 'Signal type', kind: 'text' },
      { key: 'analog_signal_description', label: 'Signal description', kind: 'text' },
      {
        key: 'calibration_delay_sec',
        label: 'Calibration delay',
        kind: 'number',
        unit: 's',
        min: zeroOrMore,
      },
    ],
  },
  {
    id: 'fraction',
    title: 'Fraction collector',
    icon: 'science',
    fields: [
      { key: 'fraction_collector_interval_sec', label: 'Interval', kind: 'number', unit: 's' },
      {
        key: 'fraction_collector_start_delay_sec',
        label: 'Start delay',
        kind: 'number',
        unit: 's',
        min: zeroOrMore,
      },
      { key: 'fraction_collector_starts_with_vial', label: 'First vial', kind: 'integer' },
    ],
  },
  {
    id: 'valve',
    title: 'Valve',
    icon: 'alt_route',
    fields: [
      { key: 'valve_initial_position', label: 'Initial position', kind: 'integer', min: zeroOrMore },
      { key: 'valve_does_change_position', label: 'Changes position', kind: 'boolean' },
      {
        key: 'valve_change_position_after_sec',
        label: 'Change position after',
        kind: 'number',
        unit: 's',
        min: zeroOrMore,
      },
    ],
  },
  {
    id: 'sequence',
    title: 'In a sequence',
    icon: 'playlist_play',
    fields: [
      {
        key: 'on_interrupted_injection',
        label: 'When an injection is interrupted',
        kind: 'choice',
        options: interruptedInjectionChoices,
        help: 'An injection is interrupted when its instrument is lost or Stop is pressed on it. Pause waits for you; re-inject runs the row again once, then pauses; skip goes on with the next row and the summary shows the replicate missing.',
      },
    ],
  },
];

/** Spec fields without a chromatographic meaning of their own, kept as JSON under "Advanced". */
export const advancedFields: MethodField[] = [
  { key: 'measurements', label: 'Measurements', kind: 'json' },
  { key: 'valve_routine', label: 'Valve routine', kind: 'json' },
];

/** The detector channel's keys inside `detector_single_channel`. */
export const channelKeys = ['wavelength_nm', 'bandwidth_nm', 'data_rate_hz'] as const;

function objectOf(value: unknown): Record<string, unknown> | null {
  const parsed: unknown = typeof value === 'string' ? safeParse(value) : value;
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : null;
}

/**
 * A field's stored value: a column, a solvent of `solvents`, a key of the detector channel, or a quantity
 * kept in one unit from its other column (run time from ms when only ms is stored).
 */
export function methodFieldValue(method: Partial<Method>, key: string): unknown {
  if (key === 'solvent_a') return objectOf(method.solvents)?.A;
  if (key === 'solvent_b') return objectOf(method.solvents)?.B;
  if ((channelKeys as readonly string[]).includes(key))
    return objectOf(method.detector_single_channel)?.[key];
  const value = (method as Record<string, unknown>)[key];
  if (value !== null && value !== undefined) return value;
  if (key === 'run_time_min') return scaled(method.run_time_ms, 1 / 60_000);
  if (key === 'injection_sec') return scaled(method.injection_ms, 1 / 1000);
  if (key === 'shaking_duration_sec') return scaled(method.shaking_duration_ms, 1 / 1000);
  return value;
}

function scaled(value: number | null | undefined, factor: number): number | null {
  return typeof value === 'number' ? Number((value * factor).toPrecision(12)) : null;
}

/** One value as the view shows it; dashes when missing. */
export function formatMethodValue(field: MethodField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (field.kind) {
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'number':
    case 'integer':
      return field.unit ? `${scalarText(value)} ${field.unit}` : scalarText(value);
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    case 'text':
      return scalarText(value);
    case 'choice':
      return field.options?.find((option) => option.value === value)?.label ?? scalarText(value);
  }
}

export interface GradientStep {
  timeMin: number;
  percentB: number;
}

/** The gradient as `{time_min, percent_b}` rows (the examples' shape); null when it has another shape. */
export function gradientSteps(gradient: unknown): GradientStep[] | null {
  const parsed: unknown = typeof gradient === 'string' ? safeParse(gradient) : gradient;
  if (!Array.isArray(parsed) || parsed.length === 0) return null;
  const steps: GradientStep[] = [];
  for (const row of parsed as unknown[]) {
    if (typeof row !== 'object' || row === null) return null;
    const { time_min: timeMin, percent_b: percentB } = row as Record<string, unknown>;
    if (typeof timeMin !== 'number' || typeof percentB !== 'number') return null;
    steps.push({ timeMin, percentB });
  }
  return steps;
}

export function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Numbers, strings and booleans as text; anything else as JSON. */
export function scalarText(value: unknown): string {
  return typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);
}
