// Opens the database: PGlite in the data folder by default, PostgreSQL when DATABASE_URL is set.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator, PostgresDialect, type MigrationProvider } from 'kysely';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';
import { PGlitePool } from './pglite-pool.ts';
import { GuardedKysely, guardPool } from './transaction-guard.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; absent → PGlite. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite data; `memory://` keeps it in memory. */
  dataDir: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pg = await import('pg');
    // Integers and bigints from count(*) come back as numbers, not strings.
    pg.default.types.setTypeParser(20, (value: string) => Number(value));
    const pool = new pg.default.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const db = new GuardedKysely<Database>({ dialect: new PostgresDialect({ pool: guardPool(pool) }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  let location = options.dataDir;
  if (location !== 'memory://') {
    location = join(options.dataDir, 'pgdata');
    mkdirSync(location, { recursive: true });
  }
  const pglite = new PGlite(location, { parsers: { 20: (value: string) => Number(value) } });
  await pglite.waitReady;
  const db = new GuardedKysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
  return {
    db,
    kind: 'pglite',
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`,
    );
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
