import { describe, expect, it } from 'vitest';
import {
  CONNECTION_CLOSED_CODE,
  callRpc,
  rpcErrorText,
  serverClockOffsetMs,
  type RpcConnection,
} from './rpc.ts';

// The realtime client rejects with plain `{code, message}` objects, not Error instances.
const failing = (error: unknown): RpcConnection => ({
  rpc: async () => {
    throw error;
  },
});

describe('remote-call errors (spec §8)', () => {
  it('shows the timeout message when the connection closed (code 11)', () => {
    expect(CONNECTION_CLOSED_CODE).toBe(11);
    expect(rpcErrorText({ code: 11, message: 'connection closed' })).toBe('Timeout');
  });

  it("shows the error's message otherwise", () => {
    expect(rpcErrorText({ code: 1, message: 'timeout' })).toBe('timeout');
    expect(rpcErrorText({ code: 108, message: 'not available' })).toBe('not available');
    expect(rpcErrorText(new Error('boom'))).toBe('boom');
  });

  it('rejects a call with the mapped text', async () => {
    await expect(callRpc(failing({ code: 11, message: 'connection closed' }), 'time')).rejects.toThrow(
      'Timeout',
    );
    await expect(callRpc(failing({ code: 108, message: 'method not found' }), 'x')).rejects.toThrow(
      'method not found',
    );
  });

  it('measures the server clock offset at the middle of the round trip', async () => {
    const times = [1_000, 1_200];
    const connection: RpcConnection = { rpc: async () => ({ data: { time_ms: 5_100 } }) };
    await expect(serverClockOffsetMs(connection, () => times.shift()!)).resolves.toBe(4_000);
  });
});
