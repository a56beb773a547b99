// REST of measurement files (docs/api.md): the signal as JSON (CSV and AIA netCDF are files) and the answer
// to an import, one source for the server and the web app.
import { z } from 'zod';
import { importJobEventSchema } from '../realtime/payloads.ts';

/** GET /api/measurements/{id}/data/ (format=json): the stored points, time in seconds. */
export const measurementDataSchema = z.object({
  time_sec: z.array(z.number()),
  /** null where the detector gave no value (a dropout). */
  signal: z.array(z.number().nullable()),
  /** The detector's unit, e.g. `mAU`. */
  unit: z.string(),
});
export type MeasurementData = z.infer<typeof measurementDataSchema>;

/** POST /api/measurements/import/ (multipart `file`, optional `template_uuid`): the stored measurement. */
export const measurementImportSchema = z.object({
  measurement_id: z.number().int().positive(),
  result_id: z.number().int().positive(),
  points_count: z.number().int().min(0),
  /** Points the file marked missing. */
  dropouts: z.number().int().min(0),
  /** What the reader noticed in the file (e.g. an unusual unit). */
  notes: z.array(z.string()),
  /**
   * A run folder (an Agilent .D or Waters .raw, zipped or dropped whole): every channel stored, named by
   * its signal; `measurement_id` above is the first, which stands for the run.
   */
  channels: z
    .array(
      z.object({
        measurement_id: z.number().int().positive(),
        result_id: z.number().int().positive(),
        name: z.string(),
        points_count: z.number().int().min(0),
      }),
    )
    .optional(),
});
export type MeasurementImport = z.infer<typeof measurementImportSchema>;

/**
 * POST /api/measurements/import/ with `Prefer: respond-async` (202), GET and DELETE of
 * /api/measurements/import/jobs/{id}/: the job, its progress, and the stored import once done.
 */
export const importJobSchema = importJobEventSchema.omit({ type: true, at: true }).extend({
  /** The synchronous answer's body, once done. */
  result: measurementImportSchema.nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** GET /api/measurements/{id}/channels/: the channels of the run the measurement belongs to. */
export const measurementChannelsSchema = z.array(
  z.object({ measurement_id: z.number().int().positive(), name: z.string(), unit: z.string() }),
);
export type MeasurementChannels = z.infer<typeof measurementChannelsSchema>;

/**
 * GET /api/measurements/{id}/spectrum/?time_sec=…[&reference_sec=…]: the diode-array spectrum of the run
 * recorded nearest to the time, minus the one nearest to the reference time when given.
 */
export const measurementSpectrumSchema = z.object({
  /** When the spectrum shown was recorded (the nearest to the asked time). */
  time_sec: z.number(),
  /** When the subtracted spectrum was recorded; null without a reference. */
  reference_time_sec: z.number().nullable(),
  wavelength_nm: z.array(z.number()),
  absorbance: z.array(z.number()),
  unit: z.string(),
  file_name: z.string(),
});
export type MeasurementSpectrum = z.infer<typeof measurementSpectrumSchema>;
