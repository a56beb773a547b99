// The bare HTTP hop of the GraphQL benchmark: a plain `node:http` server in a process of its own that, for a
// request `{"i": n}`, sends statement n through a `pg` pool as the server does (named prepared, array row
// mode, the JSON text as it came) and answers `{"data":…}`. No routing, hooks, body guard, caches, token or
// GraphQL: what one more Node process between the load and PostgreSQL costs by itself, to set the server's
// figures against. Receives its job on the IPC channel, answers with its port.
import { createServer } from 'node:http';
import pg from 'pg';

export interface BareJob {
  url: string;
  poolSize: number;
  statements: Array<{ text: string; values: unknown[] }>;
}

process.once('message', (job: BareJob) => {
  const pool = new pg.Pool({ connectionString: job.url, max: job.poolSize });
  const names = new Map<string, string>();
  const queries = job.statements.map(({ text, values }) => {
    let name = names.get(text);
    if (name === undefined) {
      name = `bare_${names.size + 1}`;
      names.set(text, name);
    }
    return { name, text, values, rowMode: 'array' as const };
  });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { i } = JSON.parse(Buffer.concat(chunks).toString()) as { i: number };
      pool.query<unknown[]>(queries[i]!).then(
        (result) => {
          const body = `{"data":${result.rows[0]![0] as string}}`;
          response.writeHead(200, {
            'content-type': 'application/json; charset=utf-8',
            'content-length': Buffer.byteLength(body),
          });
          response.end(body);
        },
        (error: unknown) => {
          response.writeHead(500, { 'content-length': 0 });
          response.end();
          console.error(error);
        },
      );
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.once('disconnect', () => {
    server.close();
    void pool.end();
  });
});
