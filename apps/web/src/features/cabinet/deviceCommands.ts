// REST commands to one instrument (claim, state, run controls, column, Wi-Fi, firmware); a failed call
// throws an Error whose message is the server's text word for word.
import type {
  DeviceDetails,
  DevicePairing,
  DeviceSequenceRun,
  FirmwareInfo,
  InstalledColumn,
  WifiNetwork,
} from '@eluent/contracts';
import { http } from '../../api/client.ts';
import { httpErrorText } from '../../api/errors.ts';
import type { HttpResult } from '../../api/http.ts';

// The server's answers, typed once in contracts (rest/devices.ts).
export type { DeviceDetails, FirmwareInfo, WifiNetwork };

/** The sequence and sample the instrument is running. */
export type SequenceRun = DeviceSequenceRun;

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

/** A new pairing code for an instrument that lost its credential (its old credential stops working). */
export const rePairDevice = (id: number) => data(http.post<DevicePairing>(`${base(id)}/pairing/`, {}));
