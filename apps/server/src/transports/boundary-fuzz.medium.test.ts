// A bounded, seeded fuzz of the boundaries: a few thousand generated requests over every REST route,
// GraphQL documents with hostile variables and device-link frames. None may fail on the server (no 5xx, no
// GraphQL `unexpected`, no device frame the server could not handle), and the server is sound afterwards.
import { DEVICE_PROTOCOL_VERSION } from '@eluent/contracts';
import { CREATE_METHOD, CREATE_OR_UPDATE_TEMPLATE, METHODS, UPDATE_METHOD } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { request, signUp, startTestServer, type TestServer } from '../../test/harness.ts';
import { methodsVariables, templateVariables } from '../../test/spec-documents.ts';

const SEED = 20_261_124;
const REST_REQUESTS = 1800;
const GRAPHQL_REQUESTS = 600;
const DEVICE_FRAMES = 600;
const PARALLEL = 8;

/** mulberry32: small, fast, seeded. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof random>;

const HOSTILE_TEXT = [
  'a\u0000b',
  '\u0000',
  '\uD800',
  'tail\uDBFF',
  '\uDC00head',
  'x'.repeat(100_001),
  'ok 🧪',
  '',
  ' ',
  "'; drop table users; --",
  '%00',
  '../../etc/passwd',
  '__proto__',
  '<script>alert(1)</script>',
  '1e400',
];
// Written into raw JSON text: JSON.parse makes 1e400 Infinity and 2^64 an inexact integer.
const HOSTILE_NUMBERS = [
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '18446744073709551616',
  '1e400',
  '-0',
  '0.5',
];
const FIELDS = [
  'id',
  'name',
  'email',
  'username',
  'password',
  'refresh',
  'code',
  'serial_number',
  'pairing_code',
  'vial',
  'sample_id',
  'method_id',
  'ids',
  'method',
  'column',
  'ssid',
  'rows',
  'amount',
  'message',
  'notes',
  'position',
  'device_id',
  'template_id',
  'peaks',
  'start_sec',
  'end_sec',
  'channels',
  'format',
];

/** A JSON text that may hold hostile values (written raw so out-of-range numbers reach the parser). */
function hostileJson(rng: Random, depth = 0): string {
  const roll = rng.next();
  if (roll < 0.3) return JSON.stringify(rng.pick(HOSTILE_TEXT));
  if (roll < 0.5) return rng.pick(HOSTILE_NUMBERS);
  if (roll < 0.6) return rng.pick(['null', 'true', 'false', '1', '0', '-1', '3.25']);
  if (roll < 0.75 && depth < 3) {
    const items = Array.from({ length: Math.floor(rng.next() * 4) }, () => hostileJson(rng, depth + 1));
    return `[${items.join(',')}]`;
  }
  if (depth >= 3) return '"leaf"';
  const count = 1 + Math.floor(rng.next() * 4);
  const entries = Array.from({ length: count }, () => {
    const key = rng.chance(0.9) ? rng.pick(FIELDS) : rng.pick(HOSTILE_TEXT.slice(0, 5));
    return `${JSON.stringify(key)}:${hostileJson(rng, depth + 1)}`;
  });
  return `{${entries.join(',')}}`;
}

const ID_PARAMS = [
  '1',
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  'abc',
  '%00',
  '%ED%A0%80',
  '1.5',
  'x'.repeat(400),
];

function fillPath(url: string, rng: Random): string {
  return url.replace(/:(\w+)/g, () => rng.pick(ID_PARAMS)).replace(/\*$/, rng.pick(['a', '%00', '..%2f']));
}

async function inBatches<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += PARALLEL) {
    await Promise.all(items.slice(start, start + PARALLEL).map(run));
  }
}

