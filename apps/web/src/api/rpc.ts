// Realtime remote calls (spec §8): a call cut by a closed connection reads as a time-out.
import { errorCodes } from 'centrifuge';
import { TIMEOUT_TEXT } from './errors.ts';

/** The connection-closed code of the realtime client (11). */
export const CONNECTION_CLOSED_CODE: number = errorCodes.connectionClosed;

/** The text shown for a failed remote call: the time-out text for code 11, otherwise the error's message. */
export function rpcErrorText(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (code === CONNECTION_CLOSED_CODE) return TIMEOUT_TEXT;
    if (typeof message === 'string' && message !== '') return message;
  }
  return typeof error === 'string' && error !== '' ? error : 'Request failed!';
}

/** The part of a realtime connection a remote call needs. */
export interface RpcConnection {
  rpc(method: string, data: unknown): Promise<{ data: unknown }>;
}

/** Calls a server method; a failure is rethrown as an Error carrying the text of {@link rpcErrorText}. */
export async function callRpc<T>(connection: RpcConnection, method: string, data: unknown = {}): Promise<T> {
  try {
    return (await connection.rpc(method, data)).data as T;
  } catch (error) {
    throw new Error(rpcErrorText(error), { cause: error });
  }
}

/** Server clock minus local clock, from the `time` method, halfway through the round trip. */
export async function serverClockOffsetMs(
  connection: RpcConnection,
  now: () => number = Date.now,
): Promise<number> {
  const sentAt = now();
  const { time_ms: serverMs } = await callRpc<{ time_ms: number }>(connection, 'time');
  const receivedAt = now();
  return serverMs - (sentAt + receivedAt) / 2;
}
