// REST of background reprocessing (docs/processing.md): the body a job is created with and the job the
// web app follows (its progress also arrives as `processing_job` events on `users:{id}`).
import { z } from 'zod';
import { processingJobEventSchema } from '../realtime/payloads.ts';

export const MAX_MEASUREMENTS_PER_JOB = 10_000;
const id = z.number().int().positive();

/** POST /api/processing-jobs/: a template (null: each measurement's own) over exactly one target. */
export const processingJobInputSchema = z
  .object({
    template_uuid: z.uuid().nullable().optional(),
    measurement_id: id.optional(),
    measurement_ids: z.array(id).min(1).max(MAX_MEASUREMENTS_PER_JOB).optional(),
    sequence_id: id.optional(),
  })
  .refine(
    (value) =>
      [value.measurement_id, value.measurement_ids, value.sequence_id].filter((v) => v !== undefined)
        .length === 1,
    {
      message: 'Give exactly one of measurement_id, measurement_ids, sequence_id',
      path: ['non_field_errors'],
    },
  );
export type ProcessingJobInput = z.input<typeof processingJobInputSchema>;

const event = processingJobEventSchema.shape;

/** A job: POST /api/processing-jobs/ (201, queued), GET /api/processing-jobs/ and /{id}/. */
export const processingJobSchema = z.object({
  id,
  scope: event.scope,
  target_id: event.target_id,
  measurement_ids: z.array(id),
  template_uuid: z.string().nullable(),
  state: event.state,
  done: event.done,
  total: event.total,
  error: event.error,
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ProcessingJob = z.infer<typeof processingJobSchema>;
