// Opens the database: PGlite in the data folder by default, PostgreSQL when DATABASE_URL is set.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator, PostgresDialect, type MigrationProvider } from 'kysely';
import type { Database } from './schema.ts';
import {
  alwaysAvailable,
  createAvailability,
  isConnectionError,
  type AvailabilityLogger,
  type DatabaseAvailability,
} from './availability.ts';
import { advisoryLockClaims, processLocalClaims, type WorkClaims } from './claims.ts';
import { copyingPool } from './copy-pool.ts';
import { migrations } from './migrations/index.ts';
import { PGlitePool } from './pglite-pool.ts';
import { GuardedKysely, guardPool } from './transaction-guard.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Whether PostgreSQL answers; PGlite is always available. */
  availability: DatabaseAvailability;
  /** Which process drives background work when several share the database. */
  claims: WorkClaims;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; absent → PGlite. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite data; `memory://` keeps it in memory. */
  dataDir: string;
  poolSize?: number;
  logger?: AvailabilityLogger;
}

const BIGINT_OID = 20;
const BYTEA_OID = 17;

// PGlite passes bytea as hex text; its own conversion builds a string per byte, which took 30 s for the
// 16 MB of a 1,000,000-point signal. Node's hex codec does it in milliseconds.
function byteaToHex(value: unknown): string {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
}

function byteaFromHex(text: string): Uint8Array {
  const bytes = Buffer.from(text.slice(2), 'hex');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A connection attempt to a stopped or unreachable server fails after this long instead of hanging. */
const CONNECT_TIMEOUT_MS = 5000;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pg = await import('pg');
    // Integers and bigints from count(*) come back as numbers, not strings.
    pg.default.types.setTypeParser(20, (value: string) => Number(value));
    const connectionString = options.databaseUrl;
    const pool = new pg.default.Pool({
      connectionString,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    const availability = createAvailability({
      logger: options.logger,
      async probe() {
        const client = new pg.default.Client({
          connectionString,
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        });
        client.on('error', () => undefined);
        try {
          await client.connect();
          await client.query('select 1');
        } finally {
          await client.end().catch(() => undefined);
        }
      },
    });
    // A connection PostgreSQL closes (restart, failover, idle kill) is an 'error' event: on the pool for an
    // idle client, on the client while a request holds it. Unhandled, either would end the process; here
    // both only mark the database down, and the pool opens fresh connections once it answers again.
    pool.on('error', (error) => availability.report(error));
    pool.on('connect', (client) => client.on('error', (error) => availability.report(error)));
    const db = new GuardedKysely<Database>({
      dialect: new PostgresDialect({ pool: guardPool(copyingPool(pool)) }),
    });
    const claims = advisoryLockClaims({
      driver: pg.default,
      connectionString,
      availability,
      logger: options.logger,
    });
    return {
      db,
      kind: 'postgres',
      availability,
      claims,
      async close() {
        availability.close();
        await claims.close();
        await db.destroy();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  let location = options.dataDir;
  if (location !== 'memory://') {
    location = join(options.dataDir, 'pgdata');
    mkdirSync(location, { recursive: true });
  }
  const pglite = new PGlite(location, {
    parsers: { [BIGINT_OID]: (value: string) => Number(value), [BYTEA_OID]: byteaFromHex },
    serializers: { [BYTEA_OID]: byteaToHex },
  });
  await pglite.waitReady;
  const db = new GuardedKysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
  return {
    db,
    kind: 'pglite',
    availability: alwaysAvailable(),
    claims: processLocalClaims(),
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** How long a starting server waits for PostgreSQL to accept connections before it gives up. */
const STARTUP_WAIT_MS = 120_000;

/**
 * Migrates once the database answers: a server started before PostgreSQL (a container start order, a
 * database restart) waits with backoff instead of exiting; other failures end the start at once.
 */
export async function migrateWhenReachable(
  db: Kysely<Database>,
  logger: AvailabilityLogger,
  waitMs = STARTUP_WAIT_MS,
): Promise<string[]> {
  const deadline = Date.now() + waitMs;
  for (let delay = 250; ; delay = Math.min(delay * 2, 5000)) {
    try {
      return await migrateToLatest(db);
    } catch (error) {
      if (!isConnectionError(error) || Date.now() + delay > deadline) throw error;
      logger.warn({ err: error, retryInMs: delay }, 'waiting for the database');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Numbers are handed out ahead of landing, so a database may hold a later migration before an earlier one.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`,
      { cause: error },
    );
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
