// REST of samples, blanks and standards (docs/sequences.md): the request schemas the server parses bodies
// with and the answer the web app reads, one source for both.
import { z } from 'zod';

const id = z.number().int().positive();
export const sampleTypes = ['sample', 'blank', 'standard'] as const;
export type SampleType = (typeof sampleTypes)[number];

const sampleFields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).default(''),
  device_id: id,
  method_id: id,
  column_name: z.string().max(200),
};

/** POST /api/samples/ and PATCH /api/samples/{id}/ (a PATCH merges the body into the stored values). */
export const sampleInputSchema = z.object({
  ...sampleFields,
  type: z.enum(sampleTypes).default('sample'),
});

/** One analyte of a standard: its known amount and where its peak is expected. */
export const analyteInputSchema = z.object({
  analyte: z.string().trim().min(1).max(200),
  amount: z.number().min(0).nullable().default(null),
  amount_unit: z.string().max(40).default('µg/mL'),
  retention_time_sec: z.number().min(0).nullable().default(null),
  window_sec: z.number().positive().max(3600).default(6),
});

/** POST /api/standards/ and PATCH /api/standards/{id}/. */
export const standardInputSchema = z.object({
  ...sampleFields,
  /** The form sends the kind it edits; a standard's can only be `standard`. */
  type: z.literal('standard').optional(),
  analytes: z.array(analyteInputSchema).max(100).default([]),
});

export type AnalyteInput = z.input<typeof analyteInputSchema>;
/** An analyte with every field set, as an editor holds it. */
export type AnalyteValues = z.infer<typeof analyteInputSchema>;

/**
 * What a form sends: a sample (with its type) or a standard (with its analytes). An instrument or method
 * not chosen yet goes as null, and the server answers it with the field's message.
 */
export type SampleInput = Omit<z.input<typeof sampleInputSchema>, 'device_id' | 'method_id'> & {
  device_id: number | null;
  method_id: number | null;
  analytes?: AnalyteInput[];
};

export const analyteSchema = z.object({
  id,
  analyte: z.string(),
  amount: z.number().nullable(),
  amount_unit: z.string(),
  retention_time_sec: z.number().nullable(),
  window_sec: z.number(),
});
export type Analyte = z.infer<typeof analyteSchema>;

/** A sample, blank or standard as the API answers it; a standard carries its analytes. */
export const sampleSchema = z.object({
  id,
  owner_id: id,
  name: z.string(),
  type: z.enum(sampleTypes),
  description: z.string(),
  device_id: id.nullable(),
  method_id: id.nullable(),
  column_name: z.string().nullable(),
  created_at: z.string(),
  analytes: z.array(analyteSchema).optional(),
});
export type Sample = z.infer<typeof sampleSchema>;
