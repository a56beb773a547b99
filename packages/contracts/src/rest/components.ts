// Components of a processing template (docs/processing.md, "Components and calibration"): what the
// template's peaks are called, where they are expected and how each is calibrated. The server parses
// PUT /api/templates/{uuid}/components/ with these schemas and the web app edits the same shape.
import type { CalibrationModelName, CalibrationWeighting } from '@eluent/signal';
import { z } from 'zod';
import { formMessages } from '../forms.ts';
import { recordLockSchema } from './signatures.ts';

export const componentModels = [
  'linear',
  'linear_through_origin',
  'quadratic',
  'average_response_factor',
] as const satisfies readonly CalibrationModelName[];
export const componentWeightings = ['none', '1/x', '1/x2'] as const satisfies readonly CalibrationWeighting[];

/** Words for the models and weightings, as the editor, the calibration view and reports show them. */
export const componentModelLabels: Record<(typeof componentModels)[number], string> = {
  linear: 'Linear',
  linear_through_origin: 'Linear through origin',
  quadratic: 'Quadratic',
  average_response_factor: 'Average response factor',
};
export const componentWeightingLabels: Record<(typeof componentWeightings)[number], string> = {
  none: '1',
  '1/x': '1/x',
  '1/x2': '1/x²',
};

/** Half-width of a component's retention-time window when none is given (the standards' default). */
export const DEFAULT_COMPONENT_WINDOW_SEC = 6;

const limit = z.number().positive(formMessages.minValue(0)).max(1e9).nullable().default(null);

/**
 * System-suitability limits of a component (docs/assay.md "System suitability"); null: not tested. Plates,
 * tailing, resolution, S/N and the retention-time window are tested on each injection's peak; the %RSD of
 * the areas over a standard's replicate injections and a check standard's deviation on the sequence.
 */
export const suitabilityLimitsSchema = z.object({
  plates_min: limit,
  tailing_max: limit,
  resolution_min: limit,
  signal_to_noise_min: limit,
  /** The peak's retention time within the expected time ± this, s. */
  retention_time_window_sec: limit,
  /** %RSD of the areas of one standard's replicate injections at most this. */
  area_rsd_max_percent: limit,
  /** A check standard's amount within ± this % of its known amount. */
  check_deviation_max_percent: limit,
});
export type SuitabilityLimits = z.infer<typeof suitabilityLimitsSchema>;
export const suitabilityLimitKeys = Object.keys(suitabilityLimitsSchema.shape) as Array<
  keyof SuitabilityLimits
>;

export const componentSchema = z.object({
  name: z.string().trim().min(1, formMessages.required).max(120),
  expected_retention_time_sec: z.number().positive(formMessages.minValue(0)).max(1e6),
  /** Half-width: a peak within ± window of the expected time is this component. */
  window_sec: z.number().positive(formMessages.minValue(0)).max(1e5).default(DEFAULT_COMPONENT_WINDOW_SEC),
  /** The reference peak other components' relative retention is measured against. */
  is_reference: z.boolean().default(false),
  model: z.enum(componentModels).default('linear'),
  weighting: z.enum(componentWeightings).default('none'),
  amount_unit: z.string().trim().max(40).default(''),
  /** Amounts of the calibration levels, lowest first (what the standards are expected to hold). */
  levels: z
    .array(z.number().positive(formMessages.minValue(0)).max(1e12))
    .max(50)
    .default([]),
  suitability: suitabilityLimitsSchema.prefault({}),
});
export type Component = z.infer<typeof componentSchema>;

/**
 * How a template's calibration takes the standards (docs/assay.md "Bracketing and check standards"): every
 * calibrating standard of the sequence, or the blocks of standards around each sample.
 */
export const calibrationModes = ['total', 'bracketed'] as const;
export type CalibrationMode = (typeof calibrationModes)[number];
export const calibrationModeLabels: Record<CalibrationMode, string> = {
  total: 'Whole sequence',
  bracketed: 'Bracketing standards',
};

export const componentsBodySchema = z
  .object({
    components: z.array(componentSchema).max(200),
    /** Absent: the template keeps its mode. */
    calibration_mode: z.enum(calibrationModes).optional(),
  })
  .superRefine((body, context) => {
    const seen = new Set<string>();
    body.components.forEach((component, index) => {
      const key = component.name.toLowerCase();
      if (seen.has(key))
        context.addIssue({
          code: 'custom',
          path: ['components', index, 'name'],
          message: formMessages.unique,
        });
      seen.add(key);
    });
    if (body.components.filter((c) => c.is_reference).length > 1)
      context.addIssue({ code: 'custom', path: ['components'], message: formMessages.oneReference });
  });
export type ComponentsBody = z.infer<typeof componentsBodySchema>;

/** GET/PUT /api/templates/{uuid}/components/ answer. */
export const templateComponentsSchema = z.object({
  template_uuid: z.string(),
  components: z.array(componentSchema),
  calibration_mode: z.enum(calibrationModes),
  /**
   * Why the template (settings and components) cannot be edited now: a signed record or a running sequence
   * uses it (docs/signatures.md "Locks"); a copy is a new template. Null while it may change.
   */
  lock: recordLockSchema.nullable(),
});
export type TemplateComponents = z.infer<typeof templateComponentsSchema>;

/** POST /api/templates/{uuid}/components/retention-times/ body: the standard's measurement to read. */
export const retentionTimesFromStandardSchema = z.object({ measurement_id: z.number().int().positive() });

/** Its answer: the template's components with the names whose retention times were set. */
export const retentionTimesUpdatedSchema = templateComponentsSchema.extend({ updated: z.array(z.string()) });

/**
 * The components a stored template snapshot carries; an old snapshot (before components) or a damaged list
 * has none.
 */
export function componentsOfSnapshot(snapshot: unknown): Component[] {
  const list = (snapshot as { components?: unknown } | null)?.components;
  const parsed = z.array(componentSchema).safeParse(list ?? []);
  return parsed.success ? parsed.data : [];
}

/** What a standard holds of one component at a calibration level of the component table. */
export interface LevelAmount {
  analyte: string;
  amount: number;
  amount_unit: string;
}

/**
 * The amounts of calibration level `level` (1 = the lowest) read from a component table: every component
 * that has that level (docs/assay.md "Standards entered once").
 * @example levelAmounts([{ name: 'Caffeine', levels: [10, 25], amount_unit: 'µg/mL', … }], 2) // Caffeine 25
 */
export function levelAmounts(components: readonly Component[], level: number): LevelAmount[] {
  return components.flatMap((component) => {
    const amount = component.levels[level - 1];
    return amount === undefined
      ? []
      : [{ analyte: component.name, amount, amount_unit: component.amount_unit }];
  });
}

/** The number of calibration levels a component table has (its longest list of levels). */
export function levelCount(components: readonly Component[]): number {
  return Math.max(0, ...components.map((component) => component.levels.length));
}
