// Which server process drives a piece of background work (a running sequence, a reprocessing job) or holds
// an instrument's connection. Several processes may share one PostgreSQL database; each holds a PostgreSQL
// session-level advisory lock per claimed item on a connection of its own: the claim is a lease that lives
// as long as that connection. A process that dies loses its connection, so PostgreSQL frees its claims at
// once (keepalives on the connection bound it for a host that vanished) and the sequence reconciler of a
// live process, or the next hello of its instrument, takes them over; a live process keeps its work.
// PGlite lives inside one process, so every claim is granted there.
import type pg from 'pg';
import type { AvailabilityLogger, DatabaseAvailability } from './availability.ts';

export type ClaimKind = 'sequence' | 'processing_job' | 'injection' | 'device' | 'import_job';

/** First key of the two-key advisory lock per kind; the second is the row id. */
export const LOCK_SPACE: Record<ClaimKind, number> = {
  sequence: 0x454c0001,
  processing_job: 0x454c0002,
  injection: 0x454c0003,
  device: 0x454c0004,
  import_job: 0x454c0005,
};

/**
 * TCP keepalives of the claims connection, as PostgreSQL sends them: a host that vanishes without closing
 * its sockets (power cut, network cut) loses its claims after about idle + interval × count seconds
 * instead of the system's two hours. A killed process's socket is closed by its kernel, which frees them
 * at once.
 */
const KEEPALIVE_SETTINGS =
  'set tcp_keepalives_idle = 2; set tcp_keepalives_interval = 1; set tcp_keepalives_count = 2';

export interface WorkClaims {
  /** True when this process holds the claim (taking it now if free); false while another process holds it. */
  acquire(kind: ClaimKind, id: number): Promise<boolean>;
  /** Gives the claim up (the work is done); a no-op when not held. */
  release(kind: ClaimKind, id: number): Promise<void>;
  holds(kind: ClaimKind, id: number): boolean;
  close(): Promise<void>;
}

const keyOf = (kind: ClaimKind, id: number) => `${kind}:${id}`;

function parseKey(key: string): [ClaimKind, number] {
  const [kind, id] = key.split(':');
  return [kind as ClaimKind, Number(id)];
}

/** One process owns the database (PGlite): every claim is granted. */
export function processLocalClaims(): WorkClaims {
  const held = new Set<string>();
  return {
    acquire: (kind, id) => {
      held.add(keyOf(kind, id));
      return Promise.resolve(true);
    },
    release: (kind, id) => {
      held.delete(keyOf(kind, id));
      return Promise.resolve();
    },
    holds: (kind, id) => held.has(keyOf(kind, id)),
    close: () => Promise.resolve(),
  };
}

export function advisoryLockClaims(options: {
  driver: typeof pg;
  connectionString: string;
  availability: DatabaseAvailability;
  logger?: AvailabilityLogger | undefined;
}): WorkClaims {
  const { driver, connectionString, availability, logger } = options;
  /** Claims this process holds, or held before its lock connection dropped (taken again on reconnect). */
  const held = new Set<string>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  // Acquire and release run one at a time: advisory locks count re-entries, so two interleaved acquires of
  // one key would lock it twice and a single release would leave it held.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  async function tryLock(connection: pg.Client, key: string): Promise<boolean> {
    const [kind, id] = parseKey(key);
    const { rows } = await connection.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1::int, $2::int) as locked',
      [LOCK_SPACE[kind], id],
    );
    return rows[0]?.locked === true;
  }

  function connection(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const fresh = new driver.Client({
        connectionString,
        connectionTimeoutMillis: 5000,
        // This side finds a vanished database server alike.
        keepAlive: true,
        keepAliveInitialDelayMillis: 2000,
      });
      const lost = () => {
        if (client === fresh) client = null;
      };
      fresh.on('error', (error) => {
        lost();
        availability.report(error);
      });
      fresh.on('end', lost);
      try {
        await fresh.connect();
        await fresh.query(KEEPALIVE_SETTINGS);
        // The old connection's locks went with it: take back what this process was working on.
        for (const key of [...held]) {
          if (await tryLock(fresh, key)) continue;
          held.delete(key);
          logger?.warn({ claim: key }, 'claim taken over by another process while the database was away');
        }
      } catch (error) {
        await fresh.end().catch(() => undefined);
        throw error;
      }
      client = fresh;
      return fresh;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  availability.onRestored(() => {
    if (!closed && held.size > 0) void connection().catch(() => undefined);
  });

  return {
    acquire: (kind, id) =>
      serial(async () => {
        // A stopped process claims nothing: a late step must not open a new lock connection and keep it.
        if (closed) return false;
        const key = keyOf(kind, id);
        const connected = await connection();
        if (closed) {
          await connected.end().catch(() => undefined);
          return false;
        }
        if (held.has(key)) return true;
        if (!(await tryLock(connected, key))) return false;
        held.add(key);
        return true;
      }),
    release: (kind, id) =>
      serial(async () => {
        const key = keyOf(kind, id);
        if (!held.delete(key) || !client) return;
        const [space, row] = [LOCK_SPACE[kind], id];
        await client
          .query('select pg_advisory_unlock($1::int, $2::int)', [space, row])
          .catch(() => undefined);
      }),
    holds: (kind, id) => held.has(keyOf(kind, id)),
    async close() {
      closed = true;
      held.clear();
      const open = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}
