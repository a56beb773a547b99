// A stored template as GraphQL `postprocessingTemplates` answers it: the columns of the generated result
// type, its jsonb groups and integration events read with zod before the editor flattens them.
import { z } from 'zod';
import { integrationEventSchema } from './integrationEvents.ts';

const group = z.record(z.string(), z.unknown());

export const storedTemplateSchema = z.object({
  uuid: z.string(),
  id: z.number().int(),
  name: z.string(),
  is_archived: z.boolean(),
  is_favorite: z.boolean(),
  algorithm_base: z.string(),
  algorithm_binj: z.string(),
  algorithm_pdet: z.string(),
  algorithm_peak: z.string(),
  algorithm_nois: z.string(),
  params_pdet: group,
  params_peak: group,
  params_base: group,
  params_binj: group,
  params_nois: group,
  params_dtim: group,
  /** The extension fields: present when the document asked for them (…_WITH_EXTENSIONS). */
  integration_events: z.array(integrationEventSchema).nullable().optional(),
  reporting_threshold_percent: z.number().nullable().optional(),
  peak_detection_negative_peaks: z.boolean().nullable().optional(),
});
export type StoredTemplate = z.infer<typeof storedTemplateSchema>;
