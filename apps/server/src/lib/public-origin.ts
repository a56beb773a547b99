// The origin links in e-mails and share links point at. A request's Host header is chosen by whoever sends
// the request, so it never decides where a mailed link leads: ELUENT_PUBLIC_URL does, and without it only a
// Host that names this server's own socket (a loopback name or the address the request arrived at) is used.
import type { IncomingMessage } from 'node:http';

/**
 * `publicUrl` when configured; otherwise the request's own Host when it names the socket it came in on,
 * else `http://localhost:<port>`.
 * @example publicOrigin(request, undefined) // 'http://127.0.0.1:8080' for a request to 127.0.0.1:8080
 */
export function publicOrigin(request: IncomingMessage, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const port = request.socket.localPort ?? 80;
  const host = (request.headers.host ?? '').toLowerCase();
  const names = ['localhost', '127.0.0.1', '[::1]', bracketed(request.socket.localAddress)];
  const accepted = names.flatMap((name) => (port === 80 ? [name, `${name}:80`] : [`${name}:${port}`]));
  if (host && accepted.includes(host)) return `http://${host}`;
  return `http://localhost:${port}`;
}

function bracketed(address: string | undefined): string {
  if (!address) return 'localhost';
  const unmapped = address.startsWith('::ffff:') ? address.slice(7) : address;
  return unmapped.includes(':') ? `[${unmapped}]` : unmapped;
}
