// REST commands to one instrument (claim, state, run controls, column, Wi-Fi, firmware); a failed call
// throws an Error whose message is the server's text word for word.
import type { DeviceSequenceRun, InstalledColumn } from '@eluent/contracts';
import { http } from '../../api/client.ts';
import { httpErrorText } from '../../api/errors.ts';
import type { HttpResult } from '../../api/http.ts';

export interface DeviceDetails {
  id: number;
  serial_number: string;
  name: string;
  firmware_version: string;
  installed_column: Partial<InstalledColumn> | null;
  wifi: { ssid?: string | null; connected?: boolean } | null;
  state: 'idle' | 'running' | 'paused' | 'error' | 'offline';
  online: boolean;
  live: { components?: Record<string, string> } | null;
  /** The sequence RUNNING or PAUSED on the instrument, with its current sample. */
  sequence_run?: SequenceRun | null;
}

/** The sequence and sample the instrument is running (one type with the server's answer). */
export type SequenceRun = DeviceSequenceRun;

export interface WifiNetwork {
  ssid: string;
  signal_dbm: number;
  secured: boolean;
}

export interface FirmwareInfo {
  firmware_version: string;
  bootloader_version: string;
  build: string;
}

async function data<T>(call: Promise<HttpResult<T>>): Promise<T> {
  const result = await call;
  if (!result.ok) throw new Error(httpErrorText(result.status, result.data));
  return result.data;
}

const base = (id: number) => `/api/devices/${id}`;

export const claimDevice = (serial_number: string, pairing_code: string) =>
  data(http.post<DeviceDetails>('/api/devices/claim/', { serial_number, pairing_code }));

export const fetchDevice = (id: number) => data(http.get<DeviceDetails>(`${base(id)}/`));

export const controlRun = (id: number, action: 'stop' | 'pause' | 'resume') =>
  data(http.post<Record<string, never>>(`${base(id)}/${action}/`, {}));

export const setColumn = (id: number, column: InstalledColumn) =>
  data(http.put<DeviceDetails>(`${base(id)}/column/`, { column }));

export const scanWifi = (id: number) =>
  data(http.post<{ networks: WifiNetwork[] }>(`${base(id)}/wifi/scan/`, {}));

export const joinWifi = (id: number, ssid: string, password: string) =>
  data(http.post<{ ssid: string }>(`${base(id)}/wifi/join/`, { ssid, password }));

export const readFirmware = (id: number) => data(http.get<FirmwareInfo>(`${base(id)}/firmware/`));
