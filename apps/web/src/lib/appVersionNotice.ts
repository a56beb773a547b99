// "Eluent was updated to {version}" once after an update (spec §3 "last used app version").
import { globalStorageKey, type KeyValueStorage } from './storage.ts';

export const updatedText = (version: string) => `Eluent was updated to ${version}`;

/**
 * Stores the running version; returns the notice to show when it differs from the one used last time,
 * null on a first visit or when nothing changed, so the notice appears once per update.
 */
export function takeUpdateNotice(storage: KeyValueStorage, currentVersion: string): string | null {
  const key = globalStorageKey('lastUsedAppVersion');
  const previous = storage.getItem(key);
  if (previous === currentVersion) return null;
  storage.setItem(key, currentVersion);
  return previous === null ? null : updatedText(currentVersion);
}
