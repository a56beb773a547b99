// REST of instruments (docs/device-protocol.md "REST for instruments"): the request schemas the server
// parses bodies with and the answers the web app reads, one source for both.
import { z } from 'zod';
import { deviceMethodSchema } from '../device/method.ts';
import { installedColumnSchema } from '../device/hardware.ts';
import { statusMessageSchema, type CommandResults } from '../device/messages.ts';
import { deviceStates } from '../realtime/payloads.ts';

const id = z.number().int().positive();

/** POST /api/devices/claim/. */
export const deviceClaimInputSchema = z.object({
  serial_number: z.string().trim().min(1, 'Field is required').max(64),
  pairing_code: z.string().trim().min(1, 'Field is required').max(64),
});
export type DeviceClaimInput = z.input<typeof deviceClaimInputSchema>;

/** PUT or POST /api/devices/order/. */
export const deviceOrderInputSchema = z.object({ ids: z.array(id).max(1000) });

/**
 * POST /api/devices/{id}/run/: one injection outside a sequence, of a stored method (`method_id`, the
 * server builds what the instrument needs from it) or of a method given whole (`method`).
 */
export const deviceRunInputSchema = z
  .object({
    method: deviceMethodSchema.optional(),
    vial: z.number().int().min(1).max(1000),
    method_id: id.nullable().optional(),
    sample_id: id.nullable().optional(),
    name: z.string().max(200).optional(),
    /** The processing template the finished injection is processed with; absent or null: the default. */
    template_uuid: z.string().uuid().nullable().optional(),
  })
  .refine((input) => input.method !== undefined || typeof input.method_id === 'number', {
    message: 'Field is required',
    path: ['method_id'],
  });
export type DeviceRunInput = z.input<typeof deviceRunInputSchema>;

/** PATCH /api/devices/{id}/: rename. */
export const deviceRenameInputSchema = z.object({
  name: z.string().trim().min(1, 'Field is required').max(120),
});

/** POST /api/devices/{id}/pump/, /purge/, /equilibrate/ and PUT /api/devices/{id}/setpoints/. */
export {
  equilibrateParamsSchema as deviceEquilibrateInputSchema,
  purgeParamsSchema as devicePurgeInputSchema,
  setPumpParamsSchema as devicePumpInputSchema,
  setpointsSchema as deviceSetpointsInputSchema,
} from '../device/controls.ts';

/** PUT /api/devices/{id}/column/. */
export const deviceColumnInputSchema = z.object({ column: installedColumnSchema });

/** POST /api/devices/{id}/wifi/join/. */
export const joinWifiInputSchema = z.object({
  ssid: z.string().min(1).max(64),
  password: z.string().max(128),
});

/** The sequence and sample an instrument is running, as GET /api/devices/{id}/ reports it. */
export const deviceSequenceRunSchema = z.object({
  sequence_id: id,
  sequence_name: z.string(),
  state: z.string(),
  injection_id: id.nullable(),
  injection_state: z.string().nullable(),
  replicate: z.number().int().nullable(),
  sample_name: z.string().nullable(),
});
export type DeviceSequenceRun = z.infer<typeof deviceSequenceRunSchema>;

/**
 * The injection recording on the instrument now, as GET /api/devices/{id}/ reports it: its measurement,
 * sample, vial and method, and its sequence and row when a sequence runs it.
 */
export const deviceCurrentRunSchema = z.object({
  measurement_id: id,
  measurement_name: z.string(),
  injection_id: id.nullable(),
  sample_name: z.string().nullable(),
  vial: z.number().int().nullable(),
  method_name: z.string().nullable(),
  replicate: z.number().int().nullable(),
  sequence_id: id.nullable(),
  sequence_name: z.string().nullable(),
  /** 1-based row of the sequence table. */
  sequence_row: z.number().int().nullable(),
});
export type DeviceCurrentRun = z.infer<typeof deviceCurrentRunSchema>;

/** One instrument as the owner sees it: GET /api/devices/, GET /api/devices/{id}/, a claim, a column change. */
export const deviceSchema = z.object({
  id,
  serial_number: z.string(),
  name: z.string(),
  firmware_version: z.string(),
  /** As the instrument last reported it (`hardwareConfigurationSchema` when it did). */
  hardware_configuration: z.unknown(),
  installed_column: installedColumnSchema.partial().nullable(),
  wifi: z.object({ ssid: z.string().nullable().optional(), connected: z.boolean().optional() }).nullable(),
  state: z.enum(deviceStates),
  online: z.boolean(),
  position: z.number().int(),
  last_seen_at: z.string().nullable(),
  /** The last status the device reported (components, pressure, flow, %B, signal, progress), when online. */
  live: statusMessageSchema.omit({ type: true }).nullable(),
  /** One instrument's page only: the sequence RUNNING or PAUSED on it, with the current sample. */
  sequence_run: deviceSequenceRunSchema.nullable().optional(),
  /** One instrument's page only: the injection recording on it now. */
  current_run: deviceCurrentRunSchema.nullable().optional(),
});
export type DeviceDetails = z.infer<typeof deviceSchema>;

/** POST /api/devices/{id}/pairing/: a new pairing code for an instrument that lost its credential. */
export const devicePairingSchema = z.object({
  serial_number: z.string(),
  /** Shown once; the instrument's next `hello` with it receives a new credential. */
  pairing_code: z.string(),
});
export type DevicePairing = z.infer<typeof devicePairingSchema>;

/** POST /api/devices/{id}/wifi/scan/ answers `{networks}`; each network: */
export type WifiNetwork = CommandResults['scan_wifi']['networks'][number];
/** GET /api/devices/{id}/firmware/. */
export type FirmwareInfo = CommandResults['read_firmware'];
