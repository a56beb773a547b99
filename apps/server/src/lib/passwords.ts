// Passwords are hashed with scrypt, a memory-hard function built into Node (16 MiB per hash at N=2^14).
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const parameters = { N: 2 ** 14, r: 8, p: 1, keyLength: 32 };

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      keyLength,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keyLength } = parameters;
  const key = await derive(password, salt, { N, r, p }, keyLength);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const key = await derive(
    password,
    Buffer.from(saltText, 'base64url'),
    { N: +n, r: +r, p: +p },
    expected.length,
  );
  return timingSafeEqual(key, expected);
}
