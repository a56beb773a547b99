// Read statements on PostgreSQL go through a dedicated `pg` pool as named prepared statements: each distinct
// compiled SQL text gets a name once, so PostgreSQL parses it once per connection and only the values vary
// from request to request. PGlite (one in-process connection) runs them through Kysely as before.
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { LruCache } from '../../lib/lru.ts';
import type { TokenStanding } from './policy.ts';
import { standingParameters, withStandingCheck } from './statements-sql.ts';

/** Connections of the read pool: enough to keep 2 cores busy while some connections wait on the network. */
export const READ_POOL_SIZE = 16;
/** Distinct statement texts that get a name; beyond this, texts run unnamed (parsed on every call). */
const MAX_NAMED = 1_000;

export interface ReadStatement {
  text: string;
  values: readonly unknown[];
  /** Prepared statement name; undefined for texts seen after MAX_NAMED. */
  name: string | undefined;
}

export interface StatementRunner {
  /**
   * Runs a statement returning one row with one text column `data`; resolves to that text. With a token's
   * standing, the statement checks it too (withStandingCheck) and null answers a token that no longer stands.
   */
  readText(statement: ReadStatement, standing?: TokenStanding): Promise<string | null>;
  /** A statement for this SQL text and values, named when the text is (or can still be) named. */
  statement(text: string, values: readonly unknown[]): ReadStatement;
  close(): Promise<void>;
}

function namer(): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_NAMED) {
      name = `gql_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
}

/** The statement with a token's standing checked inside it; the checked text is derived once per read text. */
function standingChecks(
  nameOf: (text: string) => string | undefined,
): (statement: ReadStatement, standing: TokenStanding) => ReadStatement {
  const checked = new LruCache<{ text: string; name: string | undefined }>(MAX_NAMED);
  return (statement, standing) => {
    let known = checked.get(statement.text);
    if (known === undefined) {
      const text = withStandingCheck(statement.text, statement.values.length);
      known = { text, name: nameOf(text) };
      checked.set(statement.text, known);
    }
    return {
      text: known.text,
      name: known.name,
      values: statement.values.concat(standingParameters(standing)),
    };
  };
}

export async function createStatementRunner(
  db: Kysely<Database>,
  databaseUrl: string | undefined,
): Promise<StatementRunner> {
  const nameOf = namer();
  if (!databaseUrl) {
    const checked = standingChecks(() => undefined);
    return {
      statement: (text, values) => ({ text, values, name: undefined }),
      async readText(read, standing) {
        const statement = standing ? checked(read, standing) : read;
        const { rows } = await db.executeQuery<{ data: string | null; standing?: boolean }>(
          CompiledQuery.raw(statement.text, [...statement.values]),
        );
        const row = rows[0]!;
        return standing && row.standing !== true ? null : row.data;
      },
      close: () => Promise.resolve(),
    };
  }
  const { default: driver } = await import('pg');
  // PostgreSQL itself ends a read that outlives the 120 s GraphQL limit, so a cut request frees its connection.
  const pool = new driver.Pool({
    connectionString: databaseUrl,
    max: READ_POOL_SIZE,
    statement_timeout: 120_000,
    connectionTimeoutMillis: 5000,
  });
  // An idle connection that fails (database restart) is dropped by the pool; log nothing, never crash.
  pool.on('error', () => undefined);
  const checked = standingChecks(nameOf);
  return {
    statement: (text, values) => ({ text, values, name: nameOf(text) }),
    async readText(read, standing) {
      const statement = standing ? checked(read, standing) : read;
      // One config object (`pg` copies it once more); rowMode 'array' skips building a row object; the last
      // column is the JSON text, answered by PostgreSQL as text (`::text`), so no type parser runs on it.
      const result = await pool.query<unknown[]>({
        text: statement.text,
        values: statement.values as unknown[],
        name: statement.name,
        rowMode: 'array',
      });
      const row = result.rows[0]!;
      if (standing) return row[0] === true ? (row[1] as string) : null;
      return row[0] as string;
    },
    close: () => pool.end(),
  };
}
