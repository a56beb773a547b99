// Payloads of the realtime channels. Field names follow the REST and GraphQL wire (snake_case, units in names).
import { z } from 'zod';
import { reviewStates, signatureSubjectKinds } from '../rest/signatures.ts';

/** Live state of an instrument as the cabinet shows it. */
export const deviceStates = ['idle', 'running', 'paused', 'error', 'offline'] as const;
export type DeviceState = (typeof deviceStates)[number];

export const deviceStatusEventSchema = z.object({
  type: z.literal('status'),
  device_id: z.number().int(),
  state: z.enum(deviceStates),
  online: z.boolean(),
  sequence_id: z.number().int().nullable(),
  measurement_id: z.number().int().nullable(),
  /** Numeric device error of spec §8 (101, 102, 200, 201, 202, 999) or a domain error code. */
  error_code: z.union([z.number().int(), z.string()]).nullable(),
  /** ISO 8601 time the device reported the state. */
  at: z.string(),
});
export type DeviceStatusEvent = z.infer<typeof deviceStatusEventSchema>;

export const deviceTelemetryEventSchema = z.object({
  type: z.literal('telemetry'),
  device_id: z.number().int(),
  at: z.string(),
  pressure_bar: z.number().nullable(),
  flow_ml_per_min: z.number().nullable(),
  percent_b: z.number().nullable(),
  temperature_c: z.number().nullable(),
  /** Fraction of the current run done, 0 to 1; null when idle. */
  run_progress: z.number().min(0).max(1).nullable(),
  /** Detector signal at the same instant, mAU (null when no run is recording). */
  signal_mau: z.number().nullable().optional(),
  /** Each part's state: pump, injector, detector, column_oven, autosampler, fraction_collector. */
  components: z.record(z.string(), z.enum(['ready', 'not_ready', 'busy', 'error'])).optional(),
  /** The measurement recording now (null when idle). */
  measurement_id: z.number().int().nullable().optional(),
  /** Seconds since the running injection started (null when idle). */
  run_time_sec: z.number().nullable().optional(),
  /** Whether the pump delivers; purging or equilibrating between runs, with the seconds left. */
  pump_on: z.boolean().optional(),
  activity: z.enum(['purging', 'equilibrating']).nullable().optional(),
  activity_remaining_sec: z.number().nullable().optional(),
  /** The flow, %B and column temperature the instrument holds between runs. */
  setpoints: z
    .object({ flow_ml_per_min: z.number(), percent_b: z.number(), temperature_c: z.number() })
    .nullable()
    .optional(),
});
export type DeviceTelemetryEvent = z.infer<typeof deviceTelemetryEventSchema>;

export const deviceEventSchema = z.discriminatedUnion('type', [
  deviceStatusEventSchema,
  deviceTelemetryEventSchema,
]);
export type DeviceEvent = z.infer<typeof deviceEventSchema>;

/** A numbered piece of a live detector signal; `chunk_index` counts from 0 without gaps. */
export const measurementSignalChunkSchema = z.object({
  type: z.literal('signal'),
  measurement_id: z.number().int(),
  chunk_index: z.number().int().min(0),
  time_sec: z.array(z.number()),
  signal: z.array(z.number()),
  unit: z.string(),
  /** Pump pressure at the same instants, when the device reports it. */
  pressure_bar: z.array(z.number()).optional(),
});
export type MeasurementSignalChunk = z.infer<typeof measurementSignalChunkSchema>;

export const measurementFinishedEventSchema = z.object({
  type: z.literal('finished'),
  measurement_id: z.number().int(),
  /** Number of points stored; the full signal is then read from the REST data endpoint. */
  points: z.number().int().min(0),
  state: z.enum(['completed', 'stopped', 'error']),
});
export type MeasurementFinishedEvent = z.infer<typeof measurementFinishedEventSchema>;

/**
 * The review of a sequence or a measurement changed (a signature, or a result change that invalidated
 * one), on the subject's own channel: receivers read the review again through REST with their own rights.
 * It names no signer, so a share-link visitor of the channel learns nothing the report does not show.
 */
export const reviewChangedEventSchema = z.object({
  type: z.literal('review'),
  subject: z.object({ kind: z.enum(signatureSubjectKinds), id: z.number().int() }),
  state: z.enum(reviewStates),
  at: z.string(),
});
export type ReviewChangedEvent = z.infer<typeof reviewChangedEventSchema>;

