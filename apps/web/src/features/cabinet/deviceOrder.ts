import type { Device } from './device.ts';

/** Applies the user's saved order; devices not in it keep their server order after the saved ones. */
export function orderDevices(devices: Device[], savedOrder: number[]): Device[] {
  const rank = new Map(savedOrder.map((id, index) => [id, index]));
  return [...devices].sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity));
}
