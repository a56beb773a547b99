import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, isProxyAddress } from './client-address.ts';

const request = (peer: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

describe('client address', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress(request('203.0.113.9', '198.51.100.1'), 0)).toBe('203.0.113.9');
  });

  it('takes the entry the trusted proxies added, not what the client wrote before them', () => {
    // The client claims 1.2.3.4; our one proxy appended the address it saw.
    expect(clientAddress(request('10.0.0.2', '1.2.3.4, 198.51.100.7'), 1)).toBe('198.51.100.7');
    expect(clientAddress(request('10.0.0.2', '1.2.3.4, 198.51.100.7, 10.0.0.9'), 2)).toBe('198.51.100.7');
  });

  it('falls back to the farthest known address when the header is shorter than the hops', () => {
    expect(clientAddress(request('10.0.0.2'), 1)).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.2', '198.51.100.7'), 3)).toBe('198.51.100.7');
  });

  it('ignores the header from a client that reaches the server directly, whatever it writes', () => {
    // ELUENT_TRUST_PROXY=1, but the peer is a public address: not our proxy, so the header is the client's own.
    for (const claimed of ['1.2.3.4', '10.0.0.7', '198.51.100.7, 10.0.0.2'])
      expect(clientAddress(request('203.0.113.9', claimed), 1)).toBe('203.0.113.9');
  });

  it('believes a hop only from loopback, link-local or private addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.5',
      '::1',
      '::ffff:10.0.0.1',
      'fd00::1',
      'fe80::1',
    ])
      expect(isProxyAddress(address), address).toBe(true);
    for (const address of [
      '203.0.113.9',
      '172.32.0.1',
      '8.8.8.8',
      '2001:db8::1',
      '::ffff:8.8.8.8',
      'unknown',
    ])
      expect(isProxyAddress(address), address).toBe(false);
  });
});
