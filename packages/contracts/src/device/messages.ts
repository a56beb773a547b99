// The device link, protocol version 1: JSON text frames over WebSocket at /device/ws.
// Every object is strict: a key the protocol does not know is answered with `publisher_unsupported_key`.
import { z } from 'zod';
import {
  componentKinds,
  componentStates,
  hardwareConfigurationSchema,
  installedColumnSchema,
  wifiSettingsSchema,
} from './hardware.ts';
import { deviceMethodSchema } from './method.ts';
import {
  deviceActivities,
  equilibrateParamsSchema,
  heldSetpointsSchema,
  purgeParamsSchema,
  setPumpParamsSchema,
  setpointsSchema,
  type HeldSetpoints,
} from './controls.ts';

export const DEVICE_PROTOCOL_VERSION = 1;
/** Largest frame the server reads as a message; larger frames get `message_too_large`. */
export const DEVICE_MAX_MESSAGE_BYTES = 1024 * 1024;
/** Largest number of points in one measurement chunk. */
export const DEVICE_MAX_CHUNK_POINTS = 20_000;

export const deviceRunStates = ['idle', 'running', 'paused', 'error'] as const;

const serialNumber = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,63}$/);
const measurementId = z.number().int().positive();

// ---- device → server ----

export const helloMessageSchema = z.strictObject({
  type: z.literal('hello'),
  protocol: z.number().int(),
  serial_number: serialNumber,
  firmware_version: z.string().max(64),
  hardware_configuration: hardwareConfigurationSchema,
  installed_column: installedColumnSchema.nullable().optional(),
  /** Printed on the instrument; proves possession before the device has its own credential. */
  pairing_code: z.string().min(4).max(64).optional(),
  /** The secret the server issued in an earlier `welcome`. */
  credential: z.string().min(16).max(200).optional(),
});
export type HelloMessage = z.infer<typeof helloMessageSchema>;

export const statusMessageSchema = z.strictObject({
  type: z.literal('status'),
  state: z.enum(deviceRunStates),
  components: z.partialRecord(z.enum(componentKinds), z.enum(componentStates)),
  measurement_id: measurementId.nullable(),
  /** Numeric device error of spec §8 or a device error code, while in `error`. */
  error_code: z.union([z.number().int(), z.string().max(64)]).nullable(),
  pressure_bar: z.number().nullable(),
  flow_ml_per_min: z.number().nullable(),
  percent_b: z.number().nullable(),
  temperature_c: z.number().nullable(),
  signal_mau: z.number().nullable(),
  run_time_sec: z.number().nullable(),
  run_progress: z.number().min(0).max(1).nullable(),
  wifi: wifiSettingsSchema.nullable().optional(),
  /** Fraction-collector vial receiving the eluent now, when the method collects fractions. */
  fraction_vial: z.number().int().nullable().optional(),
  /** Whether the pump is delivering (off: no flow, the pressure falls to zero). */
  pump_on: z.boolean().optional(),
  /** Purging or equilibrating between runs, else null. */
  activity: z.enum(deviceActivities).nullable().optional(),
  /** Seconds of the activity left (equilibration also waits for the oven), else null. */
  activity_remaining_sec: z.number().min(0).nullable().optional(),
  /** The flow, %B and column temperature the instrument holds between runs. */
  setpoints: heldSetpointsSchema.nullable().optional(),
});
export type StatusMessage = z.infer<typeof statusMessageSchema>;

export const chunkMessageSchema = z
  .strictObject({
    type: z.literal('chunk'),
    measurement_id: measurementId,
    chunk_index: z.number().int().min(0).max(1_000_000),
    time_sec: z.array(z.number()).max(DEVICE_MAX_CHUNK_POINTS),
    signal: z.array(z.number()).max(DEVICE_MAX_CHUNK_POINTS),
    pressure_bar: z.array(z.number()).max(DEVICE_MAX_CHUNK_POINTS).optional(),
  })
  .refine((chunk) => chunk.signal.length === chunk.time_sec.length, {
    message: 'signal and time_sec differ in length',
  })
  .refine((chunk) => !chunk.pressure_bar || chunk.pressure_bar.length === chunk.time_sec.length, {
    message: 'pressure_bar and time_sec differ in length',
  });
export type ChunkMessage = z.infer<typeof chunkMessageSchema>;

export const runResults = ['completed', 'stopped', 'error'] as const;
export type RunResult = (typeof runResults)[number];

export const runFinishedMessageSchema = z.strictObject({
  type: z.literal('run_finished'),
  measurement_id: measurementId,
  /** Chunks 0 … chunks_count − 1 make the whole measurement. */
  chunks_count: z.number().int().min(0),
  points_count: z.number().int().min(0),
  result: z.enum(runResults),
  error_code: z.union([z.number().int(), z.string().max(64)]).nullable(),
  /** Fractions collected during the run (time mode), in run time. */
  fractions: z
    .array(z.strictObject({ vial: z.number().int(), start_sec: z.number(), end_sec: z.number() }))
    .max(1000)
    .optional(),
});
export type RunFinishedMessage = z.infer<typeof runFinishedMessageSchema>;

export const deviceErrorSchema = z.strictObject({
  /** Numeric code of spec §8 (101, 102, 200, 201, 202, 999) or a device error code. */
  code: z.union([z.number().int(), z.string().max(64)]),
  detail: z.string().max(500).optional(),
});

