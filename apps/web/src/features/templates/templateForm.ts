// The template editor's text values and their conversion to the flattened template (spec §3, §5).
import {
  algorithmLabels,
  type AlgorithmKey,
  type FlatTemplate,
  type IntegrationEvent,
} from '@eluent/contracts';
import type { ProcessingTemplate } from '@eluent/signal';
import { formMessages } from '@eluent/contracts';
import { rules, type Rule } from '../../lib/validation.ts';
import { algorithmDefaults } from './templatesApi.ts';

export type Step = 'binj' | 'base' | 'pdet' | 'peak' | 'nois';
export type TimeUnit = 'min' | 'sec';

/** Steps in pipeline order with the algorithm keys each offers (labels from spec §3). */
export const steps: { step: Step; title: string; keys: AlgorithmKey[] }[] = [
  { step: 'binj', title: 'Blank injection', keys: ['none', 'simple_subtraction'] },
  {
    step: 'base',
    title: 'Baseline correction',
    keys: ['none', 'diagonal_correction', 'horizontal_correction', 'manual', 'simple_subtraction'],
  },
  { step: 'pdet', title: 'Peak detection', keys: ['default', 'wavelet_v1'] },
  {
    step: 'peak',
    title: 'Peak integration',
    keys: ['none', 'default', 'peak_fitting_v1', 'first_derivative'],
  },
  { step: 'nois', title: 'Noise', keys: ['none', 'start', 'median', 'finish'] },
];

export const labelOf = (key: AlgorithmKey) => algorithmLabels[key];

const numberKeys = [
  'detection_start',
  'detection_end',
  'baseline_correction_anchor_point',
  'blank_injection_measurement_id',
  'peak_detection_min_distance',
  'peak_detection_min_height',
  'peak_detection_min_width',
  'peak_detection_min_prominence',
  'peak_integration_quality_threshold',
  'value_at_start',
  'value_at_end',
  'reporting_threshold_percent',
] as const;

const nonNegative = new Set<string>([
  'detection_start',
  'detection_end',
  'baseline_correction_anchor_point',
  'blank_injection_measurement_id',
  'peak_detection_min_distance',
  'peak_detection_min_width',
  'peak_detection_min_prominence',
  'peak_integration_quality_threshold',
  'reporting_threshold_percent',
]);

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** Text values of the form; detection times in the chosen unit. */
export function toFormValues(template: FlatTemplate, unit: TimeUnit): Record<string, string> {
  const toUnit = (sec: number | null) => (sec === null ? null : unit === 'min' ? sec / 60 : sec);
  return {
    name: template.name,
    algorithm_binj: template.algorithm_binj ?? algorithmDefaults.algorithm_binj,
    algorithm_base: template.algorithm_base ?? algorithmDefaults.algorithm_base,
    algorithm_pdet: template.algorithm_pdet ?? algorithmDefaults.algorithm_pdet,
    algorithm_peak: template.algorithm_peak ?? algorithmDefaults.algorithm_peak,
    algorithm_nois: template.algorithm_nois ?? algorithmDefaults.algorithm_nois,
    detection_start: text(toUnit(template.detection_time_start_sec)),
    detection_end: text(toUnit(template.detection_time_end_sec)),
    baseline_correction_anchor_point: text(template.baseline_correction_anchor_point),
    baseline_correction_points: pointsText(template.baseline_correction_points),
    blank_injection_measurement_id: text(template.blank_injection_measurement_id),
    blank_injection_measurement_ulid: text(template.blank_injection_measurement_ulid),
    peak_detection_min_distance: text(template.peak_detection_min_distance),
    peak_detection_min_height: text(template.peak_detection_min_height),
    peak_detection_min_width: text(template.peak_detection_min_width),
    peak_detection_min_prominence: text(template.peak_detection_min_prominence),
    peak_integration_quality_threshold: text(template.peak_integration_quality_threshold),
    value_at_start: text(template.value_at_start),
    value_at_end: text(template.value_at_end),
    reporting_threshold_percent: text(template.reporting_threshold_percent),
    peak_detection_negative_peaks: template.peak_detection_negative_peaks ? 'true' : '',
  };
}

function pointsText(points: unknown): string {
  if (!Array.isArray(points)) return '';
  return points
    .map((point: unknown) =>
      Array.isArray(point)
        ? `${String(point[0])}, ${String(point[1])}`
        : `${String((point as { time_sec: number }).time_sec)}, ${String((point as { value: number }).value)}`,
    )
    .join('\n');
}

/** `time, value` per line; null when a line does not parse. */
export function parsePoints(value: string): [number, number][] | null {
  const points: [number, number][] = [];
  for (const line of value.split('\n')) {
    if (line.trim() === '') continue;
    const parts = line
      .split(/[,;\s]+/)
      .filter(Boolean)
      .map(Number);
    if (parts.length !== 2 || parts.some((part) => !Number.isFinite(part))) return null;
    points.push([parts[0]!, parts[1]!]);
  }
  return points;
}

