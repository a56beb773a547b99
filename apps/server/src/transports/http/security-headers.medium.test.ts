// Every answer carries the security headers; HSTS and Secure cookies only over TLS, which a request proves
// through X-Forwarded-Proto only when ELUENT_TRUST_PROXY trusts the proxy; assets are sent precompressed and
// JSON answers compressed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type Server } from '../../app.ts';
import { loadConfig } from '../../config.ts';

const ASSET = `export const values = [${Array.from({ length: 2000 }, (_, index) => index).join(', ')}];\n`;

const LONG = { rows: Array.from({ length: 200 }, (_, id) => ({ id, name: `Sample ${id}` })) };

async function serverWith(dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  return buildServer(
    loadConfig({
      ELUENT_DATA_DIR: dataDir,
      ELUENT_LOG_LEVEL: 'silent',
      ELUENT_WEB_DIR: join(dataDir, 'web'),
      ...env,
    }),
  );
}

describe('security headers and compression', () => {
  let dataDir: string;
  let direct: Server;
  let proxied: Server;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'eluent-headers-'));
    const web = join(dataDir, 'web');
    mkdirSync(join(web, 'assets'), { recursive: true });
    writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(web, 'assets', 'app.js'), ASSET);
    writeFileSync(join(web, 'assets', 'app.js.br'), brotliCompressSync(ASSET));
    writeFileSync(join(web, 'assets', 'app.js.gz'), gzipSync(ASSET));
    direct = await serverWith(dataDir);
    direct.app.get('/api/test-only/long/', async () => LONG);
    proxied = await serverWith(dataDir, { ELUENT_TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await direct?.app.close();
    await proxied?.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a policy without inline script and forbids framing on pages and API answers', async () => {
    for (const url of ['/', '/app/sequences/', '/share/abc', '/api/health/', '/api/nothing-here/']) {
      const response = await direct.app.inject({ method: 'GET', url });
      const policy = response.headers['content-security-policy'] as string;
      expect(policy, url).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      const scripts = policy.split('; ').find((part) => part.startsWith('script-src'))!;
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('sends HSTS and Secure cookies only over TLS through a trusted proxy', async () => {
    const plain = await direct.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/i);
    // Without ELUENT_TRUST_PROXY a client cannot claim TLS with a header.
    const spoofed = await direct.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const tls = await proxied.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
    expect(String(tls.headers['set-cookie'])).toMatch(/; Secure/i);
  });

  it('sends the precompressed copy of an asset the client accepts', async () => {
    const brotli = await direct.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(ASSET);
    expect(brotli.rawPayload.length).toBeLessThan(ASSET.length / 2);
    const gzip = await direct.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(ASSET);
    const identity = await direct.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.payload).toBe(ASSET);
  });

  it('compresses JSON answers above 1 KiB', async () => {
    const short = await direct.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(short.headers['content-encoding']).toBeUndefined();
    const long = await direct.app.inject({
      method: 'GET',
      url: '/api/test-only/long/',
      headers: { 'accept-encoding': 'br' },
    });
    expect(long.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(long.rawPayload).toString())).toEqual(LONG);
    expect(long.rawPayload.length).toBeLessThan(JSON.stringify(LONG).length / 4);
  });
});
