// The part of a method an instrument needs to run one injection, in the method's own field names.
import { z } from 'zod';

export const gradientStepSchema = z.strictObject({
  time_min: z.number().min(0).max(1440),
  percent_b: z.number().min(0).max(100),
});
export type GradientStep = z.infer<typeof gradientStepSchema>;

export const deviceMethodSchema = z.strictObject({
  id: z.number().int().nullable().optional(),
  name: z.string().max(200).default(''),
  flow_rate_ml_per_min: z.number().positive().max(100),
  run_time_min: z.number().positive().max(1440),
  /** Column oven temperature, °C. */
  temperature: z.number().min(0).max(150).default(30),
  injection_ul: z.number().positive().max(5000).default(10),
  /** %B programme; a single step is isocratic. */
  gradient: z.array(gradientStepSchema).min(1).max(50),
  organic_solvent: z.enum(['acetonitrile', 'methanol']).default('acetonitrile'),
  wavelength_nm: z.number().min(190).max(950).default(254),
  data_rate_hz: z.number().min(0.5).max(100).default(10),
  detector_time_constant_sec: z.number().min(0.005).max(5).default(0.1),
  /** Low-pressure shut-off, bar: below it after `pressure_reach_sec` the pump stops (leak, empty bottle). */
  pressure_min: z.number().min(0).max(2000).nullable().optional(),
  /** High-pressure shut-off, bar: above it the pump stops (blockage); a run planned above it is refused. */
  pressure_max: z.number().min(0).max(2000).nullable().optional(),
  pressure_reach_sec: z.number().min(0).max(3600).nullable().optional(),
  needle_depth_mm: z.number().min(-10).max(10).nullable().optional(),
  wash_after_injection: z.boolean().nullable().optional(),
  fraction_collector_interval_sec: z.number().positive().max(3600).nullable().optional(),
  fraction_collector_start_delay_sec: z.number().min(0).max(86_400).nullable().optional(),
  fraction_collector_starts_with_vial: z.number().int().min(1).max(1000).nullable().optional(),
});
export type DeviceMethod = z.infer<typeof deviceMethodSchema>;
export type DeviceMethodInput = z.input<typeof deviceMethodSchema>;
