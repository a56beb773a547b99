// The stored forms of a password hash, and what a verification derives and compares against.
//
// New hashes are Argon2id in the PHC string format (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>`, base64
// without padding), at the OWASP Password Storage Cheat Sheet's first recommended configuration: m = 19 MiB,
// t = 2, p = 1. Hashes stored before it are scrypt (`scrypt$N$r$p$<salt>$<key>`, base64url); they still
// verify and are replaced by an Argon2id hash at the next sign-in.
import { randomBytes } from 'node:crypto';

export interface Argon2Parameters {
  /** Memory in KiB. */
  m: number;
  /** Passes over the memory. */
  t: number;
  /** Lanes. */
  p: number;
}

export interface ScryptParameters {
  N: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet, Argon2id: "a minimum configuration of 19 MiB of memory, an iteration count of 2, and 1 degree of parallelism". */
export const ARGON2_OWASP: Argon2Parameters = { m: 19 * 1024, t: 2, p: 1 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/**
 * The costliest scrypt hash a server ever stored: N up to 2^20 (its cost setting's range), r 8, p 1. A stored
 * row asking for more is refused unread, so a forged row cannot ask for gigabytes.
 */
const SCRYPT_CEILING: ScryptParameters = { N: 2 ** 20, r: 8, p: 1 };

export type DerivationTarget =
  | ({ scheme: 'argon2id' } & Argon2Parameters & { salt: Buffer; key: Buffer; genuine: boolean })
  | ({ scheme: 'scrypt' } & ScryptParameters & { salt: Buffer; key: Buffer; genuine: boolean });

const positive = (values: number[]) => values.every((value) => Number.isSafeInteger(value) && value > 0);

/** An Argon2id PHC string's parameters, salt and key; undefined for anything else. */
export function parseArgon2(stored: string): (Argon2Parameters & { salt: Buffer; key: Buffer }) | undefined {
  const match =
    /^\$argon2id\$v=19\$m=(\d{1,10}),t=(\d{1,10}),p=(\d{1,3})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(
      stored,
    );
  if (!match) return undefined;
  const [m, t, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const salt = Buffer.from(match[4]!, 'base64');
  const key = Buffer.from(match[5]!, 'base64');
  if (!positive([m, t, p]) || salt.length < 8 || key.length < 4) return undefined;
  return { m, t, p, salt, key };
}

/** A legacy scrypt hash's parameters, salt and key; undefined for anything else. */
export function parseScrypt(stored: string): (ScryptParameters & { salt: Buffer; key: Buffer }) | undefined {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return undefined;
  const parameters = { N: Number(n), r: Number(r), p: Number(p) };
  if (!positive(Object.values(parameters))) return undefined;
  return { ...parameters, salt: Buffer.from(saltText, 'base64url'), key: Buffer.from(keyText, 'base64url') };
}

/** The PHC string of an Argon2id key. */
export function encodeArgon2(parameters: Argon2Parameters, salt: Buffer, key: Buffer): string {
  const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
  return `$argon2id$v=19$m=${parameters.m},t=${parameters.t},p=${parameters.p}$${b64(salt)}$${b64(key)}`;
}

/** A fresh salt for a new hash. */
export const newSalt = () => randomBytes(SALT_BYTES);

/** A dummy at the current cost: fresh salt, random key, never a match. */
function dummy(current: Argon2Parameters): DerivationTarget {
  return { scheme: 'argon2id', ...current, salt: newSalt(), key: randomBytes(KEY_BYTES), genuine: false };
}

/**
 * The stored hash when it is readable and no costlier than allowed (Argon2id: the current cost; scrypt: the
 * costliest a server stored); otherwise (unknown user, Google-only account, malformed or forged row) a dummy
 * with a fresh salt and random key at the current cost, so the work is the same as for a stored hash of the
 * current cost and nothing is computed ahead.
 * @example verificationTarget(undefined, ARGON2_OWASP).scheme // 'argon2id'
 */
export function verificationTarget(
  stored: string | null | undefined,
  current: Argon2Parameters,
): DerivationTarget {
  if (!stored) return dummy(current);
  const argon2 = parseArgon2(stored);
  if (argon2)
    return argon2.m <= current.m && argon2.t <= current.t && argon2.p <= current.p
      ? { scheme: 'argon2id', ...argon2, genuine: true }
      : dummy(current);
  const scrypt = parseScrypt(stored);
  if (scrypt && scrypt.N <= SCRYPT_CEILING.N && scrypt.r <= SCRYPT_CEILING.r && scrypt.p <= SCRYPT_CEILING.p)
    return { scheme: 'scrypt', ...scrypt, genuine: true };
  return dummy(current);
}

/** Whether a stored hash should be replaced at the next sign-in: any scrypt hash, or Argon2id below `current`. */
export function needsRehash(stored: string, current: Argon2Parameters): boolean {
  const parsed = parseArgon2(stored);
  return !parsed || parsed.m < current.m || parsed.t < current.t || parsed.p < current.p;
}

/** Bytes scrypt needs for these parameters, with room for Node's bookkeeping. */
export const scryptMemory = ({ N, r, p }: ScryptParameters) => 128 * N * r + 128 * r * p + 1024 * 1024;
