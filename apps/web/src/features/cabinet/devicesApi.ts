// Instruments of the signed-in user through GraphQL (Hasura names), with the order kept per user.
import { DEVICES } from '@eluent/contracts';
import { graphql, storage } from '../../api/client.ts';
import { parseAnswer } from '../../api/parse.ts';
import { readJson, userStorageKey, writeJson } from '../../lib/storage.ts';
import { deviceRowSchema, type Device } from './device.ts';

export type { Device } from './device.ts';
export { orderDevices } from './deviceOrder.ts';

export async function fetchDevices(): Promise<Device[]> {
  const data = await graphql.query(DEVICES);
  return data.devices.map((row) => parseAnswer(deviceRowSchema, row, 'instrument'));
}

export function readDevicesOrder(userId: string): number[] {
  return readJson<number[]>(storage, userStorageKey('devicesOrder', userId), []);
}

export function saveDevicesOrder(userId: string, ids: number[]): void {
  writeJson(storage, userStorageKey('devicesOrder', userId), ids);
}
