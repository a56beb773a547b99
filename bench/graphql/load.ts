// Load generator for the GraphQL benchmark, run in its own process so it does not share an event loop with
// the server. Modes: `http` sends pre-built HTTP/1.1 requests over raw keep-alive sockets (one request in
// flight per connection, response framed by content-length); `pg` sends SQL statements through a `pg` pool,
// as named prepared statements (one name per distinct text, as the server does) or unnamed. Receives its job
// on the IPC channel, answers with the figures, exits.
import { connect, type Socket } from 'node:net';
import pg from 'pg';

export type LoadJob =
  | { mode: 'http'; port: number; requests: string[]; connections: number; durationSec: number }
  | {
      mode: 'pg';
      url: string;
      statements: Array<{ text: string; values: unknown[] }>;
      /** Each distinct text as a named prepared statement (parsed once per connection). */
      named: boolean;
      poolSize: number;
      connections: number;
      durationSec: number;
    };

export interface LoadResult {
  errors: number;
  seconds: number;
  /** Latency of every request, in milliseconds. */
  latencies: number[];
  firstError?: string | undefined;
  /** CPU time this load process spent over the round (user and system), in milliseconds. */
  cpuMs: number;
}

/** Seeded generator (mulberry32), so every run sends the same sequence. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One keep-alive connection: send, await the whole response, report status and the body's first bytes. */
function httpConnection(port: number): Promise<(request: Buffer) => Promise<string>> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ port, host: '127.0.0.1', noDelay: true });
    let pending: ((response: string) => void) | undefined;
    let buffer: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffer.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
      if (Number.isNaN(length)) {
        socket.destroy(new Error(`no content-length in ${head}`));
        return;
      }
      if (buffer.length < end + 4 + length) return;
      const status = head.slice(9, 12);
      const body = buffer.subarray(end + 4, end + 4 + Math.min(length, 200)).toString();
      buffer = buffer.subarray(end + 4 + length);
      const done = pending;
      pending = undefined;
      done?.(`${status} ${body}`);
    });
    socket.once('error', (error) => {
      reject(error);
      pending?.(`error ${error.message}`);
    });
    socket.once('connect', () =>
      resolve(
        (request) =>
          new Promise((answer) => {
            pending = answer;
            socket.write(request);
          }),
      ),
    );
  });
}

async function drive(
  connections: number,
  durationSec: number,
  makeSender: (index: number) => Promise<() => Promise<string | undefined>>,
): Promise<LoadResult> {
  const senders = await Promise.all(Array.from({ length: connections }, (_, index) => makeSender(index)));
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const deadline = started + durationSec * 1000;
  await Promise.all(
    senders.map(async (send) => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        const failure = await send();
        latencies.push(performance.now() - begin);
        if (failure !== undefined) {
          errors += 1;
          firstError ??= failure;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return { errors, seconds, latencies, firstError, cpuMs: (cpu.user + cpu.system) / 1000 };
}

async function runJob(job: LoadJob): Promise<LoadResult> {
  if (job.mode === 'http') {
    const requests = job.requests.map((text) => Buffer.from(text));
    return drive(job.connections, job.durationSec, async (index) => {
      const send = await httpConnection(job.port);
      const next = random(1000 + index);
      return async () => {
        const response = await send(requests[Math.floor(next() * requests.length)]!);
        return response.startsWith('200 {"data"') ? undefined : response;
      };
    });
  }
  const pool = new pg.Pool({ connectionString: job.url, max: job.poolSize });
  const names = new Map<string, string>();
  const queries = job.statements.map(({ text, values }): pg.QueryConfig => {
    if (!job.named) return { text, values };
    let name = names.get(text);
    if (name === undefined) {
      name = `reference_${names.size + 1}`;
      names.set(text, name);
    }
    return { name, text, values };
  });
  try {
    return await drive(job.connections, job.durationSec, (index) => {
      const next = random(1000 + index);
      return Promise.resolve(async () => {
        const query = queries[Math.floor(next() * queries.length)]!;
        const result = await pool.query<{ data: string }>(query);
        return result.rows.length === 1 && result.rows[0]!.data.startsWith('{') ? undefined : 'no row';
      });
    });
  } finally {
    await pool.end();
  }
}

process.once('message', (job: LoadJob) => {
  runJob(job).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
