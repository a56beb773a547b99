import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ARGON2_OWASP, parseArgon2, verificationTarget } from './password-formats.ts';
import { createPasswordHasher } from './passwords.ts';

const hasher = createPasswordHasher();

/** A hash as servers stored it before Argon2id: scrypt, base64url salt and key. */
function scryptHash(password: string, log2N: number): string {
  const salt = Buffer.from('0123456789abcdef');
  const key = scryptSync(password, salt, 32, { N: 2 ** log2N, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
  return `scrypt$${2 ** log2N}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

describe('password hashing', () => {
  it('hashes with Argon2id at OWASP cost (m=19 MiB, t=2, p=1) and verifies only the right password', async () => {
    const stored = await hasher.hash('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await hasher.verify('correct horse battery', stored)).toBe(true);
    expect(await hasher.verify('correct horse batterz', stored)).toBe(false);
  });

  it('writes the standard PHC form: the reference implementation verifies our hash', async () => {
    const { verify } = await import('@node-rs/argon2');
    const stored = await hasher.hash('pässword');
    // Our derivation normalises to NFKC; the library verifies the same text.
    expect(await verify(stored, 'pässword'.normalize('NFKC'))).toBe(true);
    expect(await verify(stored, 'password')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hasher.hash('same')).not.toBe(await hasher.hash('same'));
  });

  it('refuses missing, malformed and costlier-than-configured hashes', async () => {
    expect(await hasher.verify('x', null)).toBe(false);
    expect(await hasher.verify('x', undefined)).toBe(false);
    expect(await hasher.verify('x', 'md5$abc')).toBe(false);
    expect(await hasher.verify('x', 'scrypt$1073741824$8$1$c2FsdA$a2V5')).toBe(false);
    expect(await hasher.verify('x', '$argon2id$v=19$m=4194304,t=2,p=1$c2FsdHNhbHQ$a2V5a2V5')).toBe(false);
  });

  it('verifies a hash stored with scrypt before, and asks for it to be replaced', async () => {
    const stored = scryptHash('pw', 14);
    expect(await hasher.verify('pw', stored)).toBe(true);
    expect(await hasher.verify('pW', stored)).toBe(false);
    expect(hasher.needsRehash(stored)).toBe(true);
    expect(hasher.needsRehash(await hasher.hash('pw'))).toBe(false);
  });

  it('asks for a new hash when the stored Argon2id one is cheaper than the current cost', async () => {
    const cheaper = createPasswordHasher({ cost: { m: 8 * 1024, t: 1, p: 1 } });
    const stored = await cheaper.hash('pw');
    expect(parseArgon2(stored)).toMatchObject({ m: 8192, t: 1, p: 1 });
    expect(hasher.needsRehash(stored)).toBe(true);
    expect(cheaper.needsRehash(stored)).toBe(false);
    // The older hash still verifies under the new cost.
    expect(await hasher.verify('pw', stored)).toBe(true);
  });

  it('checks an unknown user against a dummy of exactly the cost and length of a stored hash', async () => {
    const stored = verificationTarget(await hasher.hash('pw'), ARGON2_OWASP);
    const shape = (target: ReturnType<typeof verificationTarget>) => ({
      scheme: target.scheme,
      cost: target.scheme === 'argon2id' ? [target.m, target.t, target.p] : [],
      salt: target.salt.length,
      key: target.key.length,
    });
    for (const missing of [
      undefined,
      null,
      '',
      'md5$abc',
      'scrypt$1073741824$8$1$c2FsdA$a2V5',
      '$argon2id$v=19$m=4194304,t=2,p=1$c2FsdHNhbHQ$a2V5a2V5',
    ]) {
      const dummy = verificationTarget(missing, ARGON2_OWASP);
      expect(shape(dummy)).toEqual(shape(stored));
      expect(dummy.genuine).toBe(false);
    }
    expect(stored.genuine).toBe(true);
  });
});
