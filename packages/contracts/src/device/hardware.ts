// What an instrument is made of, as it reports itself in its hello and as the registry stores it.
import { z } from 'zod';

export const componentKinds = [
  'pump',
  'injector',
  'detector',
  'column_oven',
  'autosampler',
  'fraction_collector',
] as const;
export type ComponentKind = (typeof componentKinds)[number];

export const componentStates = ['ready', 'not_ready', 'busy', 'error'] as const;
export type ComponentState = (typeof componentStates)[number];

export const hardwareComponentSchema = z.strictObject({
  kind: z.enum(componentKinds),
  model: z.string().max(100),
  /** Limits of the part, e.g. {max_flow_ml_per_min: 10, max_pressure_bar: 400} or {vials: 96}. */
  limits: z.record(z.string().max(64), z.number()).default({}),
});
export type HardwareComponent = z.infer<typeof hardwareComponentSchema>;

export const hardwareConfigurationSchema = z.array(hardwareComponentSchema).max(16);
export type HardwareConfiguration = z.infer<typeof hardwareConfigurationSchema>;

/** The column installed in the instrument (set by the user; the device needs it for a run). */
export const installedColumnSchema = z.strictObject({
  name: z.string().min(1).max(120),
  length_mm: z.number().positive().max(1000),
  inner_diameter_mm: z.number().positive().max(50),
  particle_size_um: z.number().positive().max(100),
  serial_number: z.string().max(100).optional(),
});
export type InstalledColumn = z.infer<typeof installedColumnSchema>;

export const wifiSettingsSchema = z.strictObject({
  ssid: z.string().max(64).nullable(),
  connected: z.boolean(),
  signal_dbm: z.number().nullable().optional(),
});
export type WifiSettings = z.infer<typeof wifiSettingsSchema>;
