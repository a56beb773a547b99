// Entry of the password-hashing threads (lib/passwords.ts): one key derivation per task — Argon2id for every
// new hash, scrypt for hashes stored before it — run synchronously on the worker's own thread, never on the
// event loop. Plain JavaScript, so the same file runs from source and, bundled as dist/password-worker.js,
// in a built server.
import { hashRawSync } from '@node-rs/argon2';
import { scryptSync } from 'node:crypto';

/** Argon2id in @node-rs/argon2's numbering (its `Algorithm` is a type-only const enum). */
const ARGON2ID = 2;

/**
 * @param {{ scheme: 'argon2id', password: string, salt: Uint8Array, keyLength: number, m: number, t: number, p: number }
 *   | { scheme: 'scrypt', password: string, salt: Uint8Array, keyLength: number, N: number, r: number, p: number, maxmem: number }} task
 * @returns {Uint8Array}
 */
export default function derive(task) {
  if (task.scheme === 'argon2id') {
    const { password, salt, keyLength, m, t, p } = task;
    const key = hashRawSync(password, {
      algorithm: ARGON2ID,
      memoryCost: m,
      timeCost: t,
      parallelism: p,
      outputLen: keyLength,
      salt,
    });
    return new Uint8Array(key);
  }
  const { password, salt, keyLength, N, r, p, maxmem } = task;
  return new Uint8Array(scryptSync(password, salt, keyLength, { N, r, p, maxmem }));
}
