// `npm run bench -- soak`: the 5-minute mixed soak of docs/testing.md ("Soak"). One server process (the
// source, on a throw-away PostgreSQL database, scrypt at its default cost) with a simulated instrument
// running one sequence; 8 clients asking the pages' requests with a pause between them and signing in
// again now and then; beside them, an import job of a 200,000-point AIA file after another; a health
// probe every 250 ms. Prints p50/p99 per request kind, sign-in p99, the largest gap between two health
// answers and the server's RSS after warm-up and at the end (and every 30 s between).
// Options: --seconds=<n> (300) --warmup=<n> (60) --clients=<n> (8)
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { writeAia } from '@eluent/signal';
import { DeviceClient, simulatedHardware, websocketConnector } from '@eluent/simulator';
import { openDatabase } from '@eluent/server/src/db/database.ts';
import { createThrowAwayDatabase, newDataDir, request, signUp } from '@eluent/server/test/harness.ts';
import { freePort, startProcess, stopProcess } from '@eluent/server/test/processes.ts';
import { workspaceOf } from '@eluent/server/test/workspaces.ts';

function option(args: string[], name: string, fallback: number): number {
  const given = args.find((arg) => arg.startsWith(`--${name}=`));
  return given ? Number(given.split('=')[1]) : fallback;
}

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;

