// Links the server hands out (the password-reset e-mail, share links) point at ELUENT_PUBLIC_URL, or at this
// server's own address: a forged Host or X-Forwarded-Host never reaches them, so nobody can have a victim
// mailed a reset link to their own site.
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { fileUnderSequence, syntheticCsv, upload } from '../../../test/results-fixtures.ts';

/** A POST with headers fetch will not send as given (Host). */
function post(baseUrl: string, path: string, body: unknown, headers: Record<string, string>, token?: string) {
  const url = new URL(path, baseUrl);
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify(body));
  });
}

/** The link in the newest reset e-mail to `email`, quoted-printable undone. */
async function mailedLink(server: TestServer, email: string): Promise<string> {
  await server.context.mailQueue.idle();
  const outbox = join(server.dataDir, 'outbox');
  const file = readdirSync(outbox)
    .filter((name) => name.includes(email.split('@')[0]!))
    .sort()
    .at(-1)!;
  const mail = readFileSync(join(outbox, file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return /(https?:\/\/\S+\/auth\/reset-password\/\?code=[\w%-]+)/.exec(mail)![1]!;
}

const FORGED = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' };

describe('public links', () => {
  let plain: TestServer;
  let configured: TestServer;

  beforeAll(async () => {
    // Trusting a proxy would make X-Forwarded-Host count for Fastify; it must not count for links.
    plain = await startTestServer({ backend: { name: 'pglite' }, env: { ELUENT_TRUST_PROXY: '1' } });
    configured = await startTestServer({
      backend: { name: 'pglite' },
      env: { ELUENT_PUBLIC_URL: 'https://eluent.example.com' },
    });
  });
  afterAll(async () => {
    await plain?.dispose();
    await configured?.dispose();
  });

  it('mails the reset link for the configured public URL, whatever Host the request names', async () => {
    const user = await signUp(configured.baseUrl);
    const answer = await post(
      configured.baseUrl,
      '/api/accounts/:recover-password/',
      { email: user.email },
      FORGED,
    );
    expect(answer.status).toBe(200);
    const link = await mailedLink(configured, user.email);
    expect(link.startsWith('https://eluent.example.com/auth/reset-password/?code=')).toBe(true);
    expect(link).not.toContain('attacker');
  });

  it('without a public URL, mails a link to this server, never to a forged Host', async () => {
    const user = await signUp(plain.baseUrl);
    const port = new URL(plain.baseUrl).port;
    await post(plain.baseUrl, '/api/accounts/:recover-password/', { email: user.email }, FORGED);
    expect(
      (await mailedLink(plain, user.email)).startsWith(`http://localhost:${port}/auth/reset-password/`),
    ).toBe(true);
    // The Host a browser on this machine sends is kept.
    await post(plain.baseUrl, '/api/accounts/:recover-password/', { email: user.email }, {});
    expect((await mailedLink(plain, user.email)).startsWith(`${plain.baseUrl}/auth/reset-password/`)).toBe(
      true,
    );
  });

  it('builds share links from the public URL too', async () => {
    const owner = await signUp(configured.baseUrl);
    const measurement = await upload(configured.baseUrl, owner.access, 'm.csv', syntheticCsv());
    const { sequenceId } = await fileUnderSequence(
      configured,
      owner.id,
      [measurement.body.measurement_id],
      'run',
    );
    const link = await post(
      configured.baseUrl,
      '/api/share-tokens/',
      { object_type: 'sequence', object_id: sequenceId },
      FORGED,
      owner.access,
    );
    expect(link.status).toBe(201);
    expect(String(link.body.url).startsWith('https://eluent.example.com/share/?token=')).toBe(true);
  });
});
