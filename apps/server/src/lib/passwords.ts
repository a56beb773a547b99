// Passwords (and pairing codes) are hashed with scrypt, a memory-hard function built into Node, at OWASP's
// Password Storage Cheat Sheet cost: N=2^17, r=8, p=1 (128 MiB and about a second per hash here).
//
// With `threads`, every derivation runs on a small pool of worker threads of its own
// (`ELUENT_PASSWORD_HASH_THREADS`), so a burst of sign-ins queues there instead of taking the libuv threads
// that file and database work use; the event loop only posts the task and awaits the key.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Tinypool } from 'tinypool';

export const DEFAULT_LOG2_COST = 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_BYTES = 32;
/**
 * Hashes running at once without a pool: each holds 128 × N × r bytes (128 MiB at 2^17), so a burst cannot
 * exhaust memory. With a pool, its threads bound them.
 */
const MAX_CONCURRENT = 2;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Whether `password` matches `stored`. Without a stored hash (unknown user, Google-only account) a dummy
   * hash of the same cost is checked, so the answer takes as long either way.
   */
  verify(password: string, stored: string | null | undefined): Promise<boolean>;
  /** Whether a stored hash is weaker than the current cost and should be replaced on the next sign-in. */
  needsRehash(stored: string): boolean;
  /** Hashing threads and the derivations they finished, and those waiting (0 threads: no pool). */
  stats(): { threads: number; completed: number; queued: number };
  /** Ends the pool's threads (a hash asked for afterwards fails). */
  close(): Promise<void>;
}

/** Hashing threads when not configured: two (each holds 128 MiB at 2^17), one on a machine of two cores. */
export function defaultPasswordThreads(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

// Built, the worker is dist/password-worker.js beside the bundle (apps/server/build.mjs); from source, the
// .mjs next to this file.
const workerFile = new URL(
  import.meta.url.endsWith('.ts') ? './password-worker.mjs' : './password-worker.js',
  import.meta.url,
);

interface Parameters {
  N: number;
  r: number;
  p: number;
}

function parse(stored: string): (Parameters & { salt: Buffer; key: Buffer }) | undefined {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return undefined;
  const parameters = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(parameters).every((value) => Number.isSafeInteger(value) && value > 0)) return undefined;
  return { ...parameters, salt: Buffer.from(saltText, 'base64url'), key: Buffer.from(keyText, 'base64url') };
}

/** What `verify` derives and compares against: the stored hash, or a dummy of the current cost. */
export interface VerificationTarget extends Parameters {
  salt: Buffer;
  key: Buffer;
  /** False for the dummy: even a (2^-256) match is no match. */
  genuine: boolean;
}

/**
 * The stored hash when it is readable and no costlier than `current`; otherwise (unknown user, Google-only
 * account, malformed or forged row) a dummy with a fresh salt and random key at the current cost, so the
 * work is the same as for a stored hash of the current cost and nothing is computed ahead.
 * @example verificationTarget(undefined, { N: 2 ** 17, r: 8, p: 1 }).N // 131072
 */
export function verificationTarget(
  stored: string | null | undefined,
  current: Parameters,
): VerificationTarget {
  const parsed = stored ? parse(stored) : undefined;
  // Stored hashes above the current cost are refused unread: a forged row cannot ask for gigabytes.
  if (parsed && parsed.N <= current.N && parsed.r <= current.r && parsed.p <= current.p)
    return { ...parsed, genuine: true };
  return { ...current, salt: randomBytes(16), key: randomBytes(KEY_BYTES), genuine: false };
}

/** Bytes scrypt needs for these parameters, with room for Node's bookkeeping. */
const memoryFor = ({ N, r, p }: Parameters) => 128 * N * r + 128 * r * p + 1024 * 1024;

/**
 * A hasher at `log2Cost`. With `threads` (the server), derivations run on a pool of that many worker threads
 * and wait in its queue; without (tools, unit tests), on libuv's threads, two at a time.
 */
export function createPasswordHasher(options: { log2Cost?: number; threads?: number } = {}): PasswordHasher {
  const current: Parameters = {
    N: 2 ** (options.log2Cost ?? DEFAULT_LOG2_COST),
    r: BLOCK_SIZE,
    p: PARALLELISM,
  };
  const threads = options.threads ?? 0;
  const pool =
    threads > 0
      ? new Tinypool({
          filename: workerFile.href,
          minThreads: 0,
          maxThreads: threads,
          // Kept a while after a sign-in, so a run of them does not start a thread each.
          idleTimeout: 60_000,
        })
      : null;
  let running = 0;
  const waiting: Array<() => void> = [];

  async function derive(password: string, salt: Buffer, parameters: Parameters, keyLength: number) {
    if (pool) {
      const key = (await pool.run({
        password: password.normalize('NFKC'),
        salt,
        keyLength,
        ...parameters,
        maxmem: memoryFor(parameters),
      })) as Uint8Array;
      return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
    }
    if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await new Promise<Buffer>((resolve, reject) => {
        scrypt(
          password.normalize('NFKC'),
          salt,
          keyLength,
          { ...parameters, maxmem: memoryFor(parameters) },
          (error, key) => (error ? reject(error) : resolve(key)),
        );
      });
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, current, KEY_BYTES);
    return `scrypt$${current.N}$${current.r}$${current.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  }

  return {
    hash,
    async verify(password, stored) {
      // One path for every caller: the same derivation and comparison whether or not a hash is stored.
      const target = verificationTarget(stored, current);
      const key = await derive(password, target.salt, target, target.key.length);
      return key.length === target.key.length && timingSafeEqual(key, target.key) && target.genuine;
    },
    needsRehash(stored) {
      const parsed = parse(stored);
      return !parsed || parsed.N < current.N || parsed.r < current.r || parsed.p < current.p;
    },
    stats: () => ({ threads, completed: pool?.completed ?? 0, queued: pool?.queueSize ?? 0 }),
    close: async () => {
      await pool?.destroy();
    },
  };
}
