// `npm run bench -- graphql`: the Methods list with search (spec §7 document, sent as the client sends it)
// on PostgreSQL with 100 users × 10,000 methods, 50 concurrent keep-alive connections on 127.0.0.1 for 20 s.
// The server runs from its entry point in a child process on a throw-away database; the load generator is
// another child process. References (bench/graphql/reference.ts), sent directly through `pg` from the load
// process at the same concurrency and pool size, in rounds alternating with the GraphQL ones: the very
// statement the server sends (compiled by its compiler, named prepared statement), and the lighter
// hand-written list + count of earlier runs. A third: the same statement behind a bare `node:http` server
// (bench/graphql/bare-server.ts), what one more Node process costs by itself. CPU per request of the server,
// the bare server and the load process is printed too (Linux).
// Options: --duration=<s> --users=<n> --methods=<n> --connections=<n> --terms=<searches per user>
// --explain (prints the reference statement's custom and generic plans) --profile (writes a V8 CPU
// profile of the server to a temporary folder).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createThrowAwayDatabase, signUp } from '@eluent/server/test/harness.ts';
import { searchByNameOrId } from '@eluent/server/test/graphql-client.ts';
import { METHODS, methodsVariables } from '@eluent/server/test/spec-documents.ts';
import type { LoadJob, LoadResult } from './graphql/load.ts';
import type { BareJob } from './graphql/bare-server.ts';
import { compiledStatements, REFERENCE_SQL } from './graphql/reference.ts';

/** The server's pool size (apps/server/src/db/database.ts); the reference pool uses the same. */
const POOL_SIZE = 16;
/** Each side's duration is split in this many alternating rounds. */
const ROUNDS = 4;
const root = new URL('..', import.meta.url).pathname;

function option(args: string[], name: string, fallback: number): number {
  const given = args.find((arg) => arg.startsWith(`--${name}=`));
  return given ? Number(given.split('=')[1]) : fallback;
}

function load(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

/** Starts the server from its entry point; resolves with its base URL once it listens. */
function startServer(
  env: Record<string, string>,
  profileDir?: string,
): Promise<{ child: ChildProcess; baseUrl: string }> {
  const flags = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, ['--import', 'tsx', ...flags, 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    // Generous: on a loaded machine the migrations of the fresh database alone can take minutes.
    const timer = setTimeout(() => reject(new Error('the server did not start within 300 s')), 300_000);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, baseUrl: match[1]! });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}: ${output.slice(-2000)}`));
    });
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Runs one load job in a fresh child process, killed if it overruns. */
function runLoad(job: LoadJob): Promise<LoadResult> {
  const child = fork(join(root, 'bench/graphql/load.ts'), [], { execArgv: ['--import', 'tsx'], cwd: root });
  return new Promise((resolve, reject) => {
    // Starting the process (and its TypeScript) takes long on a loaded machine: killed only far past its time.
    const timer = setTimeout(() => child.kill('SIGKILL'), (job.durationSec + 300) * 1000);
    child.once('message', (result) => resolve(result as LoadResult));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the load generator exited with ${code}`));
    });
    child.send(job);
  });
}

/**
 * CPU time a process has used so far, in milliseconds, user and system apart, from Linux's /proc (clock
 * ticks of 10 ms); undefined elsewhere. What a process spent, rather than how much of a shared core it got.
 */
function cpuMsOf(pid: number | undefined): { user: number; system: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name: state is the first, utime the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return undefined;
  }
}

/** CPU milliseconds per request of the load process over several rounds. */
function loadCpuPerRequest(rounds: LoadResult[]): number {
  const requests = rounds.reduce((sum, round) => sum + round.latencies.length, 0);
  return rounds.reduce((sum, round) => sum + round.cpuMs, 0) / requests;
}

