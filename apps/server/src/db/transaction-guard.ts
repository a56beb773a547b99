// The runtime half of the transaction rule (docs/architecture.md "Transactions"): code running inside a
// transaction must use that transaction for every read and write. Borrowing a connection from the pool
// while the surrounding transaction holds one would wait forever on the embedded database (one
// connection) and read outside the transaction on PostgreSQL, so the pool refuses such a borrow with a
// clear error instead.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  Kysely,
  type ConnectionBuilder,
  type ControlledTransactionBuilder,
  type PostgresPool,
  type PostgresPoolClient,
  type TransactionBuilder,
} from 'kysely';

interface Scope {
  /** True while the transaction (or single-connection block) of this scope holds its connection. */
  holding: boolean;
  outer: Scope | undefined;
}

const scopes = new AsyncLocalStorage<Scope>();

export class NestedConnectionError extends Error {
  constructor() {
    super(
      'A query asked the database pool for a connection from inside a transaction. Every read and write ' +
        'inside db.transaction().execute(trx => …) must go through trx (pass it to the repository).',
    );
    this.name = 'NestedConnectionError';
  }
}

function holdingInScope(): boolean {
  for (let scope = scopes.getStore(); scope; scope = scope.outer) if (scope.holding) return true;
  return false;
}

/**
 * Borrows from `connect` on behalf of the current async context: refuses when a transaction of this context
 * already holds a connection, and marks the context's transaction as holding while the connection is out.
 */
export async function guardedConnect(
  connect: () => Promise<PostgresPoolClient>,
): Promise<PostgresPoolClient> {
  if (holdingInScope()) throw new NestedConnectionError();
  const scope = scopes.getStore();
  const client = await connect();
  if (!scope) return client;
  scope.holding = true;
  const release = client.release.bind(client);
  client.release = () => {
    scope.holding = false;
    release();
  };
  return client;
}

/** A pool whose borrows are guarded; wraps node-postgres' pool (the PGlite pool guards itself). */
export function guardPool(pool: PostgresPool): PostgresPool {
  return {
    connect: () => guardedConnect(() => pool.connect()),
    end: () => pool.end(),
  };
}

function inScope<T>(run: () => Promise<T>): Promise<T> {
  return scopes.run({ holding: false, outer: scopes.getStore() }, run);
}

function scopedBuilder<B extends object>(builder: B, rewrap: readonly string[]): B {
  return new Proxy(builder, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (key === 'execute')
        return (...args: unknown[]) => inScope(() => method.apply(target, args) as Promise<unknown>);
      if (typeof key === 'string' && rewrap.includes(key))
        return (...args: unknown[]) => scopedBuilder(method.apply(target, args) as object, rewrap);
      return method.bind(target);
    },
  });
}

/** Kysely whose transactions and single-connection blocks mark their async context (see `guardedConnect`). */
export class GuardedKysely<DB> extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    return scopedBuilder(super.transaction(), ['setAccessMode', 'setIsolationLevel']);
  }

  override connection(): ConnectionBuilder<DB> {
    return scopedBuilder(super.connection(), []);
  }

  override startTransaction(): ControlledTransactionBuilder<DB> {
    throw new Error('Controlled transactions are not used here: use db.transaction().execute(trx => …).');
  }
}