export const replyMessageSchema = z.union([
  z.strictObject({
    type: z.literal('reply'),
    id: z.string().max(64),
    ok: z.literal(true),
    result: z.unknown().optional(),
  }),
  z.strictObject({
    type: z.literal('reply'),
    id: z.string().max(64),
    ok: z.literal(false),
    error: deviceErrorSchema,
  }),
]);
export type ReplyMessage = z.infer<typeof replyMessageSchema>;

export const deviceToServerTypes = ['hello', 'status', 'chunk', 'run_finished', 'reply'] as const;
export type DeviceToServerType = (typeof deviceToServerTypes)[number];

export const deviceToServerSchemas = {
  hello: helloMessageSchema,
  status: statusMessageSchema,
  chunk: chunkMessageSchema,
  run_finished: runFinishedMessageSchema,
  reply: replyMessageSchema,
} satisfies Record<DeviceToServerType, z.ZodType>;

export type DeviceToServerMessage =
  HelloMessage | StatusMessage | ChunkMessage | RunFinishedMessage | ReplyMessage;

// ---- server → device ----

export const welcomeMessageSchema = z.strictObject({
  type: z.literal('welcome'),
  protocol: z.number().int(),
  device_id: z.number().int(),
  claimed: z.boolean(),
  /** A new credential, sent once after the device proved its pairing code on a claimed registration. */
  credential: z.string().optional(),
  /** Seconds between status messages while idle and while running. */
  status_interval_idle_sec: z.number(),
  status_interval_running_sec: z.number(),
});
export type WelcomeMessage = z.infer<typeof welcomeMessageSchema>;

export const runInjectionParamsSchema = z.strictObject({
  method: deviceMethodSchema,
  vial: z.number().int().min(1).max(1000),
  injection_id: z.number().int().positive().nullable(),
  measurement_id: measurementId,
});
export type RunInjectionParams = z.infer<typeof runInjectionParamsSchema>;

export const commandSchemas = {
  run_injection: runInjectionParamsSchema,
  stop: z.strictObject({}),
  pause: z.strictObject({}),
  resume: z.strictObject({}),
  set_column: z.strictObject({ column: installedColumnSchema }),
  scan_wifi: z.strictObject({}),
  join_wifi: z.strictObject({ ssid: z.string().min(1).max(64), password: z.string().max(128) }),
  read_firmware: z.strictObject({}),
  set_pump: setPumpParamsSchema,
  purge: purgeParamsSchema,
  equilibrate: equilibrateParamsSchema,
  set_conditions: setpointsSchema,
} as const;
export type CommandName = keyof typeof commandSchemas;
export type CommandParams<N extends CommandName> = z.input<(typeof commandSchemas)[N]>;
export const commandNames = Object.keys(commandSchemas) as CommandName[];

/** What a successful reply carries, per command. */
export interface CommandResults {
  run_injection: { measurement_id: number };
  stop: Record<string, never>;
  pause: Record<string, never>;
  resume: Record<string, never>;
  set_column: Record<string, never>;
  scan_wifi: { networks: Array<{ ssid: string; signal_dbm: number; secured: boolean }> };
  join_wifi: { ssid: string };
  read_firmware: { firmware_version: string; bootloader_version: string; build: string };
  set_pump: { on: boolean };
  purge: { flow_ml_per_min: number; duration_sec: number };
  equilibrate: { duration_sec: number };
  set_conditions: HeldSetpoints;
}

export const commandMessageSchema = z.strictObject({
  type: z.literal('command'),
  id: z.string().max(64),
  name: z.enum(commandNames as [CommandName, ...CommandName[]]),
  params: z.record(z.string(), z.unknown()),
});
export type CommandMessage = z.infer<typeof commandMessageSchema>;

export const chunkAckMessageSchema = z.strictObject({
  type: z.literal('chunk_ack'),
  measurement_id: measurementId,
  chunk_index: z.number().int().min(0),
});

export const runFinishedAckMessageSchema = z.strictObject({
  type: z.literal('run_finished_ack'),
  measurement_id: measurementId,
  /** False when chunks are still missing; the device keeps re-sending them and then the finish. */
  complete: z.boolean(),
});

/** Protocol errors the server answers a bad frame with; the connection stays open unless noted. */
export const linkErrorCodes = [
  'malformed',
  'unknown_type',
  'message_too_large',
  'publisher_unsupported_key',
  'hello_required',
  'unsupported_protocol',
  'hello_rejected',
  /** Another connection of this instrument is live: the hello is refused, the device tries again later. */
  'already_connected',
  /** Too many handshakes or failures for this serial number or address: try again after `retry_after_sec`. */
  'throttled',
  'measurement_not_found',
  'chunk_conflict',
  'storage_unavailable',
  /** The measurement is signed: it takes no more data (the same code REST and GraphQL refuse with). */
  'record_signed_locked',
] as const;
export type LinkErrorCode = (typeof linkErrorCodes)[number];

export const linkErrorMessageSchema = z.strictObject({
  type: z.literal('error'),
  code: z.enum(linkErrorCodes),
  detail: z.string(),
  /** The message it answers, when known, e.g. {type: 'chunk', measurement_id: 4, chunk_index: 7}. */
  about: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type LinkErrorMessage = z.infer<typeof linkErrorMessageSchema>;

export type ServerToDeviceMessage =
  | WelcomeMessage
  | CommandMessage
  | z.infer<typeof chunkAckMessageSchema>
  | z.infer<typeof runFinishedAckMessageSchema>
  | LinkErrorMessage;

export const serverToDeviceSchema = z.discriminatedUnion('type', [
  welcomeMessageSchema,
  commandMessageSchema,
  chunkAckMessageSchema,
  runFinishedAckMessageSchema,
  linkErrorMessageSchema,
]);
