// Realtime channel names (`namespace:id`) and the payload each namespace carries.
import type { z } from 'zod';
import {
  deviceEventSchema,
  measurementEventSchema,
  sequenceEventSchema,
  userEventSchema,
  type DeviceEvent,
  type MeasurementEvent,
  type SequenceEvent,
  type UserEvent,
} from './payloads.ts';

/** Payload type per channel namespace. */
export interface ChannelPayloads {
  devices: DeviceEvent;
  measurements: MeasurementEvent;
  /** Run progress and review changes. */
  sequences: SequenceEvent;
  /** Notifications and reprocessing-job progress. */
  users: UserEvent;
}

export type ChannelNamespace = keyof ChannelPayloads;

export const channelNamespaces = [
  'devices',
  'measurements',
  'sequences',
  'users',
] as const satisfies readonly ChannelNamespace[];

/** Runtime schemas of the payloads, so a receiver can check what arrives. */
export const channelPayloadSchemas: { [N in ChannelNamespace]: z.ZodType<ChannelPayloads[N]> } = {
  devices: deviceEventSchema,
  measurements: measurementEventSchema,
  sequences: sequenceEventSchema,
  users: userEventSchema,
};

/** A channel of a known namespace, e.g. `devices:12`. */
export type ChannelName<N extends ChannelNamespace = ChannelNamespace> = N extends ChannelNamespace
  ? `${N}:${number}`
  : never;

/** The payload type a channel carries: `PayloadOf<'devices:1'>` is `DeviceEvent`. */
export type PayloadOf<C extends string> = C extends `${infer N}:${string}`
  ? N extends ChannelNamespace
    ? ChannelPayloads[N]
    : never
  : never;

/** Builds a channel name: `channelName('devices', 12)` is `'devices:12'`. */
export function channelName<N extends ChannelNamespace>(namespace: N, id: number): `${N}:${number}` {
  return `${namespace}:${id}`;
}

export const channels = {
  device: (deviceId: number) => channelName('devices', deviceId),
  measurement: (measurementId: number) => channelName('measurements', measurementId),
  sequence: (sequenceId: number) => channelName('sequences', sequenceId),
  user: (userId: number) => channelName('users', userId),
};

export interface ParsedChannel {
  namespace: string;
  /** The part after the first colon; for our namespaces a positive integer in decimal. */
  id: string;
}

/** Splits `namespace:id`; null when the name has no namespace or an empty id. */
export function parseChannel(name: string): ParsedChannel | null {
  const colon = name.indexOf(':');
  if (colon <= 0 || colon === name.length - 1) return null;
  return { namespace: name.slice(0, colon), id: name.slice(colon + 1) };
}

/** The numeric id of a channel of our namespaces, or null when it is not a positive integer. */
export function channelNumericId(id: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(id)) return null;
  const value = Number(id);
  return Number.isSafeInteger(value) ? value : null;
}
