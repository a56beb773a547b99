// Instruments of the signed-in user through GraphQL (Hasura names), with the order kept per user.
import { graphql, storage } from '../../api/client.ts';
import { readJson, userStorageKey, writeJson } from '../../lib/storage.ts';
import type { Device } from './device.ts';

export type { Device } from './device.ts';
export { orderDevices } from './deviceOrder.ts';

export const DEVICES_QUERY = `query Devices {
  devices(order_by: [{ position: asc }, { id: asc }]) {
    id serial_number name firmware_version state position last_seen_at hardware_configuration installed_column
  }
}`;

export async function fetchDevices(): Promise<Device[]> {
  const data = await graphql.query<{ devices: Device[] }>(DEVICES_QUERY);
  return data.devices;
}

export function readDevicesOrder(userId: string): number[] {
  return readJson<number[]>(storage, userStorageKey('devicesOrder', userId), []);
}

export function saveDevicesOrder(userId: string, ids: number[]): void {
  writeJson(storage, userStorageKey('devicesOrder', userId), ids);
}
