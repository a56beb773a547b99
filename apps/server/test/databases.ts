// Databases for medium tests. A run migrates once (global-setup.ts): each suite then gets its own copy —
// a PostgreSQL database created from the migrated template, a PGlite data folder copied from the migrated
// one — so suites never share a database and never pay for the migrations again.
//
// Which database a suite runs on (docs/testing.md "Databases"): PGlite, the database `npm start` uses,
// always; PostgreSQL as well only for suites whose subject depends on the database — the connection pool
// and transactions, claims and locks, SQL the server builds at run time (GraphQL), engine limits.
// ELUENT_TEST_BACKENDS=both runs every suite on both.
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface Backend {
  name: 'pglite' | 'postgres';
}

/** Environment variables through which global-setup.ts hands the migrated templates to the suites. */
export const TEMPLATE_ENV = {
  pglite: 'ELUENT_TEST_PGLITE_TEMPLATE',
  postgres: 'ELUENT_TEST_POSTGRES_TEMPLATE',
} as const;

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export function adminUrl(): string {
  return process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
}

let postgresAvailable: boolean | undefined;

/**
 * Whether PostgreSQL answers; throws when it does not and DATABASE_URL or CI is set (under CI the suites
 * that need it must run, not skip).
 */
export async function probePostgres(): Promise<boolean> {
  if (postgresAvailable !== undefined) return postgresAvailable;
  // A refused connection fails at once; the limit is for a server that never answers, not a loaded one.
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('select 1');
    postgresAvailable = true;
  } catch {
    postgresAvailable = false;
    if (process.env.DATABASE_URL)
      throw new Error(`DATABASE_URL is set but PostgreSQL is not reachable at it`);
    if (process.env.CI)
      throw new Error(
        `CI is set but PostgreSQL is not reachable at ${adminUrl()}: the suites on PostgreSQL cannot run ` +
          '(start PostgreSQL or set DATABASE_URL)',
      );
  } finally {
    await client.end().catch(() => undefined);
  }
  return postgresAvailable;
}

/**
 * The backends a suite runs on. `'pglite'` (the default): PGlite only. `'both'`, for a suite whose subject
 * depends on the database: PGlite, and PostgreSQL when reachable (always when DATABASE_URL is set).
 */
export async function backends(scope: 'pglite' | 'both' = 'pglite'): Promise<Backend[]> {
  const both = scope === 'both' || process.env.ELUENT_TEST_BACKENDS === 'both';
  return both && (await probePostgres()) ? [{ name: 'pglite' }, { name: 'postgres' }] : [{ name: 'pglite' }];
}

/** Whether PostgreSQL answers, for suites that exist only for PostgreSQL (several processes, lost connections). */
export async function postgresReachable(): Promise<boolean> {
  return probePostgres();
}

/**
 * A PostgreSQL database of one suite; returns its URL and a function that drops it. Created from the run's
 * migrated template when there is one (`migrated: false` for an empty database).
 */
export async function createThrowAwayDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `eluent_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = options.migrated === false ? undefined : process.env[TEMPLATE_ENV.postgres];
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A new server data folder. With `pglite` (the default) its PGlite database (`pgdata`) is a copy of the
 * run's migrated one when there is one; without, the folder is empty (a server on it creates and migrates
 * its PGlite database itself).
 */
export function newDataDir(options: { prefix?: string; pglite?: boolean } = {}): string {
  const dataDir = mkdtempSync(join(tmpdir(), options.prefix ?? 'eluent-test-'));
  const template = options.pglite === false ? undefined : process.env[TEMPLATE_ENV.pglite];
  if (template && existsSync(template)) cpSync(template, join(dataDir, 'pgdata'), { recursive: true });
  return dataDir;
}
