// REST of manual integration (docs/web.md, "Manual integration on the plot"): the edits a batch holds, the
// batch saved with one reason as one new result version, and the preview of a batch without saving it.
import { z } from 'zod';
import { resultPeakSchema } from './results.ts';

const seconds = z.number().finite().min(0);
const baselineValue = z.number().finite();
const peakNumber = z.number().int().positive();

/** One change to a result's peaks; peak numbers count the peaks as the changes before it left them. */
export const integrationEditSchema = z.discriminatedUnion('operation', [
  z.object({
    operation: z.literal('move'),
    peak_number: peakNumber,
    start_sec: seconds.optional(),
    end_sec: seconds.optional(),
    /** The baseline's value at the peak's start (signal units); else the signal's value there. */
    baseline_start: baselineValue.optional(),
    baseline_end: baselineValue.optional(),
  }),
  z.object({ operation: z.literal('split'), peak_number: peakNumber, at_sec: seconds }),
  z.object({ operation: z.literal('merge'), peak_numbers: z.array(peakNumber).min(2).max(500) }),
  z.object({ operation: z.literal('delete'), peak_number: peakNumber }),
  z.object({ operation: z.literal('add'), start_sec: seconds, end_sec: seconds }),
]);
export type IntegrationEdit = z.infer<typeof integrationEditSchema>;
export type IntegrationOperation = IntegrationEdit['operation'];

/** At most this many changes in one batch. */
export const INTEGRATION_BATCH_LIMIT = 500;

const edits = z.array(integrationEditSchema).max(INTEGRATION_BATCH_LIMIT);

/** POST /api/results/{id}/integration/batch/: every change applied in order, all or nothing. */
export const integrationBatchSchema = z.object({ reason: z.string().max(2000), edits });
export type IntegrationBatch = z.infer<typeof integrationBatchSchema>;

/** POST /api/results/{id}/integration/preview/: the same changes, measured and not saved. */
export const integrationPreviewRequestSchema = z.object({ edits });
export type IntegrationPreviewRequest = z.infer<typeof integrationPreviewRequestSchema>;

/** The preview's answer: the peaks the batch would store (ids are 0: nothing is stored). */
export const integrationPreviewSchema = z.object({
  peaks: z.array(resultPeakSchema.extend({ id: z.number().int().min(0) })),
});
export type IntegrationPreview = z.infer<typeof integrationPreviewSchema>;

/** The body of a refused batch: the catalogue code and text, and which change (1…) was refused. */
export const integrationRefusalBodySchema = z.object({
  code: z.string(),
  detail: z.string(),
  change: z.number().int().positive().optional(),
});
