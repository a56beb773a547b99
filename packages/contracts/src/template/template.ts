import type { IntegrationEvent } from './integrationEvents.ts';

/** The flattened post-processing template the client edits (spec §3). */
export interface FlatTemplate {
  uuid: string | null;
  id: number | null;
  name: string;
  is_archived: boolean;
  is_favorite: boolean;
  algorithm_base: string | null;
  algorithm_binj: string | null;
  algorithm_pdet: string | null;
  algorithm_peak: string | null;
  algorithm_nois: string | null;
  detection_time_start_sec: number | null;
  detection_time_end_sec: number | null;
  detection_time_start_min?: number | null;
  detection_time_end_min?: number | null;
  baseline_correction_anchor_point: number | null;
  baseline_correction_points: unknown;
  blank_injection_measurement_ulid: string | null;
  blank_injection_measurement_id: number | null;
  peak_detection_min_distance: number | null;
  peak_detection_min_height: number | null;
  peak_detection_min_width: number | null;
  peak_detection_min_prominence: number | null;
  peak_integration_quality_threshold: number | null;
  value_at_start: number | null;
  value_at_end: number | null;
  /** Beyond spec §3 (columns of their own, docs/processing.md "Integration events"); null: none. */
  integration_events: IntegrationEvent[] | null;
  /** Reporting threshold in % of the total area; null: 0.05 % (ICH Q3A/Q3B). */
  reporting_threshold_percent: number | null;
  /** Detect negative peaks; null: off (the CDS default). */
  peak_detection_negative_peaks: boolean | null;
}

/** The template's fields beyond spec §3's groups: stored in columns of their own, never in a params group. */
export const templateExtensionFields = [
  'integration_events',
  'reporting_threshold_percent',
  'peak_detection_negative_peaks',
] as const;

/** Defaults of spec §3: every field null, name empty, flags false. */
export const templateDefaults: FlatTemplate = {
  uuid: null,
  id: null,
  name: '',
  is_archived: false,
  is_favorite: false,
  algorithm_base: null,
  algorithm_binj: null,
  algorithm_pdet: null,
  algorithm_peak: null,
  algorithm_nois: null,
  detection_time_start_sec: null,
  detection_time_end_sec: null,
  baseline_correction_anchor_point: null,
  baseline_correction_points: null,
  blank_injection_measurement_ulid: null,
  blank_injection_measurement_id: null,
  peak_detection_min_distance: null,
  peak_detection_min_height: null,
  peak_detection_min_width: null,
  peak_detection_min_prominence: null,
  peak_integration_quality_threshold: null,
  value_at_start: null,
  value_at_end: null,
  integration_events: null,
  reporting_threshold_percent: null,
  peak_detection_negative_peaks: null,
};

type Group = Record<string, unknown>;

/** The save payload of CreateOrUpdatePostprocessingTemplate (spec §7). */
export interface TemplatePayload {
  uuid: string | null;
  name: string;
  is_favorite: boolean;
  is_archived: boolean;
  algorithm_base: string | null;
  algorithm_binj: string | null;
  algorithm_pdet: string | null;
  algorithm_peak: string | null;
  algorithm_nois: string | null;
  params_pdet: Group;
  params_peak: Group;
  params_base: Group;
  params_binj: Group;
  params_nois: Group;
  params_dtim: Group;
}

/** Keeps the named fields of a template, dropping undefined and null (spec §5). */
function pick(template: Partial<FlatTemplate>, keys: readonly (keyof FlatTemplate)[]): Group {
  const group: Group = {};
  for (const key of keys) {
    const value = template[key];
    if (value !== undefined && value !== null) group[key] = value;
  }
  return group;
}

/**
 * Prepares a flattened template for saving (spec §4–5): name trimmed or 'Default name'; minutes → whole
 * seconds overriding seconds, minute fields removed; `manual` → `horizontal_correction`; `id` and
 * `baseline_correction_points` dropped. Returns a new object.
 */