/** A device-link connection that collects every frame the server sends. */
async function deviceSocket(server: TestServer) {
  const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/device/ws`);
  const frames: Array<{ type: string; code?: string; detail?: string }> = [];
  socket.on('message', (data: Buffer) =>
    frames.push(JSON.parse(data.toString('utf8')) as (typeof frames)[0]),
  );
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, frames, closed };
}

describe('boundary fuzz', () => {
  let server: TestServer;
  let token: string;
  const failures: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      backend: { name: 'pglite' },
      // Limits stay out of the way: the fuzz is about input, the limits have their own tests.
      env: { ELUENT_RATE_LIMIT: '100000', ELUENT_LOCKOUT_FAILURES: '10000' },
    });
    token = (await signUp(server.baseUrl)).access;
  });
  afterAll(async () => server?.dispose());

  it('answers thousands of hostile REST requests without a 5xx', async () => {
    const rng = random(SEED);
    const routes = server.routes.filter(
      (route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && route.method !== 'OPTIONS',
    );
    expect(routes.length).toBeGreaterThan(40);
    const requests = Array.from({ length: REST_REQUESTS }, () => {
      const route = rng.pick(routes);
      return {
        method: route.method,
        path: fillPath(route.url, rng),
        raw: route.method === 'GET' || route.method === 'DELETE' ? undefined : hostileJson(rng),
        authorized: rng.chance(0.85),
      };
    });
    await inBatches(requests, async (fuzz) => {
      const answer = await request(server.baseUrl, fuzz.method, fuzz.path, {
        ...(fuzz.raw === undefined ? {} : { raw: fuzz.raw }),
        ...(fuzz.authorized ? { token } : {}),
      });
      if (answer.status >= 500)
        failures.push(`${fuzz.method} ${fuzz.path} ${fuzz.raw?.slice(0, 200)} → ${answer.status}`);
    });
    expect(failures).toEqual([]);
  });

  it('answers hostile GraphQL variables without an unexpected error', async () => {
    const rng = random(SEED + 1);
    const documents: Array<{ query: string; variables: () => Record<string, unknown> }> = [
      { query: METHODS, variables: () => methodsVariables() },
      { query: CREATE_METHOD, variables: () => ({ object: { name: 'fuzz', hardware_configuration: [] } }) },
      { query: UPDATE_METHOD, variables: () => ({ methodId: 1, set: { name: 'fuzz' } }) },
      { query: CREATE_OR_UPDATE_TEMPLATE, variables: () => templateVariables(crypto.randomUUID()) },
    ];
    const requests = Array.from({ length: GRAPHQL_REQUESTS }, () => {
      const document = rng.pick(documents);
      const variables = JSON.stringify(document.variables());
      // Replace one value of the valid variables with a hostile one, written raw.
      const values = [...variables.matchAll(/:("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false|null)/g)];
      const target = values.length > 0 ? rng.pick(values) : undefined;
      const hostile = target
        ? `${variables.slice(0, target.index + 1)}${hostileJson(rng)}${variables.slice(target.index + target[0].length)}`
        : variables;
      return `{"query":${JSON.stringify(document.query)},"variables":${hostile}}`;
    });
    await inBatches(requests, async (raw) => {
      const answer = await request(server.baseUrl, 'POST', '/hasura/v1/graphql', { raw, token });
      const codes = (
        (answer.body as { errors?: Array<{ extensions?: { code?: string } }> }).errors ?? []
      ).map((error) => error.extensions?.code);
      if (answer.status >= 500 || codes.includes('unexpected')) {
        failures.push(`graphql ${raw.slice(0, 300)} → ${answer.status} ${answer.text.slice(0, 200)}`);
      }
    });
    expect(failures).toEqual([]);
  });

  it('answers hostile device-link frames without a frame the server could not handle', async () => {
    const rng = random(SEED + 2);
    const serial = `FUZZ-${process.pid}`;
    const link = await deviceSocket(server);
    link.socket.send(
      JSON.stringify({
        type: 'hello',
        protocol: DEVICE_PROTOCOL_VERSION,
        serial_number: serial,
        firmware_version: '1.0',
        hardware_configuration: [],
        pairing_code: 'fuzz-code',
      }),
    );
    const types = ['hello', 'status', 'chunk', 'run_finished', 'reply'];
    for (let index = 0; index < DEVICE_FRAMES; index++) {
      const body = hostileJson(rng);
      const frame = body.startsWith('{')
        ? `{"type":${JSON.stringify(rng.pick(types))},${body.slice(1)}`
        : body;
      link.socket.send(frame === '{"type":"hello",}' ? '{}' : frame.replace(/,}$/, '}'));
    }
    link.socket.send(JSON.stringify({ type: 'reply', id: 'end', ok: true }));
    // Every frame gets at most one answer; wait until the server has read them all (it answers in order).
    const deadline = Date.now() + 30_000;
    while (link.socket.readyState === WebSocket.OPEN && Date.now() < deadline) {
      const handled = link.frames.length;
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (handled > 0 && link.frames.length === handled) break;
    }
    const unhandled = link.frames.filter((frame) => frame.detail?.startsWith('The server could not handle'));
    expect(unhandled).toEqual([]);
    link.socket.close();
    await link.closed;
  });

  it('is sound afterwards: health, sign-in, REST, GraphQL and the device link still work', async () => {
    expect((await request(server.baseUrl, 'GET', '/api/health/')).status).toBe(200);
    const user = await signUp(server.baseUrl);
    expect((await request(server.baseUrl, 'GET', '/api/accounts/me/', { token: user.access })).status).toBe(
      200,
    );
    const graphql = await request(server.baseUrl, 'POST', '/hasura/v1/graphql', {
      token: user.access,
      body: { query: METHODS, variables: methodsVariables() },
    });
    expect(graphql.body.errors).toBeUndefined();
    const link = await deviceSocket(server);
    link.socket.send(
      JSON.stringify({
        type: 'hello',
        protocol: DEVICE_PROTOCOL_VERSION,
        serial_number: `AFTER-${process.pid}`,
        firmware_version: '1.0',
        hardware_configuration: [],
        pairing_code: 'after-code',
      }),
    );
    while (link.frames.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(link.frames[0]).toMatchObject({ type: 'welcome' });
    link.socket.close();
    await link.closed;
  });
});
