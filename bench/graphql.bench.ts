// `npm run bench -- graphql`: the Methods list with search (spec §7 document, sent as the client sends it)
// on PostgreSQL with 100 users × 10,000 methods, 50 concurrent keep-alive connections on 127.0.0.1 for 20 s.
// Reference run in the same process: the same list + count sent directly through `pg` at the same
// concurrency. Options: --duration=<s> --users=<n> --methods=<n> --connections=<n>.
import { createHash } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import pg from 'pg';
import { signUp, startTestServer } from '../apps/server/test/harness.ts';
import { searchByNameOrId } from '../apps/server/test/graphql-client.ts';
import { METHODS, methodsVariables } from '../apps/server/test/spec-documents.ts';

function option(args: string[], name: string, fallback: number): number {
  const given = args.find((arg) => arg.startsWith(`--${name}=`));
  return given ? Number(given.split('=')[1]) : fallback;
}

/** Seeded generator (mulberry32), so every run sends the same searches. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Result {
  requests: number;
  errors: number;
  latenciesMs: number[];
  seconds: number;
}

async function load(connections: number, durationSec: number, send: () => Promise<boolean>): Promise<Result> {
  const latenciesMs: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationSec * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        const ok = await send();
        latenciesMs.push(performance.now() - begin);
        if (!ok) errors += 1;
      }
    }),
  );
  return { requests: latenciesMs.length, errors, latenciesMs, seconds: (performance.now() - started) / 1000 };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

function report(name: string, result: Result): number {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const perSecond = result.requests / result.seconds;
  console.log(
    `${name.padEnd(28)} ${perSecond.toFixed(0).padStart(6)} requests/s  p50 ${percentile(sorted, 0.5).toFixed(1)} ms  p99 ${percentile(sorted, 0.99).toFixed(1)} ms  errors ${result.errors}`,
  );
  return perSecond;
}

export async function run(args: string[]): Promise<void> {
  const durationSec = option(args, 'duration', 20);
  const userCount = option(args, 'users', 100);
  const methodsPerUser = option(args, 'methods', 10_000);
  const connections = option(args, 'connections', 50);

  const server = await startTestServer({ backend: { name: 'postgres' } }).catch((error: unknown) => {
    console.error(`PostgreSQL is needed for this benchmark: ${String(error)}`);
    return undefined;
  });
  if (!server) return;
  try {
    const users = [];
    for (let index = 0; index < userCount; index += 1) users.push(await signUp(server.baseUrl));
    const db = new pg.Pool({ connectionString: server.databaseUrl, max: 10 });
    console.log(`seeding ${userCount} users × ${methodsPerUser} methods …`);
    await db.query(
      `insert into methods (owner_id, name, favorite, archived, hardware_configuration, flow_rate_ml_per_min, run_time_min)
       select u.id, (array['Caffeine', 'Paracetamol', 'Ibuprofen', 'Benzoic acid', 'Vanillin'])[1 + g % 5] || ' assay '
         || substr(md5(u.id || ':' || g), 1, 8), g % 17 = 0, g % 29 = 0, '[]', 1.0, 15
       from users u cross join generate_series(1, $1::int) g where u.id = any($2::int[])`,
      [methodsPerUser, users.map((user) => user.id)],
    );
    await db.query('analyze');

    // Each user searches a 6-character code of one of its own methods (a few hits, as a person would type).
    const next = random(42);
    const requests = users.map((user) => {
      const g = 1 + Math.floor(next() * methodsPerUser);
      return { user, term: createHash('md5').update(`${user.id}:${g}`).digest('hex').slice(1, 7) };
    });
    const pick = () => requests[Math.floor(next() * requests.length)]!;

    const agent = new Agent({ keepAlive: true, maxSockets: connections });
    const url = new URL(`${server.baseUrl}/hasura/v1/graphql`);
    const sendGraphql = () =>
      new Promise<boolean>((resolve) => {
        const { user, term } = pick();
        const body = JSON.stringify({
          query: METHODS,
          variables: methodsVariables({
            whereSearchByNameOrId: searchByNameOrId(term),
            hasSortingByFavorites: 'desc',
          }),
        });
        const outgoing = httpRequest(
          {
            agent,
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${user.access}`,
              'content-length': Buffer.byteLength(body),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve(response.statusCode === 200 && Buffer.concat(chunks).toString().startsWith('{"data"')),
            );
          },
        );
        outgoing.on('error', () => resolve(false));
        outgoing.end(body);
      });

    const reference = `select json_build_object(
        'methods', (select coalesce(json_agg(s.e order by s.favorite desc, s.id desc), '[]') from (
          select json_build_object('id', m.id, 'name', m.name, 'favorite', m.favorite, 'archived', m.archived, 'is_example', m.is_example, 'hardware_configuration', m.hardware_configuration) as e, m.favorite, m.id
          from methods m where (m.owner_id = $1 or m.is_example) and m.archived = false and m.name ilike $2
            and (m.hardware_configuration = '[]'::jsonb) order by m.favorite desc, m.id desc limit 20) s),
        'methods_aggregate', json_build_object('aggregate', json_build_object('count', (select count(*) from methods m
          where (m.owner_id = $1 or m.is_example) and m.archived = false and m.name ilike $2 and m.hardware_configuration = '[]'::jsonb))))::text`;
    const direct = new pg.Pool({ connectionString: server.databaseUrl, max: 10 });
    const sendDirect = async () => {
      const { user, term } = pick();
      const result = await direct.query(reference, [user.id, `%${term}%`]);
      return result.rows.length === 1;
    };

    await load(connections, 2, sendGraphql); // warm-up: caches, JIT, connection pools
    const viaGraphql = report(
      'GraphQL Methods list+search',
      await load(connections, durationSec, sendGraphql),
    );
    await load(connections, 2, sendDirect);
    const viaPg = report('same query direct via pg', await load(connections, durationSec, sendDirect));
    console.log(`ratio GraphQL / direct pg: ${(viaGraphql / viaPg).toFixed(2)}`);
    console.log('aim: ≥ 3000 requests/s with p99 ≤ 30 ms on 2 cores');
    agent.destroy();
    await direct.end();
    await db.end();
  } finally {
    await server.dispose();
  }
}