/** A process's CPU over the rounds it served: `measure` wraps a round; undefined once a reading failed. */
function cpuTally(pid: number | undefined) {
  let total: { user: number; system: number } | undefined = { user: 0, system: 0 };
  return {
    async measure(round: () => Promise<LoadResult>): Promise<LoadResult> {
      const before = cpuMsOf(pid);
      const result = await round();
      const after = cpuMsOf(pid);
      total =
        total && before && after
          ? {
              user: total.user + after.user - before.user,
              system: total.system + after.system - before.system,
            }
          : undefined;
      return result;
    },
    /** `server 0.550 ms (user 0.501, system 0.048)` per request of the rounds. */
    perRequest(name: string, rounds: LoadResult[]): string {
      const requests = rounds.reduce((sum, round) => sum + round.latencies.length, 0);
      const ms = (value: number) => (value / requests).toFixed(3);
      return total
        ? `${name} ${ms(total.user + total.system)} ms (user ${ms(total.user)}, system ${ms(total.system)})`
        : `${name} –`;
    },
  };
}

/** Starts the bare HTTP hop (graphql/bare-server.ts); resolves with the process and its port. */
function startBareServer(job: BareJob): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(join(root, 'bench/graphql/bare-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    cwd: root,
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, port: (message as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
    child.send(job);
  });
}

/** A latency percentile over all requests of several rounds, in milliseconds. */
function percentile(rounds: LoadResult[], fraction: number): number {
  const latencies = rounds.flatMap((round) => round.latencies).sort((a, b) => a - b);
  return latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))] ?? NaN;
}

/** Figures over several rounds: requests per second of measured time, latency percentiles of all. */
function report(name: string, rounds: LoadResult[]): number {
  const latencies = rounds.flatMap((round) => round.latencies);
  const at = (fraction: number) => percentile(rounds, fraction);
  const seconds = rounds.reduce((sum, round) => sum + round.seconds, 0);
  const errors = rounds.reduce((sum, round) => sum + round.errors, 0);
  const perSecond = latencies.length / seconds;
  console.log(
    `${name.padEnd(30)} ${perSecond.toFixed(0).padStart(6)} requests/s  p50 ${at(0.5).toFixed(1)} ms  p99 ${at(0.99).toFixed(1)} ms  errors ${errors}`,
  );
  const firstError = rounds.find((round) => round.firstError)?.firstError;
  if (firstError) console.log(`  first error: ${firstError}`);
  return perSecond;
}

