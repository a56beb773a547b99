import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { publicOrigin } from './public-origin.ts';

const request = (host: string | undefined, localAddress = '127.0.0.1', localPort = 8080) =>
  ({
    socket: { localAddress, localPort },
    headers: host === undefined ? {} : { host },
  }) as unknown as IncomingMessage;

describe('public origin', () => {
  it('is the configured public URL whatever the Host header says', () => {
    expect(publicOrigin(request('attacker.example'), 'https://eluent.example.com')).toBe(
      'https://eluent.example.com',
    );
  });

  it('without one, keeps a Host that names the socket the request came in on', () => {
    expect(publicOrigin(request('127.0.0.1:8080'), undefined)).toBe('http://127.0.0.1:8080');
    expect(publicOrigin(request('LOCALHOST:8080'), undefined)).toBe('http://localhost:8080');
    expect(publicOrigin(request('192.168.1.20:8080', '::ffff:192.168.1.20'), undefined)).toBe(
      'http://192.168.1.20:8080',
    );
    expect(publicOrigin(request('[::1]:8080', '::1'), undefined)).toBe('http://[::1]:8080');
  });

  it('without one, never follows a Host naming another machine or port', () => {
    expect(publicOrigin(request('attacker.example'), undefined)).toBe('http://localhost:8080');
    expect(publicOrigin(request('attacker.example:8080'), undefined)).toBe('http://localhost:8080');
    expect(publicOrigin(request('127.0.0.1:9999'), undefined)).toBe('http://localhost:8080');
    expect(publicOrigin(request('127.0.0.1:8080@attacker.example'), undefined)).toBe('http://localhost:8080');
    expect(publicOrigin(request(undefined), undefined)).toBe('http://localhost:8080');
  });
});
