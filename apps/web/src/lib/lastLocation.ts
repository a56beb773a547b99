// The last /app address (spec §3 "last location"): sign-in without a referer goes back there.
import { globalStorageKey, readJson, writeJson, type KeyValueStorage } from './storage.ts';

interface StoredLocation {
  userId: string;
  path: string;
}

/** Remembers an address inside /app for this user; other addresses are ignored. */
export function rememberLocation(storage: KeyValueStorage, userId: string, path: string): void {
  if (!path.startsWith('/app/')) return;
  writeJson(storage, globalStorageKey('lastLocation'), { userId, path } satisfies StoredLocation);
}

/** The address remembered for this user, or null (another user's address is not offered). */
export function lastLocationOf(storage: KeyValueStorage, userId: string): string | null {
  const stored = readJson<Partial<StoredLocation> | null>(storage, globalStorageKey('lastLocation'), null);
  if (!stored || stored.userId !== userId || typeof stored.path !== 'string') return null;
  return stored.path.startsWith('/app/') ? stored.path : null;
}
