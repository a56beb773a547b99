// The client address of a raw request (WebSocket upgrades, which Fastify does not see), read the way Fastify
// reads it for routes: X-Forwarded-For counts only through the trusted proxy hops.
import type { IncomingMessage } from 'node:http';

/**
 * The address `trustedHops` proxies away from us: 0 is the socket's peer; with 1, the last X-Forwarded-For
 * entry (the one our proxy added), and so on. Entries a client wrote itself sit further left and are ignored.
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
  return chain[Math.min(trustedHops, chain.length - 1)]!;
}
