// Entry of the password-hashing threads (lib/passwords.ts): one scrypt derivation per task, run
// synchronously on the worker's own thread, never on the event loop. Plain JavaScript (node:crypto only),
// so the same file runs from source and, bundled as dist/password-worker.js, in a built server.
import { scryptSync } from 'node:crypto';

/**
 * @param {{ password: string, salt: Uint8Array, keyLength: number, N: number, r: number, p: number, maxmem: number }} task
 * @returns {Uint8Array}
 */
export default function derive(task) {
  const { password, salt, keyLength, N, r, p, maxmem } = task;
  return new Uint8Array(scryptSync(password, salt, keyLength, { N, r, p, maxmem }));
}
