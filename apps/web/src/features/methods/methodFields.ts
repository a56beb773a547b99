// The method fields of spec §3 grouped as a chromatographer reads a method: pump, injection, detector, …
import type { Method } from './methodsApi.ts';

export type FieldKind = 'text' | 'number' | 'integer' | 'boolean' | 'json';

export interface MethodField {
  key: keyof Method;
  label: string;
  kind: FieldKind;
  unit?: string;
}

export interface MethodGroup {
  id: string;
  title: string;
  icon: string;
  fields: MethodField[];
}

export const methodGroups: MethodGroup[] = [
  {
    id: 'pump',
    title: 'Pump and gradient',
    icon: 'water_drop',
    fields: [
      { key: 'mobile_phase', label: 'Mobile phase', kind: 'text' },
      { key: 'buffer', label: 'Buffer', kind: 'text' },
      { key: 'solvents', label: 'Solvents', kind: 'json' },
      { key: 'gradient', label: 'Gradient', kind: 'json' },
      { key: 'flow_rate_ml_per_min', label: 'Flow rate', kind: 'number', unit: 'mL/min' },
      { key: 'refill_flow_rate_ml_per_min', label: 'Refill flow rate', kind: 'number', unit: 'mL/min' },
      { key: 'syringe_refill_speed', label: 'Syringe refill speed', kind: 'number' },
      { key: 'run_time_min', label: 'Run time', kind: 'number', unit: 'min' },
      { key: 'run_time_ms', label: 'Run time', kind: 'integer', unit: 'ms' },
      { key: 'temperature', label: 'Column temperature', kind: 'number', unit: '°C' },
      { key: 'pressure_min', label: 'Minimum pressure', kind: 'number', unit: 'bar' },
      { key: 'pressure_reach_sec', label: 'Time to reach pressure', kind: 'number', unit: 's' },
    ],
  },
  {
    id: 'injection',
    title: 'Injection',
    icon: 'vaccines',
    fields: [
      { key: 'injection_ul', label: 'Injection volume', kind: 'number', unit: 'µL' },
      { key: 'injection_ms', label: 'Injection time', kind: 'integer', unit: 'ms' },
      { key: 'injection_sec', label: 'Injection time', kind: 'number', unit: 's' },
      { key: 'injection_delay_sec', label: 'Injection delay', kind: 'number', unit: 's' },
      { key: 'needle_depth_mm', label: 'Needle depth', kind: 'number', unit: 'mm' },
      { key: 'wash_after_injection', label: 'Wash after injection', kind: 'boolean' },
      { key: 'shaking_duration_ms', label: 'Shaking duration', kind: 'integer', unit: 'ms' },
      { key: 'shaking_duration_sec', label: 'Shaking duration', kind: 'number', unit: 's' },
    ],
  },
  {
    id: 'detector',
    title: 'Detector',
    icon: 'sensors',
    fields: [
      { key: 'analog_signal_type', label: 'Signal type', kind: 'text' },
      { key: 'analog_signal_description', label: 'Signal description', kind: 'text' },
      { key: 'detector_single_channel', label: 'Single channel', kind: 'json' },
      { key: 'calibration_delay_sec', label: 'Calibration delay', kind: 'number', unit: 's' },
      { key: 'measurements', label: 'Measurements', kind: 'json' },
    ],
  },
  {
    id: 'fraction',
    title: 'Fraction collector',
    icon: 'science',
    fields: [
      { key: 'fraction_collector_interval_sec', label: 'Interval', kind: 'number', unit: 's' },
      { key: 'fraction_collector_start_delay_sec', label: 'Start delay', kind: 'number', unit: 's' },
      { key: 'fraction_collector_starts_with_vial', label: 'First vial', kind: 'integer' },
    ],
  },
  {
    id: 'valve',
    title: 'Valve',
    icon: 'alt_route',
    fields: [
      { key: 'valve_routine', label: 'Routine', kind: 'json' },
      { key: 'valve_initial_position', label: 'Initial position', kind: 'integer' },
      { key: 'valve_does_change_position', label: 'Changes position', kind: 'boolean' },
      { key: 'valve_change_position_after_sec', label: 'Change position after', kind: 'number', unit: 's' },
    ],
  },
  {
    id: 'hardware',
    title: 'Hardware',
    icon: 'memory',
    fields: [{ key: 'hardware_configuration', label: 'Hardware configuration', kind: 'json' }],
  },
];

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
      return typeof value === 'string' ? value : jsonText(value);
    case 'text':
      return scalarText(value);
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

function safeParse(text: string): unknown {
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

/** A flat object of scalars reads as `A: Water, B: Acetonitrile`; anything else as JSON. */
function jsonText(value: unknown): string {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length > 0 && entries.every(([, item]) => typeof item !== 'object' || item === null)) {
      return entries.map(([key, item]) => `${key}: ${scalarText(item)}`).join(', ');
    }
  }
  return JSON.stringify(value);
}
