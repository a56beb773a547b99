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

/** POST /api/devices/{id}/run/: one injection outside a sequence. */
export const deviceRunInputSchema = z.object({
  method: deviceMethodSchema,
  vial: z.number().int().min(1).max(1000),
  method_id: id.nullable().optional(),
  sample_id: id.nullable().optional(),
  name: z.string().max(200).optional(),
});

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
