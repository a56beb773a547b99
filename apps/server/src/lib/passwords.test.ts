import { describe, expect, it } from 'vitest';
import { createPasswordHasher, verificationTarget } from './passwords.ts';

// The lowest cost the server accepts keeps these tests quick; the default cost is checked by its prefix.
const hasher = createPasswordHasher({ log2Cost: 14 });

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hasher.hash('correct horse battery');
    expect(stored.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await hasher.verify('correct horse battery', stored)).toBe(true);
    expect(await hasher.verify('correct horse batterz', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hasher.hash('same')).not.toBe(await hasher.hash('same'));
  });

  it('refuses missing, malformed and costlier-than-configured hashes', async () => {
    expect(await hasher.verify('x', null)).toBe(false);
    expect(await hasher.verify('x', undefined)).toBe(false);
    expect(await hasher.verify('x', 'md5$abc')).toBe(false);
    expect(await hasher.verify('x', 'scrypt$1073741824$8$1$c2FsdA$a2V5')).toBe(false);
  });

  it('asks for a new hash when the stored one is cheaper than the current cost', async () => {
    const stronger = createPasswordHasher({ log2Cost: 15 });
    const stored = await hasher.hash('pw');
    expect(stronger.needsRehash(stored)).toBe(true);
    expect(hasher.needsRehash(stored)).toBe(false);
    // The older hash still verifies under the new cost.
    expect(await stronger.verify('pw', stored)).toBe(true);
  });

  it('uses OWASP cost (N=2^17, r=8, p=1) by default', () => {
    const owasp = createPasswordHasher();
    expect(owasp.needsRehash('scrypt$65536$8$1$c2FsdA$a2V5')).toBe(true);
    expect(owasp.needsRehash('scrypt$131072$8$1$c2FsdA$a2V5')).toBe(false);
  });

  it('checks an unknown user against a dummy of exactly the cost and length of a stored hash', async () => {
    const current = { N: 2 ** 14, r: 8, p: 1 };
    const stored = verificationTarget(await hasher.hash('pw'), current);
    for (const missing of [undefined, null, '', 'md5$abc', 'scrypt$1073741824$8$1$c2FsdA$a2V5']) {
      const dummy = verificationTarget(missing, current);
      expect({ N: dummy.N, r: dummy.r, p: dummy.p, salt: dummy.salt.length, key: dummy.key.length }).toEqual({
        N: stored.N,
        r: stored.r,
        p: stored.p,
        salt: stored.salt.length,
        key: stored.key.length,
      });
      expect(dummy.genuine).toBe(false);
    }
    expect(stored.genuine).toBe(true);
  });
});
