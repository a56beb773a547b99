// REST of measurement files (docs/api.md): the signal as JSON (CSV and AIA netCDF are files) and the answer
// to an import, one source for the server and the web app.
import { z } from 'zod';

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
});
export type MeasurementImport = z.infer<typeof measurementImportSchema>;
