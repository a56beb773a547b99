// REST commands to one instrument (claim, state, run controls, single injection, pump, purge,
// equilibration, setpoints, rename, removal, column, Wi-Fi, firmware); a failed call throws an Error whose
// message is the server's text word for word (`fields` carries its per-field messages).
import {
  devicePairingSchema,
  deviceSchema,
  heldSetpointsSchema,
  type CommandResults,
  type DeviceCurrentRun,
  type DeviceDetails,
  type DeviceRunInput,
  type DeviceSequenceRun,
  type FirmwareInfo,
  type InstalledColumn,
  type Setpoints,
  type WifiNetwork,
} from '@eluent/contracts';
import { http } from '../../api/client.ts';
import { httpErrorText } from '../../api/errors.ts';
import type { HttpResult } from '../../api/http.ts';
import { parseAnswer, type AnswerSchema } from '../../api/parse.ts';

// The server's answers, typed once in contracts (rest/devices.ts).
export type { DeviceDetails, FirmwareInfo, WifiNetwork };

/** The sequence and sample the instrument is running. */
export type SequenceRun = DeviceSequenceRun;
/** The injection recording on the instrument now. */
export type CurrentRun = DeviceCurrentRun;

/** A refusal with the server's message and, when it names them, the fields it refused. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string[]>,
  ) {
    super(message);
  }
}

async function data<T>(call: Promise<HttpResult<T>>): Promise<T> {
  const result = await call;
  if (!result.ok) {
    const body = result.data as { fields?: Record<string, string[]> } | null;
    throw new CommandError(httpErrorText(result.status, result.data), body?.fields ?? {});
  }
  return result.data;
}

/** A command's answer read with its schema of @eluent/contracts. */
async function read<T>(schema: AnswerSchema<T>, call: Promise<HttpResult<unknown>>): Promise<T> {
  return parseAnswer(schema, await data(call), 'instrument');
}

const base = (id: number) => `/api/devices/${id}`;

export const claimDevice = (serial_number: string, pairing_code: string) =>
  read(deviceSchema, http.post('/api/devices/claim/', { serial_number, pairing_code }));

export const fetchDevice = (id: number) => read(deviceSchema, http.get(`${base(id)}/`));

export const controlRun = (id: number, action: 'stop' | 'pause' | 'resume') =>
  data(http.post<Record<string, never>>(`${base(id)}/${action}/`, {}));

export const setColumn = (id: number, column: InstalledColumn) =>
  read(deviceSchema, http.put(`${base(id)}/column/`, { column }));

export const scanWifi = (id: number) =>
  data(http.post<{ networks: WifiNetwork[] }>(`${base(id)}/wifi/scan/`, {}));

export const joinWifi = (id: number, ssid: string, password: string) =>
  data(http.post<{ ssid: string }>(`${base(id)}/wifi/join/`, { ssid, password }));

export const readFirmware = (id: number) => data(http.get<FirmwareInfo>(`${base(id)}/firmware/`));

/** A new pairing code for an instrument that lost its credential (its old credential stops working). */
export const rePairDevice = (id: number) => read(devicePairingSchema, http.post(`${base(id)}/pairing/`, {}));

/** One injection outside a sequence: a stored method on a vial, with an optional sample. */
export const runInjection = (id: number, input: DeviceRunInput) =>
  data(http.post<{ injection_id: number; measurement_id: number }>(`${base(id)}/run/`, input));

export const setPump = (id: number, on: boolean) =>
  data(http.post<CommandResults['set_pump']>(`${base(id)}/pump/`, { on }));

export const purge = (id: number) => data(http.post<CommandResults['purge']>(`${base(id)}/purge/`, {}));

export const equilibrate = (id: number, columnVolumes: number) =>
  data(
    http.post<CommandResults['equilibrate']>(`${base(id)}/equilibrate/`, { column_volumes: columnVolumes }),
  );

export const setSetpoints = (id: number, values: Setpoints) =>
  read(heldSetpointsSchema, http.put(`${base(id)}/setpoints/`, values));

export const renameDevice = (id: number, name: string) =>
  read(deviceSchema, http.patch(`${base(id)}/`, { name }));

export const removeDevice = (id: number) => data(http.delete<null>(`${base(id)}/`));
