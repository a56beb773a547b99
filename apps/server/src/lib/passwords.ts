// Passwords (and pairing codes) are hashed with Argon2id at the OWASP Password Storage Cheat Sheet's first
// recommended configuration (m = 19 MiB, t = 2, p = 1: about a thirtieth of scrypt N=2^17's work), through
// @node-rs/argon2; hashes stored with scrypt before still verify and are upgraded at sign-in
// (lib/password-formats.ts).
//
// With `threads`, every derivation runs on a small pool of worker threads of its own
// (`ELUENT_PASSWORD_HASH_THREADS`), so a burst of sign-ins queues there instead of taking the libuv threads
// that file and database work use; the event loop only posts the task and awaits the key.
import { hashRaw } from '@node-rs/argon2';
import { scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Tinypool } from 'tinypool';
import {
  ARGON2_OWASP,
  encodeArgon2,
  needsRehash,
  newSalt,
  scryptMemory,
  verificationTarget,
  type Argon2Parameters,
  type DerivationTarget,
} from './password-formats.ts';

const KEY_BYTES = 32;
/** Argon2id in @node-rs/argon2's numbering (its `Algorithm` is a type-only const enum). */
const ARGON2ID = 2;
/** Derivations running at once without a pool (each holds its memory: 19 MiB, or up to 1 GiB for old scrypt rows). */
const MAX_CONCURRENT = 2;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Whether `password` matches `stored`. Without a stored hash (unknown user, Google-only account) a dummy
   * hash of the same cost is checked, so the answer takes as long either way.
   */
  verify(password: string, stored: string | null | undefined): Promise<boolean>;
  /** Whether a stored hash is weaker than the current cost (or scrypt) and should be replaced on the next sign-in. */
  needsRehash(stored: string): boolean;
  /** Hashing threads and the derivations they finished, and those waiting (0 threads: no pool). */
  stats(): { threads: number; completed: number; queued: number };
  /** Ends the pool's threads (a hash asked for afterwards fails). */
  close(): Promise<void>;
}

/** Hashing threads when not configured: two, one on a machine of two cores. */
export function defaultPasswordThreads(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

// Built, the worker is dist/password-worker.js beside the bundle (apps/server/build.mjs); from source, the
// .mjs next to this file.
const workerFile = new URL(
  import.meta.url.endsWith('.ts') ? './password-worker.mjs' : './password-worker.js',
  import.meta.url,
);

/** The worker's task for a target: the scheme's parameters, the salt and the key length. */
function task(password: string, target: DerivationTarget, keyLength: number) {
  const common = { password: password.normalize('NFKC'), salt: target.salt, keyLength };
  return target.scheme === 'argon2id'
    ? { ...common, scheme: target.scheme, m: target.m, t: target.t, p: target.p }
    : {
        ...common,
        scheme: target.scheme,
        N: target.N,
        r: target.r,
        p: target.p,
        maxmem: scryptMemory(target),
      };
}

/** One derivation on libuv's threads (tools and unit tests: no pool). */
function deriveHere(work: ReturnType<typeof task>): Promise<Buffer> {
  if (work.scheme === 'argon2id')
    return hashRaw(work.password, {
      algorithm: ARGON2ID,
      memoryCost: work.m,
      timeCost: work.t,
      parallelism: work.p,
      outputLen: work.keyLength,
      salt: work.salt,
    });
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(work.password, work.salt, work.keyLength, work, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * A hasher at `cost` (default: OWASP's). With `threads` (the server), derivations run on a pool of that many
 * worker threads and wait in its queue; without (tools, unit tests), on libuv's threads, two at a time.
 */
export function createPasswordHasher(
  options: { cost?: Argon2Parameters; threads?: number } = {},
): PasswordHasher {
  const current = options.cost ?? ARGON2_OWASP;
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

  async function derive(password: string, target: DerivationTarget, keyLength: number): Promise<Buffer> {
    const work = task(password, target, keyLength);
    if (pool) {
      const key = (await pool.run(work)) as Uint8Array;
      return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
    }
    if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await deriveHere(work);
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  return {
    async hash(password) {
      const salt = newSalt();
      const target: DerivationTarget = {
        scheme: 'argon2id',
        ...current,
        salt,
        key: Buffer.alloc(0),
        genuine: true,
      };
      return encodeArgon2(current, salt, await derive(password, target, KEY_BYTES));
    },
    async verify(password, stored) {
      // One path for every caller: the same derivation and comparison whether or not a hash is stored.
      const target = verificationTarget(stored, current);
      const key = await derive(password, target, target.key.length);
      return key.length === target.key.length && timingSafeEqual(key, target.key) && target.genuine;
    },
    needsRehash: (stored) => needsRehash(stored, current),
    stats: () => ({ threads, completed: pool?.completed ?? 0, queued: pool?.queueSize ?? 0 }),
    close: async () => {
      await pool?.destroy();
    },
  };
}