export function prepareTemplate(template: Partial<FlatTemplate>): Partial<FlatTemplate> {
  const prepared: Partial<FlatTemplate> = { ...template };
  prepared.name = (template.name ?? '').trim() || 'Default name';
  const { detection_time_start_min: startMin, detection_time_end_min: endMin } = template;
  if (startMin !== undefined && startMin !== null)
    prepared.detection_time_start_sec = Math.round(startMin * 60);
  if (endMin !== undefined && endMin !== null) prepared.detection_time_end_sec = Math.round(endMin * 60);
  delete prepared.detection_time_start_min;
  delete prepared.detection_time_end_min;
  if (prepared.algorithm_base === 'manual') prepared.algorithm_base = 'horizontal_correction';
  delete prepared.id;
  delete prepared.baseline_correction_points;
  return prepared;
}

/** Groups a (prepared) flattened template into the save payload (spec §5 payload rules). */
export function toTemplatePayload(template: Partial<FlatTemplate>): TemplatePayload {
  const peak = template.algorithm_peak ?? null;
  const base = template.algorithm_base ?? null;
  const binj = template.algorithm_binj ?? null;
  return {
    uuid: template.uuid ?? null,
    name: template.name ?? '',
    is_favorite: template.is_favorite ?? false,
    is_archived: template.is_archived ?? false,
    algorithm_base: base,
    algorithm_binj: binj,
    algorithm_pdet: template.algorithm_pdet ?? null,
    algorithm_peak: peak,
    algorithm_nois: template.algorithm_nois ?? null,
    params_peak:
      peak === 'none'
        ? {}
        : peak === 'first_derivative'
          ? pick(template, ['value_at_start', 'value_at_end'])
          : pick(template, ['peak_integration_quality_threshold']),
    params_base:
      base === 'manual'
        ? pick(template, ['baseline_correction_points'])
        : base === 'horizontal_correction'
          ? pick(template, ['baseline_correction_anchor_point'])
          : {},
    params_binj:
      binj === 'none'
        ? {}
        : pick(template, ['blank_injection_measurement_ulid', 'blank_injection_measurement_id']),
    params_pdet: pick(template, [
      'peak_detection_min_distance',
      'peak_detection_min_width',
      'peak_detection_min_prominence',
      'peak_detection_min_height',
    ]),
    params_dtim: pick(template, ['detection_time_start_sec', 'detection_time_end_sec']),
    params_nois: {},
  };
}

/** The extension fields a save sends beside the payload (`CREATE_OR_UPDATE_TEMPLATE_WITH_EXTENSIONS`). */
export type TemplateExtensions = Pick<FlatTemplate, (typeof templateExtensionFields)[number]>;

/** The extension fields of a flattened template, null where not set, for the extension save document. */
export function toTemplateExtensions(template: Partial<FlatTemplate>): TemplateExtensions {
  return {
    integration_events: template.integration_events ?? null,
    reporting_threshold_percent: template.reporting_threshold_percent ?? null,
    peak_detection_negative_peaks: template.peak_detection_negative_peaks ?? null,
  };
}

/** Reverse flattening: a stored template (payload shape) back into the client object, defaults first. */
export function flattenTemplate(
  stored: Partial<TemplatePayload> & Partial<TemplateExtensions> & { id?: number | null },
): FlatTemplate {
  const groups = [
    stored.params_pdet,
    stored.params_peak,
    stored.params_base,
    stored.params_binj,
    stored.params_nois,
    stored.params_dtim,
  ];
  const flat: FlatTemplate = { ...templateDefaults };
  const target = flat as unknown as Record<string, unknown>;
  for (const group of groups) {
    for (const [key, value] of Object.entries(group ?? {})) {
      if (Object.hasOwn(templateDefaults, key)) target[key] = value;
    }
  }
  for (const key of [
    'uuid',
    'id',
    'name',
    'is_archived',
    'is_favorite',
    'algorithm_base',
    'algorithm_binj',
    'algorithm_pdet',
    'algorithm_peak',
    'algorithm_nois',
    ...templateExtensionFields,
  ] as const) {
    const value = (stored as Record<string, unknown>)[key];
    if (value !== undefined) target[key] = value;
  }
  return flat;
}
