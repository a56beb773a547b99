// The one schema of a processing template as the processing core reads it (spec §3, flattened): every
// stored template and every result's template snapshot is checked against it before it is processed.
import { z } from 'zod';
import { integrationEventsSchema } from './integrationEvents.ts';

// Types only: ranges are the editor's to check, and a stored value out of range is the core's to answer.
const number = z.number().finite().nullable().optional();
/** An algorithm key; an unknown key still passes here and is answered per step by the processing core. */
const algorithm = z.string().nullable().optional();
const baselinePoint = z.union([
  z.object({ time_sec: z.number().finite(), value: z.number().finite() }),
  z.tuple([z.number().finite(), z.number().finite()]),
]);

export const processingTemplateSchema = z.looseObject({
  name: z.string().optional(),
  algorithm_base: algorithm,
  algorithm_binj: algorithm,
  algorithm_pdet: algorithm,
  algorithm_peak: algorithm,
  algorithm_nois: algorithm,
  detection_time_start_sec: number,
  detection_time_end_sec: number,
  baseline_correction_anchor_point: number,
  baseline_correction_points: z.array(baselinePoint).nullable().optional(),
  blank_injection_measurement_ulid: z.string().nullable().optional(),
  blank_injection_measurement_id: z.number().int().nullable().optional(),
  peak_detection_min_distance: number,
  peak_detection_min_height: number,
  peak_detection_min_width: number,
  peak_detection_min_prominence: number,
  peak_integration_quality_threshold: number,
  value_at_start: number,
  value_at_end: number,
  integration_events: integrationEventsSchema.nullable().optional(),
  reporting_threshold_percent: z.number().finite().min(0).max(100).nullable().optional(),
  peak_detection_negative_peaks: z.boolean().nullable().optional(),
});

export type CheckedProcessingTemplate = z.infer<typeof processingTemplateSchema>;

/** Each field of a template that fails the schema, with its messages ('template' for the whole). */
export type TemplateProblems = Record<string, string[]>;

/**
 * Checks a (flattened) template before processing: the template, or the problems per field.
 * @example checkProcessingTemplate({ peak_detection_min_width: '3' }) // { ok: false, problems: {…} }
 */
export function checkProcessingTemplate(
  template: unknown,
): { ok: true; template: CheckedProcessingTemplate } | { ok: false; problems: TemplateProblems } {
  const parsed = processingTemplateSchema.safeParse(template);
  if (parsed.success) return { ok: true, template: parsed.data };
  const problems: TemplateProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'template';
    (problems[field] ??= []).push(issue.message);
  }
  return { ok: false, problems };
}