/** Seeded numbers, so every run asks the same requests in the same order. */
function seeded(seed: number) {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

function seededAia(points: number): Uint8Array {
  const random = seeded(5);
  const timeSec = new Float64Array(points);
  const values = new Float64Array(points);
  for (let i = 0; i < points; i++) {
    const offset = ((i * 0.01) % 20) - 10;
    timeSec[i] = i * 0.01;
    values[i] = 50 * Math.exp(-(offset * offset) / 2) + 0.05 * (random() - 0.5);
  }
  return writeAia({ timeSec, values, signalUnit: 'mAU', metadata: {} }, { date: new Date(0) });
}

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

class Timings {
  readonly byKind = new Map<string, number[]>();
  failures = 0;
  add(kind: string, ms: number) {
    const list = this.byKind.get(kind) ?? [];
    list.push(ms);
    this.byKind.set(kind, list);
  }
  /** Times one request; one that gets no answer at all counts as a failure with status 0, and the soak goes on. */
  async time<T>(
    kind: string,
    run: () => Promise<{ status: number } & T>,
  ): Promise<Partial<T> & { status: number }> {
    const started = performance.now();
    try {
      const answer = await run();
      if (answer.status >= 500) this.failures++;
      return answer;
    } catch {
      this.failures++;
      return { status: 0 } as Partial<T> & { status: number };
    } finally {
      this.add(kind, performance.now() - started);
    }
  }
}

interface Scene {
  url: string;
  owner: Awaited<ReturnType<typeof signUp>>;
  sequenceId: number;
}

/** The instrument, its method and a sequence of two long injections, started. */
async function runningSequence(
  url: string,
  databaseUrl: string,
  dataDir: string,
): Promise<Scene & { stop(): Promise<void> }> {
  const owner = await signUp(url);
  const serialNumber = `SOAK-${randomBytes(3).toString('hex')}`;
  const client = new DeviceClient({
    connect: websocketConnector(url),
    serialNumber,
    pairingCode: 'soak-code',
    speed: 4,
  });
  client.start();
  await client.waitFor(() => client.connected);
  const claim = await request(url, 'POST', '/api/devices/claim/', {
    token: owner.access,
    body: { serial_number: serialNumber, pairing_code: 'soak-code' },
  });
  if (claim.status !== 201) throw new Error(`claim: ${claim.status} ${claim.text}`);
  await client.waitFor(() => client.instrument.componentState('detector') === 'ready');
  const database = await openDatabase({ databaseUrl, dataDir });
  const method = await database.db
    .insertInto('methods')
    .values({
      owner_id: owner.id,
      workspace_id: await workspaceOf(database.db, owner.id),
      name: 'Soak assay',
      flow_rate_ml_per_min: 1,
      // 25 min at 4× the instrument's speed: one injection outlasts the soak's five minutes.
      run_time_min: 25,
      temperature: 30,
      injection_ul: 10,
      gradient: JSON.stringify([{ time_min: 0, percent_b: 20 }]),
      detector_single_channel: JSON.stringify({ wavelength_nm: 273 }),
      hardware_configuration: JSON.stringify(simulatedHardware),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.close();
  const api = (verb: string, path: string, body?: unknown) =>
    request(url, verb, path, { token: owner.access, body });
  const sequence = await api('POST', '/api/sequences/', {
    name: 'Soak',
    device_id: claim.body.id,
    method_id: method.id,
  });
  const sequenceId = sequence.body.id as number;
  for (const vial of [1, 2]) {
    const sample = await api('POST', '/api/samples/', {
      name: `Soak ${vial}`,
      device_id: claim.body.id,
      method_id: method.id,
      column_name: 'C18',
    });
    await api('POST', `/api/sequences/${sequenceId}/drafts/`, { sample_id: sample.body.id, vial });
  }
  const started = await api('POST', `/api/sequences/${sequenceId}/start/`);
  if (started.body?.state !== 'RUNNING') throw new Error(`start: ${started.status} ${started.text}`);
  return { url, owner, sequenceId, stop: () => client.stop() };
}

/** One client: the pages' reads with a pause between, a sign-in every 15th request. */
async function browse(scene: Scene, timings: Timings, index: number, until: () => boolean) {
  const random = seeded(100 + index);
  const { url, owner } = scene;
  let token = owner.access;
  const reads: Array<[string, string]> = [
    ['me', '/api/accounts/me/'],
    ['sequences', '/api/sequences/'],
    ['sequence', `/api/sequences/${scene.sequenceId}/`],
    ['samples', '/api/samples/'],
    ['devices', '/api/devices/'],
    ['workspace', '/api/workspaces/current/'],
  ];
  for (let asked = 1; until(); asked++) {
    if (asked % 15 === 0) {
      const session = await timings.time('sign-in', () =>
        request(url, 'POST', '/api/token/', { body: { username: owner.email, password: owner.password } }),
      );
      if (session.status === 200) token = (session.body as { access: string }).access;
    } else {
      const [kind, path] = reads[Math.floor(random() * reads.length)]!;
      await timings.time(kind, () => request(url, 'GET', path, { token }));
    }
    await new Promise((resolve) => setTimeout(resolve, 100 + random() * 200));
  }
}

/** Import jobs one after the other, each polled to its end. */
async function importBeside(scene: Scene, timings: Timings, until: () => boolean): Promise<number> {
  const file = seededAia(200_000);
  let done = 0;
  while (until()) {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(file)]), 'soak.cdf');
    const started = performance.now();
    const answer = await timings.time('import (202)', async () => {
      const response = await fetch(`${scene.url}/api/measurements/import/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${scene.owner.access}`, prefer: 'respond-async' },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as { job_id: number } };
    });
    if (answer.status !== 202) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    while (until()) {
      const job = await timings.time('import job', () =>
        request(scene.url, 'GET', `/api/measurements/import/jobs/${answer.body!.job_id}/`, {
          token: scene.owner.access,
        }),
      );
      if (job.status !== 200 || ['done', 'failed', 'cancelled'].includes(job.body?.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    timings.add('import, whole job', performance.now() - started);
    done++;
  }
  return done;
}

/** Health every 250 ms: each answer's time and the largest gap between two answers. */
async function probeHealth(url: string, timings: Timings, until: () => boolean): Promise<number> {
  let largestGap = 0;
  let last = performance.now();
  while (until()) {
    await timings.time('health', () => request(url, 'GET', '/api/health/'));
    const now = performance.now();
    largestGap = Math.max(largestGap, now - last);
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return largestGap;
}

function report(timings: Timings) {
  console.log('| request | count | p50 (ms) | p99 (ms) |');
  console.log('|---|---|---|---|');
  for (const [kind, list] of [...timings.byKind].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `| ${kind} | ${sorted.length} | ${percentile(sorted, 0.5).toFixed(0)} | ${percentile(sorted, 0.99).toFixed(0)} |`,
    );
  }
}

export async function run(args: string[]): Promise<void> {
  const seconds = option(args, 'seconds', 300);
  const warmup = option(args, 'warmup', 60);
  const clients = option(args, 'clients', 8);
  console.log(`load at start ${load()}`);
  const database = await createThrowAwayDatabase({ migrated: false });
  const dataDir = newDataDir({ prefix: 'eluent-soak-', pglite: false });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = startProcess(
    'apps/server/src/main.ts',
    [],
    {
      HOST: '127.0.0.1',
      PORT: String(port),
      ELUENT_LOG_LEVEL: 'warn',
      ELUENT_DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      ELUENT_RATE_LIMIT: '100000',
      ELUENT_SECRET: randomBytes(32).toString('hex'),
      // The importer keeps its first token for the whole soak; the clients sign in again anyway.
      ELUENT_ACCESS_TOKEN_LIFETIME_SEC: '3600',
    },
    /Eluent listening/,
  );
  try {
    await server.ready;
    const scene = await runningSequence(url, database.url, dataDir);
    const timings = new Timings();
    const began = performance.now();
    const until = () => performance.now() - began < seconds * 1000;
    const rss: string[] = [];
    const pid = server.child.pid!;
    const sampler = setInterval(
      () => rss.push(`${Math.round((performance.now() - began) / 1000)} s: ${rssMb(pid).toFixed(0)} MB`),
      30_000,
    );
    let warmRss = Number.NaN;
    const warm = setTimeout(() => (warmRss = rssMb(pid)), warmup * 1000);
    const [gap, imports] = await Promise.all([
      probeHealth(url, timings, until),
      importBeside(scene, timings, until),
      ...Array.from({ length: clients }, (_, index) => browse(scene, timings, index, until)),
    ]);
    clearInterval(sampler);
    clearTimeout(warm);
    const endRss = rssMb(pid);
    await scene.stop();
    console.log(
      `${seconds} s, ${clients} clients, one running sequence, ${imports} imports of 200,000 points beside`,
    );
    report(timings);
    const signIn = [...(timings.byKind.get('sign-in') ?? [])].sort((a, b) => a - b);
    console.log(
      `sign-in p99 ${percentile(signIn, 0.99).toFixed(0)} ms; largest health gap ${gap.toFixed(0)} ms; 5xx or unanswered ${timings.failures}`,
    );
    console.log(
      `server RSS after ${warmup} s warm-up ${warmRss.toFixed(0)} MB, at the end ${endRss.toFixed(0)} MB (${rss.join(', ')})`,
    );
  } finally {
    await stopProcess(server.child, server.exited, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
    console.log(`load at end ${load()}`);
  }
}
