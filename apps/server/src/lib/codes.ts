import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** A random single-use secret for links sent by e-mail, URL-safe. */
export const newSecretCode = (): string => randomBytes(32).toString('base64url');

/** Secrets are stored only as their SHA-256. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A 32-hex token id, like simplejwt's `jti`. */
export const newTokenId = (): string => randomUUID().replaceAll('-', '');