export const measurementEventSchema = z.discriminatedUnion('type', [
  measurementSignalChunkSchema,
  measurementFinishedEventSchema,
  reviewChangedEventSchema,
]);
export type MeasurementEvent = z.infer<typeof measurementEventSchema>;

export const sequenceStates = ['NEW', 'RUNNING', 'PAUSED', 'FINISHED', 'STOPPED', 'ERROR'] as const;
export type SequenceState = (typeof sequenceStates)[number];

export const sequenceProgressEventSchema = z.object({
  type: z.literal('progress'),
  sequence_id: z.number().int(),
  state: z.enum(sequenceStates),
  current_draft_id: z.number().int().nullable(),
  current_injection_id: z.number().int().nullable(),
  current_measurement_id: z.number().int().nullable(),
  completed_injections: z.number().int().min(0),
  total_injections: z.number().int().min(0),
  /** Domain error code of spec §8 when the state is ERROR. */
  error_code: z.string().nullable(),
  at: z.string(),
});
export type SequenceProgressEvent = z.infer<typeof sequenceProgressEventSchema>;

/** What `sequences:{id}` carries: run progress, and review changes of the sequence. */
export const sequenceEventSchema = z.discriminatedUnion('type', [
  sequenceProgressEventSchema,
  reviewChangedEventSchema,
]);
export type SequenceEvent = z.infer<typeof sequenceEventSchema>;

export const notificationLevels = ['info', 'success', 'warning', 'error'] as const;

export const userNotificationSchema = z.object({
  type: z.literal('notification'),
  id: z.string(),
  level: z.enum(notificationLevels),
  /** What the notification is about, for the web app to route it, e.g. 'sequence_finished'. */
  kind: z.string(),
  message: z.string(),
  /** In-app path to open, e.g. '/app/sequences/12'. */
  link: z.string().nullable(),
  at: z.string(),
});
export type UserNotification = z.infer<typeof userNotificationSchema>;

export const processingJobStates = ['queued', 'running', 'finished', 'failed'] as const;

/** Progress of a background reprocessing job, on its owner's `users:{id}` channel. */
export const processingJobEventSchema = z.object({
  type: z.literal('processing_job'),
  job_id: z.number().int(),
  scope: z.enum(['measurement', 'measurements', 'sequence']),
  /** The sequence or the measurement; null for a list of measurements. */
  target_id: z.number().int().nullable(),
  state: z.enum(processingJobStates),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  error: z.string().nullable(),
  at: z.string(),
});
export type ProcessingJobEvent = z.infer<typeof processingJobEventSchema>;

/** The phases of an import job, in order; `done`, `failed` and `cancelled` end it. */
export const importJobStatuses = [
  'queued',
  'reading',
  'processing',
  'storing',
  'done',
  'failed',
  'cancelled',
] as const;
export type ImportJobStatus = (typeof importJobStatuses)[number];

/**
 * An import job as its owner reads it (GET /api/measurements/import/jobs/{id}/) and as its progress
 * arrives on `users:{id}` (docs/performance.md "Import jobs").
 */
export const importJobEventSchema = z.object({
  type: z.literal('import_job'),
  job_id: z.number().int(),
  status: z.enum(importJobStatuses),
  file_name: z.string(),
  /** The size of the upload; `bytes_read` reaches it once the file is read. */
  bytes_total: z.number().int().min(0),
  bytes_read: z.number().int().min(0),
  /** The points of the file(s), known once read; null before. */
  points_total: z.number().int().min(0).nullable(),
  points_stored: z.number().int().min(0),
  /** The one-line reason of a failed import (the refusal's reason or message). */
  error: z.string().nullable(),
  error_code: z.string().nullable(),
  /** The stored measurement (the first channel of a run) once done. */
  measurement_id: z.number().int().nullable(),
  at: z.string(),
});
export type ImportJobEvent = z.infer<typeof importJobEventSchema>;

export const userEventSchema = z.discriminatedUnion('type', [
  userNotificationSchema,
  processingJobEventSchema,
  importJobEventSchema,
]);
export type UserEvent = z.infer<typeof userEventSchema>;
