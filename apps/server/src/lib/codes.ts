import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** A random single-use secret for links sent by e-mail, URL-safe. */
export const newSecretCode = (): string => randomBytes(32).toString('base64url');

/** Secrets are stored only as their SHA-256. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A 32-hex token id, like simplejwt's `jti`. */
export const newTokenId = (): string => randomUUID().replaceAll('-', '');

// No 0/O, 1/I/L: the code is read off a screen and typed into an instrument.
const PAIRING_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A pairing code an owner types into an instrument: 12 characters, about 59 random bits, e.g. `K7QM-2XPA-H9RT`. */
export function newPairingCode(): string {
  const bytes = randomBytes(12);
  const characters = [...bytes].map((byte) => PAIRING_ALPHABET[byte % PAIRING_ALPHABET.length]!);
  return [0, 4, 8].map((start) => characters.slice(start, start + 4).join('')).join('-');
}
