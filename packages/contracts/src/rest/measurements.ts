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
 * recorded nearest to the time, minus the one nearest to the reference time when given; with
 * `&reference_end_sec=…` too, minus the line between the spectra at a peak's start and end.
 */
export const measurementSpectrumSchema = z.object({
  /** When the spectrum shown was recorded (the nearest to the asked time). */
  time_sec: z.number(),
  /** When the subtracted spectrum was recorded (a peak's start with an end); null without a reference. */
  reference_time_sec: z.number().nullable(),
  /**
   * With a peak's limits, when the spectrum at its end was recorded: the baseline subtracted is the straight
   * line between the start's and the end's spectra at the spectrum's time; null otherwise.
   */
  reference_end_time_sec: z.number().nullable(),
  wavelength_nm: z.array(z.number()),
  absorbance: z.array(z.number()),
  unit: z.string(),
  file_name: z.string(),
});
export type MeasurementSpectrum = z.infer<typeof measurementSpectrumSchema>;

/** One side of a compared peak: ours (from the current result) or the vendor's (from the file's table). */
export const vendorComparisonPeakSchema = z.object({
  /** Our peak's number in the result; null on the vendor's side. */
  number: z.number().int().nullable(),
  name: z.string(),
  retention_time_sec: z.number().nullable(),
  start_sec: z.number().nullable(),
  end_sec: z.number().nullable(),
  area: z.number().nullable(),
  /** Area % as that side's own table reports it. */
  area_percent: z.number().nullable(),
  /** % of the matched peaks' total area on this side; null for a missed or extra peak. */
  share_percent: z.number().nullable(),
  /** The baseline under the peak: where it starts and stops, and its value there. */
  baseline_start_sec: z.number().nullable(),
  baseline_start_value: z.number().nullable(),
  baseline_stop_sec: z.number().nullable(),
  baseline_stop_value: z.number().nullable(),
});
export type VendorComparisonPeak = z.infer<typeof vendorComparisonPeakSchema>;

/** A row of the comparison: a pair, a vendor peak we did not find, or a peak of ours the vendor has not. */
export const vendorComparisonRowSchema = z.object({
  status: z.enum(['matched', 'missed', 'extra']),
  ours: vendorComparisonPeakSchema.nullable(),
  vendor: vendorComparisonPeakSchema.nullable(),
  /** Our retention time minus the vendor's (s); matched rows only. */
  retention_difference_sec: z.number().nullable(),
  /** How far apart a pair may lie (s): max(3 samples, 2 s, 0.3 × our W50); matched rows only. */
  tolerance_sec: z.number().nullable(),
  /** Our share minus the vendor's, in percentage points; matched rows only. */
  share_difference_points: z.number().nullable(),
});
export type VendorComparisonRow = z.infer<typeof vendorComparisonRowSchema>;

/**
 * GET /api/measurements/{id}/vendor-comparison/: the current result beside the peak table of the imported
 * file (docs/processing.md "Your file beside the vendor's"), rows in retention-time order.
 */
export const measurementVendorComparisonSchema = z.object({
  measurement_id: z.number().int().positive(),
  /** The result compared; null when the measurement has none. */
  result_id: z.number().int().positive().nullable(),
  summary: z.object({
    vendor_peaks: z.number().int().min(0),
    our_peaks: z.number().int().min(0),
    matched: z.number().int().min(0),
    missed: z.number().int().min(0),
    extra: z.number().int().min(0),
    /** Vendor rows without a retention time, which cannot be compared. */
    unplaced: z.number().int().min(0),
  }),
  rows: z.array(vendorComparisonRowSchema),
});
export type MeasurementVendorComparison = z.infer<typeof measurementVendorComparisonSchema>;
