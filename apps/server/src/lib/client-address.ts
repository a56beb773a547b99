// The client address of a raw request (WebSocket upgrades, which Fastify does not see), read the way Fastify
// reads it for routes: X-Forwarded-For counts only through the trusted proxy hops, and only a hop whose
// sender is a proxy address (loopback or a private network) is believed. A client that reaches the server
// directly from the internet cannot choose its address (and its rate-limit bucket) with the header.
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

const privateV4 = [
  [10, 0, 8],
  [172, 16, 12],
  [192, 168, 16],
  [127, 0, 8],
  [169, 254, 16],
  [100, 64, 10],
] as const;

/** Whether an address can be one of our own proxies: loopback, link-local or a private network. */
export function isProxyAddress(address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) {
    const value = plain.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
    return privateV4.some(([first, second, bits]) => {
      const base = (first * 256 + second) * 65_536;
      const size = 2 ** (32 - bits);
      return value >= base && value < base + size;
    });
  }
  if (isIP(plain) === 6) {
    const lower = plain.toLowerCase();
    return lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
  }
  return false;
}

/** Fastify's `trustProxy`: believe `hops` proxies, each only when it is a proxy address. */
export function trustedHop(hops: number): (address: string, hop: number) => boolean {
  return (address, hop) => hop < hops && isProxyAddress(address);
}

/**
 * The address `trustedHops` proxies away from us: 0 is the socket's peer; with 1, the last X-Forwarded-For
 * entry (the one our proxy added), and so on. Entries a client wrote itself sit further left and are ignored;
 * so is the whole header when the address that sent it is not a proxy address.
 */
export function clientAddress(request: IncomingMessage, trustedHops: number): string {
  const peer = request.socket.remoteAddress ?? 'unknown';
  if (trustedHops <= 0) return peer;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const chain = [peer, ...forwarded.reverse()];
  const trust = trustedHop(trustedHops);
  let index = 0;
  while (index < chain.length - 1 && trust(chain[index]!, index)) index++;
  return chain[index]!;
}
