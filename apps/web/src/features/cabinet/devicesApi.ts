// Instruments of the signed-in user through GraphQL (Hasura names), with the order kept per user.
import { graphql, storage } from '../../api/client.ts';
import { readJson, userStorageKey, writeJson } from '../../lib/storage.ts';

export interface Device {
  id: number;
  serial_number: string;
  name: string;
  firmware_version: string;
  state: 'idle' | 'running' | 'paused' | 'error' | 'offline';
  position: number;
  last_seen_at: string | null;
  hardware_configuration: unknown;
  installed_column: { name?: string } | null;
}

export const DEVICES_QUERY = `query Devices {
  devices(order_by: [{ position: asc }, { id: asc }]) {
    id serial_number name firmware_version state position last_seen_at hardware_configuration installed_column
  }
}`;

export async function fetchDevices(): Promise<Device[]> {
  const data = await graphql.query<{ devices: Device[] }>(DEVICES_QUERY);
  return data.devices;
}

/** Applies the user's saved order; devices not in it keep their server order after the saved ones. */
export function orderDevices(devices: Device[], savedOrder: number[]): Device[] {
  const rank = new Map(savedOrder.map((id, index) => [id, index]));
  return [...devices].sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity));
}

export function readDevicesOrder(userId: string): number[] {
  return readJson<number[]>(storage, userStorageKey('devicesOrder', userId), []);
}

export function saveDevicesOrder(userId: string, ids: number[]): void {
  writeJson(storage, userStorageKey('devicesOrder', userId), ids);
}
