// A bounded, seeded fuzz of the boundaries: generated requests over every REST route (each route with every
// kind of path parameter), GraphQL documents with hostile variables and device-link frames, every hostile
// value used at least once and counted in what each test reports. None may fail on the server (no 5xx, no
// GraphQL `unexpected`, no device frame the server could not handle), and the server is sound afterwards.
import { DEVICE_PROTOCOL_VERSION } from '@eluent/contracts';
import { CREATE_METHOD, CREATE_OR_UPDATE_TEMPLATE, METHODS, UPDATE_METHOD } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { request, signUp, startTestServer, type TestServer } from '../../test/harness.ts';
import { methodsVariables, templateVariables } from '../../test/spec-documents.ts';
import { eventually } from '../../test/eventually.ts';

const SEED = 20_261_124;
/**
 * Requests per REST route, each with its own body; the routes' path parameters take the kinds of
 * `ID_PARAMS` in turn, so every kind reaches many routes. One request in four goes without a token.
 */
const REQUESTS_PER_ROUTE = 3;
const GRAPHQL_REQUESTS = 80;
const DEVICE_FRAMES = 200;
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

/** Every hostile text and number a test wrote, for its coverage check and report. */
type Covered = Set<string>;

/** A JSON text that may hold hostile values (written raw so out-of-range numbers reach the parser). */
function hostileJson(rng: Random, covered: Covered, depth = 0): string {
  const roll = rng.next();
  if (roll < 0.3) {
    const text = rng.pick(HOSTILE_TEXT);
    covered.add(text);
    return JSON.stringify(text);
  }
  if (roll < 0.5) {
    const number = rng.pick(HOSTILE_NUMBERS);
    covered.add(number);
    return number;
  }
  if (roll < 0.6) return rng.pick(['null', 'true', 'false', '1', '0', '-1', '3.25']);
  if (roll < 0.75 && depth < 3) {
    const items = Array.from({ length: Math.floor(rng.next() * 4) }, () =>
      hostileJson(rng, covered, depth + 1),
    );
    return `[${items.join(',')}]`;
  }
  if (depth >= 3) return '"leaf"';
  const count = 1 + Math.floor(rng.next() * 4);
  const entries = Array.from({ length: count }, () => {
    const key = rng.chance(0.9) ? rng.pick(FIELDS) : rng.pick(HOSTILE_TEXT.slice(0, 5));
    return `${JSON.stringify(key)}:${hostileJson(rng, covered, depth + 1)}`;
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

/** The route's path with every parameter set to `ID_PARAMS[turn]` (cycling). */
function fillPath(url: string, turn: number, rng: Random): string {
  const id = ID_PARAMS[turn % ID_PARAMS.length]!;
  return url.replace(/:(\w+)/g, () => id).replace(/\*$/, rng.pick(['a', '%00', '..%2f']));
}

/** Hostile values never written by a test: its size is too small for the seed to reach them all. */
function uncovered(covered: Covered): string[] {
  return [...HOSTILE_TEXT, ...HOSTILE_NUMBERS]
    .filter((value) => !covered.has(value))
    .map((value) => value.slice(0, 20));
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

  beforeAll(async () => {
    server = await startTestServer({
      backend: { name: 'pglite' },
      // Limits stay out of the way: the fuzz is about input, the limits have their own tests.
      env: { ELUENT_RATE_LIMIT: '100000', ELUENT_LOCKOUT_FAILURES: '10000' },
    });
    token = (await signUp(server.baseUrl)).access;
  });
  afterAll(async () => server?.dispose());

  it('answers hostile REST requests on every route without a 5xx', async () => {
    const rng = random(SEED);
    const covered: Covered = new Set();
    const failures: string[] = [];
    const routes = server.routes.filter(
      (route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && route.method !== 'OPTIONS',
    );
    expect(routes.length).toBeGreaterThan(40);
    const requests = routes.flatMap((route, routeIndex) =>
      Array.from({ length: REQUESTS_PER_ROUTE }, (_, variant) => {
        const turn = routeIndex * REQUESTS_PER_ROUTE + variant;
        return {
          method: route.method,
          path: fillPath(route.url, turn, rng),
          raw: route.method === 'GET' || route.method === 'DELETE' ? undefined : hostileJson(rng, covered),
          authorized: turn % 4 !== 3,
        };
      }),
    );
    const statuses = new Map<number, number>();
    await inBatches(requests, async (fuzz) => {
      const answer = await request(server.baseUrl, fuzz.method, fuzz.path, {
        ...(fuzz.raw === undefined ? {} : { raw: fuzz.raw }),
        ...(fuzz.authorized ? { token } : {}),
      });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500)
        failures.push(`${fuzz.method} ${fuzz.path} ${fuzz.raw?.slice(0, 200)} → ${answer.status}`);
    });
    console.info(
      `REST fuzz: ${requests.length} requests over ${routes.length} routes, ${covered.size} hostile values; ` +
        `answers ${[...statuses].map(([status, count]) => `${status}×${count}`).join(' ')}`,
    );
    expect(failures).toEqual([]);
    expect(uncovered(covered)).toEqual([]);
  });

  it('answers hostile GraphQL variables without an unexpected error', async () => {
    const rng = random(SEED + 1);
    const covered: Covered = new Set();
    const failures: string[] = [];
    const seededUuid = () =>
      Array.from({ length: 32 }, () => Math.floor(rng.next() * 16).toString(16))
        .join('')
        .replace(/^(.{8})(.{4})(.{3})(.{3})(.{12})$/, '$1-$2-4$3-a$4-$5');
    const documents: Array<{ name: string; query: string; variables: () => Record<string, unknown> }> = [
      { name: 'methods', query: METHODS, variables: () => methodsVariables() },
      {
        name: 'create method',
        query: CREATE_METHOD,
        variables: () => ({ object: { name: 'fuzz', hardware_configuration: [] } }),
      },
      {
        name: 'update method',
        query: UPDATE_METHOD,
        variables: () => ({ methodId: 1, set: { name: 'fuzz' } }),
      },
      {
        name: 'template',
        query: CREATE_OR_UPDATE_TEMPLATE,
        variables: () => templateVariables(seededUuid()),
      },
    ];
    const perDocument = new Map<string, number>();
    // The documents take turns; each request replaces one value of valid variables with a hostile one, raw.
    const requests = Array.from({ length: GRAPHQL_REQUESTS }, (_, index) => {
      const document = documents[index % documents.length]!;
      perDocument.set(document.name, (perDocument.get(document.name) ?? 0) + 1);
      const variables = JSON.stringify(document.variables());
      const values = [...variables.matchAll(/:("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false|null)/g)];
      const target = values.length > 0 ? rng.pick(values) : undefined;
      const hostile = target
        ? `${variables.slice(0, target.index + 1)}${hostileJson(rng, covered)}${variables.slice(target.index + target[0].length)}`
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
    console.info(
      `GraphQL fuzz: ${requests.length} requests (${[...perDocument].map(([name, count]) => `${name} ${count}`).join(', ')}), ` +
        `${covered.size} hostile values`,
    );
    expect(failures).toEqual([]);
    expect(uncovered(covered)).toEqual([]);
  });

  it('answers hostile device-link frames without a frame the server could not handle', async () => {
    const rng = random(SEED + 2);
    const covered: Covered = new Set();
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
    // Welcomed first, so that the closing chunk below is answered as the instrument's own.
    await eventually(() => link.frames.some((frame) => frame.type === 'welcome'), { what: 'the welcome' });
    const types = ['hello', 'status', 'chunk', 'run_finished', 'reply'];
    for (let index = 0; index < DEVICE_FRAMES; index++) {
      const body = hostileJson(rng, covered);
      const frame = body.startsWith('{')
        ? `{"type":${JSON.stringify(rng.pick(types))},${body.slice(1)}`
        : body;
      link.socket.send(frame === '{"type":"hello",}' ? '{}' : frame.replace(/,}$/, '}'));
    }
    // The server handles a connection's frames in order and answers this chunk (of no measurement) last: once
    // its answer is here, every frame before it has been handled. A frame that ends the connection ends it.
    const LAST_CHUNK_INDEX = 999_999;
    link.socket.send(
      JSON.stringify({
        type: 'chunk',
        measurement_id: 2_147_483_000,
        chunk_index: LAST_CHUNK_INDEX,
        time_sec: [],
        signal: [],
      }),
    );
    let closed = false;
    void link.closed.then(() => (closed = true));
    await eventually(
      () =>
        closed ||
        link.frames.some(
          (frame) => (frame as { about?: { chunk_index?: number } }).about?.chunk_index === LAST_CHUNK_INDEX,
        ),
      { what: 'the answer to the last frame', deadline: 30_000 },
    );
    console.info(
      `device-link fuzz: ${DEVICE_FRAMES} frames, ${covered.size} hostile values, ${link.frames.length} answers` +
        (closed ? ', the connection closed by the server' : ''),
    );
    const unhandled = link.frames.filter((frame) => frame.detail?.startsWith('The server could not handle'));
    expect(unhandled).toEqual([]);
    expect(uncovered(covered)).toEqual([]);
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
    await eventually(() => link.frames.length > 0, { what: 'an answer to the hello' });
    expect(link.frames[0]).toMatchObject({ type: 'welcome' });
    link.socket.close();
    await link.closed;
  });
});