export function templateRules(key: string): readonly Rule[] {
  if ((numberKeys as readonly string[]).includes(key)) {
    const numeric = rules.pattern(/^-?\d*\.?\d+(e-?\d+)?$/i, 'Value');
    // A share of the total area: 0 (off) to 100 %.
    if (key === 'reporting_threshold_percent') return [numeric, rules.minValue(0), rules.maxValue(100)];
    return nonNegative.has(key) ? [numeric, rules.minValue(0)] : [numeric];
  }
  return [];
}

/** The end of the detection window must come after its start; manual points must parse. */
export function templateExtraCheck(
  key: string,
  value: string,
  values: Record<string, string>,
): string | null {
  if (key === 'detection_end' && value.trim() !== '' && (values.detection_start ?? '').trim() !== '') {
    const start = Number(values.detection_start);
    if (Number.isFinite(start) && !(Number(value) > start)) return formMessages.minValue(start);
  }
  if (key === 'baseline_correction_points' && parsePoints(value) === null) {
    return `Baseline points ${formMessages.invalid}`;
  }
  return null;
}

const numberOrNull = (value: string | undefined) =>
  value === undefined || value.trim() === '' || !Number.isFinite(Number(value)) ? null : Number(value);

/**
 * The flattened template for saving: detection window in the minute fields when the unit is minutes, the
 * integration events of the editor's table (those of `base` when not given).
 */
export function toFlatTemplate(
  values: Record<string, string>,
  unit: TimeUnit,
  base: FlatTemplate,
  events: IntegrationEvent[] | null = base.integration_events ?? null,
): Partial<FlatTemplate> {
  const start = numberOrNull(values.detection_start);
  const end = numberOrNull(values.detection_end);
  return {
    ...base,
    name: values.name ?? '',
    algorithm_binj: values.algorithm_binj || null,
    algorithm_base: values.algorithm_base || null,
    algorithm_pdet: values.algorithm_pdet || null,
    algorithm_peak: values.algorithm_peak || null,
    algorithm_nois: values.algorithm_nois || null,
    ...(unit === 'min'
      ? {
          detection_time_start_min: start,
          detection_time_end_min: end,
          detection_time_start_sec: null,
          detection_time_end_sec: null,
        }
      : { detection_time_start_sec: start, detection_time_end_sec: end }),
    baseline_correction_anchor_point: numberOrNull(values.baseline_correction_anchor_point),
    baseline_correction_points: parsePoints(values.baseline_correction_points ?? '') ?? null,
    blank_injection_measurement_id: numberOrNull(values.blank_injection_measurement_id),
    blank_injection_measurement_ulid: values.blank_injection_measurement_ulid?.trim() || null,
    peak_detection_min_distance: numberOrNull(values.peak_detection_min_distance),
    peak_detection_min_height: numberOrNull(values.peak_detection_min_height),
    peak_detection_min_width: numberOrNull(values.peak_detection_min_width),
    peak_detection_min_prominence: numberOrNull(values.peak_detection_min_prominence),
    peak_integration_quality_threshold: numberOrNull(values.peak_integration_quality_threshold),
    value_at_start: numberOrNull(values.value_at_start),
    value_at_end: numberOrNull(values.value_at_end),
    reporting_threshold_percent: numberOrNull(values.reporting_threshold_percent),
    peak_detection_negative_peaks: values.peak_detection_negative_peaks === 'true' ? true : null,
    integration_events: events,
  };
}

/** The template the processing core previews: the detection window in seconds. */
export function toPreviewTemplate(
  values: Record<string, string>,
  unit: TimeUnit,
  base: FlatTemplate,
  events: IntegrationEvent[] | null = base.integration_events ?? null,
): ProcessingTemplate {
  const flat = toFlatTemplate(values, unit, base, events);
  const factor = unit === 'min' ? 60 : 1;
  const start = numberOrNull(values.detection_start);
  const end = numberOrNull(values.detection_end);
  const { detection_time_start_min: _start, detection_time_end_min: _end, ...rest } = flat;
  void _start;
  void _end;
  return {
    ...(rest as ProcessingTemplate),
    detection_time_start_sec: start === null ? null : start * factor,
    detection_time_end_sec: end === null ? null : end * factor,
  };
}

/** A time typed in one unit, in the other (`factor` 60: minutes to seconds); what is no number stays as typed. */
export function convertTime(value: string | undefined, factor: number): string {
  if (value === undefined || value.trim() === '' || !Number.isFinite(Number(value))) return value ?? '';
  return String(Math.round(Number(value) * factor * 1e6) / 1e6);
}

/** The form's detection window, typed in the other time unit, converted to `unit`. */
export function withTimeUnit(values: Record<string, string>, unit: TimeUnit): Record<string, string> {
  const factor = unit === 'sec' ? 60 : 1 / 60;
  return {
    ...values,
    detection_start: convertTime(values.detection_start, factor),
    detection_end: convertTime(values.detection_end, factor),
  };
}