export async function run(args: string[]): Promise<void> {
  const durationSec = option(args, 'duration', 20);
  const userCount = option(args, 'users', 100);
  const methodsPerUser = option(args, 'methods', 10_000);
  const connections = option(args, 'connections', 50);
  const termsPerUser = option(args, 'terms', 100);
  const profileDir = args.includes('--profile') ? mkdtempSync(join(tmpdir(), 'eluent-profile-')) : undefined;

  const database = await createThrowAwayDatabase().catch((error: unknown) => {
    console.error(`PostgreSQL is needed for this benchmark: ${String(error)}`);
    return undefined;
  });
  if (!database) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'eluent-bench-'));
  let server: ChildProcess | undefined;
  let bareServer: ChildProcess | undefined;
  try {
    const started = await startServer(
      {
        DATABASE_URL: database.url,
        PORT: '0',
        HOST: '127.0.0.1',
        ELUENT_DATA_DIR: dataDir,
        ELUENT_LOG_LEVEL: 'error',
        ELUENT_RATE_LIMIT: '100000',
        ELUENT_ACCESS_TOKEN_LIFETIME_SEC: '3600',
        // The lowest cost the server accepts (the tests' too): signing up the users is not what is measured.
        ELUENT_SECRET: randomBytes(32).toString('hex'),
      },
      profileDir,
    );
    server = started.child;
    const users = [];
    for (let index = 0; index < userCount; index += 10) {
      const batch = Array.from({ length: Math.min(10, userCount - index) }, () => signUp(started.baseUrl));
      users.push(...(await Promise.all(batch)));
    }
    console.log(
      `seeding ${userCount} users × ${methodsPerUser} methods; ${termsPerUser} searches per user, ${connections} connections`,
    );
    const seedStarted = performance.now();
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    // Indexes are dropped for the bulk insert and rebuilt from their own definitions (far faster than
    // maintaining the trigram index row by row).
    const { rows: indexes } = await db.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
       where tablename = 'methods' and indexname not in (select conname from pg_constraint)`,
    );
    await db.query(`set maintenance_work_mem = '256MB'`);
    // The owners exist (signed up above): skip the per-row foreign key triggers where the role may.
    await db.query(`set session_replication_role = replica`).catch(() => undefined);
    for (const index of indexes) await db.query(`drop index "${index.name}"`);
    await db.query(
      `insert into methods (owner_id, workspace_id, name, favorite, archived, hardware_configuration, flow_rate_ml_per_min, run_time_min)
       select u.id, u.current_workspace_id, (array['Caffeine', 'Paracetamol', 'Ibuprofen', 'Benzoic acid', 'Vanillin'])[1 + g % 5] || ' assay '
         || substr(md5(u.id || ':' || g), 1, 8), g % 17 = 0, g % 29 = 0, '[]', 1.0, 15
       from users u cross join generate_series(1, $1::int) g where u.id = any($2::int[])`,
      [methodsPerUser, users.map((user) => user.id)],
    );
    for (const index of indexes) await db.query(index.definition);
    await db.query('set session_replication_role = default');
    await db.query('analyze');
    if (args.includes('--explain')) {
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${REFERENCE_SQL}`,
        [users[0]!.id, '%abc1%'],
      );
      console.log(rows.map((row) => row['QUERY PLAN']).join('\n'));
      // What a named prepared statement runs once PostgreSQL switches it to its generic plan.
      await db.query(`prepare reference_plan as ${REFERENCE_SQL}`);
      await db.query('set plan_cache_mode = force_generic_plan');
      const generic = await db.query<{ 'QUERY PLAN': string }>(
        `explain (analyze) execute reference_plan(${users[0]!.id}, '%abc1%')`,
      );
      console.log(generic.rows.map((row) => row['QUERY PLAN']).join('\n'));
      await db.query('reset plan_cache_mode');
    }
    await db.end();
    console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    // Each user searches `terms` different 6-character codes of its own methods (a few hits each, as a
    // person would type), so most requests differ from the ones before them.
    let state = 42;
    const searches = users.flatMap((user) =>
      Array.from({ length: termsPerUser }, () => {
        state = (state * 1103515245 + 12345) % 2 ** 31;
        const g = 1 + (state % methodsPerUser);
        return { user, term: createHash('md5').update(`${user.id}:${g}`).digest('hex').slice(1, 7) };
      }),
    );
    const port = Number(new URL(started.baseUrl).port);
    const variablesOf = (term: string) =>
      methodsVariables({ whereSearchByNameOrId: searchByNameOrId(term), hasSortingByFavorites: 'desc' });
    const requests = searches.map(({ user, term }) => {
      const body = JSON.stringify({ query: METHODS, variables: variablesOf(term) });
      return [
        'POST /hasura/v1/graphql HTTP/1.1',
        `host: 127.0.0.1:${port}`,
        'content-type: application/json',
        `authorization: Bearer ${user.access}`,
        `content-length: ${Buffer.byteLength(body)}`,
        '',
        body,
      ].join('\r\n');
    });
    const compile = compiledStatements(METHODS);
    const compiled = searches.map(({ user, term }) => compile(user.id, variablesOf(term)));
    const written = searches.map(({ user, term }) => ({
      text: REFERENCE_SQL,
      values: [user.id, `%${term}%`],
    }));

    const bare = await startBareServer({ url: database.url, poolSize: POOL_SIZE, statements: compiled });
    bareServer = bare.child;
    const bareRequests = compiled.map((_, index) => {
      const body = JSON.stringify({ i: index });
      return [
        'POST / HTTP/1.1',
        `host: 127.0.0.1:${bare.port}`,
        'content-type: application/json',
        `content-length: ${Buffer.byteLength(body)}`,
        '',
        body,
      ].join('\r\n');
    });
    const bareHttp = { mode: 'http', port: bare.port, requests: bareRequests, connections } as const;

    console.log(`load average before: ${load()}`);
    const http = { mode: 'http', port, requests, connections } as const;
    await runLoad({ ...http, durationSec: 2 }); // warm-up: caches, JIT, connection pools
    const pgJob = { mode: 'pg', url: database.url, poolSize: POOL_SIZE, connections } as const;
    const direct = { ...pgJob, statements: compiled, named: true };
    const handWritten = { ...pgJob, statements: written, named: false };
    await runLoad({ ...direct, durationSec: 2 });
    await runLoad({ ...handWritten, durationSec: 2 });
    await runLoad({ ...bareHttp, durationSec: 2 });
    // Alternating rounds, so a change in the machine's load weighs on every side alike.
    const graphqlRounds: LoadResult[] = [];
    const pgRounds: LoadResult[] = [];
    const writtenRounds: LoadResult[] = [];
    const serverCpu = cpuTally(started.child.pid);
    const bareCpu = cpuTally(bare.child.pid);
    const bareRounds: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const roundSec = durationSec / ROUNDS;
      graphqlRounds.push(await serverCpu.measure(() => runLoad({ ...http, durationSec: roundSec })));
      pgRounds.push(await runLoad({ ...direct, durationSec: roundSec }));
      bareRounds.push(await bareCpu.measure(() => runLoad({ ...bareHttp, durationSec: roundSec })));
      writtenRounds.push(await runLoad({ ...handWritten, durationSec: roundSec }));
    }
    const viaGraphql = report('GraphQL Methods list+search', graphqlRounds);
    const viaPg = report('same statement direct via pg', pgRounds);
    const viaBare = report('bare Node HTTP hop via pg', bareRounds);
    const viaWritten = report('hand-written SQL via pg', writtenRounds);
    console.log(`load average after: ${load()}`);
    const p99 = (rounds: LoadResult[]) => percentile(rounds, 0.99);
    console.log(
      `ratio GraphQL / same statement via pg: ${(viaGraphql / viaPg).toFixed(2)} requests/s, ` +
        `p99 ${(p99(graphqlRounds) / p99(pgRounds)).toFixed(2)}×`,
    );
    console.log(
      `ratio GraphQL / hand-written SQL via pg: ${(viaGraphql / viaWritten).toFixed(2)} requests/s, ` +
        `p99 ${(p99(graphqlRounds) / p99(writtenRounds)).toFixed(2)}×`,
    );
    console.log(
      `ratio bare HTTP hop / same statement via pg: ${(viaBare / viaPg).toFixed(2)} requests/s, ` +
        `p99 ${(p99(bareRounds) / p99(pgRounds)).toFixed(2)}×; ` +
        `GraphQL / bare HTTP hop: ${(viaGraphql / viaBare).toFixed(2)}, p99 ${(p99(graphqlRounds) / p99(bareRounds)).toFixed(2)}×`,
    );
    console.log('aim: ≥ 0.9× the same statement via pg in requests/s, p99 ≤ 1.2×');
    // CPU per request, what each process spent rather than how much of a shared core it got: the server's, and
    // the load process's on each side (PostgreSQL's own share is not counted here).
    console.log(
      `CPU per request: ${serverCpu.perRequest('server', graphqlRounds)}, ${bareCpu.perRequest('bare hop', bareRounds)}; ` +
        `load process ${loadCpuPerRequest(graphqlRounds).toFixed(3)} ms over HTTP to the server, ` +
        `${loadCpuPerRequest(bareRounds).toFixed(3)} ms to the bare hop, ` +
        `${loadCpuPerRequest(pgRounds).toFixed(3)} ms direct via pg`,
    );
  } finally {
    bareServer?.kill('SIGTERM');
    if (server) await stopServer(server);
    if (profileDir) console.log(`server CPU profile in ${profileDir}`);
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}
