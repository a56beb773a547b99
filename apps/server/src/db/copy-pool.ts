// node-postgres' pool, its clients sending a `COPY … FROM STDIN` whose data is the statement's one
// parameter (lib/copy-binary.ts) through `pg-copy-streams`, every other query as it is. Kysely's
// PostgresDialect drives the pool unchanged; a transaction's COPY runs on its own connection.
import { finished } from 'node:stream/promises';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { Pool, PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { isCopyFromStdin } from '../lib/copy-binary.ts';

async function copyIn<R>(client: PoolClient, sql: string, data: Uint8Array): Promise<PostgresQueryResult<R>> {
  const stream = client.query(copyFrom(sql));
  stream.end(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  await finished(stream);
  return { command: 'UPDATE', rowCount: Number(stream.rowCount), rows: [] };
}

export function copyingPool(pool: Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const query = (sql: unknown, parameters?: readonly unknown[]) =>
        typeof sql === 'string' && isCopyFromStdin(sql, parameters)
          ? copyIn(client, sql, parameters![0] as Uint8Array)
          : client.query(sql as string, parameters as unknown[]);
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
