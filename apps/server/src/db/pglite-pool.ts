// Adapts PGlite (one embedded connection) to the pool interface Kysely's PostgresDialect drives.
// Kysely has no maintained PGlite dialect for PGlite 0.5, and the adapter is this small: a mutex hands the
// single connection to one borrower at a time, so a transaction never interleaves with other statements.
// A borrow from inside a transaction that holds the connection would wait for itself forever: the guard
// (transaction-guard.ts) refuses it with a clear error instead.
import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { isCopyFromStdin } from '../lib/copy-binary.ts';
import { guardedConnect } from './transaction-guard.ts';

const commandPattern = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|merge|select)\b/i;

/**
 * A `COPY … FROM STDIN` with its data as the one parameter (lib/copy-binary.ts), read by PGlite from its
 * `/dev/blob` device: the bytes go in as they are, not as parameters turned into hex text.
 */
function copyFromBlob<R>(database: PGlite, sql: string, data: Uint8Array<ArrayBuffer>) {
  const fromBlob = sql.replace(/\bfrom\s+stdin\b/i, "from '/dev/blob'");
  return database.query<R>(fromBlob, [], { blob: new Blob([data]) });
}

export class PGlitePool implements PostgresPool {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly database: PGlite) {}

  connect(): Promise<PostgresPoolClient> {
    return guardedConnect(() => this.borrow());
  }

  private async borrow(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const previous = this.queue;
    this.queue = previous.then(() => released);
    await previous;
    const database = this.database;
    const client = {
      async query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
        const result = isCopyFromStdin(sql, parameters)
          ? await copyFromBlob<R>(database, sql, parameters[0] as Uint8Array<ArrayBuffer>)
          : await database.query<R>(sql, parameters as unknown[]);
        const command = (commandPattern.exec(sql)?.[1]?.toUpperCase() ??
          'SELECT') as PostgresQueryResult<R>['command'];
        return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
      },
      release,
    };
    return client as unknown as PostgresPoolClient;
  }

  async end(): Promise<void> {
    await this.queue;
  }
}
