// Local storage keys of spec §3: per user id (or 'guest'), plus optional colon-joined params; some global.

export const GUEST = 'guest';

/** Keys that do not depend on who is signed in: the session itself and app-wide markers. */
export const globalKeys = {
  lastLocation: 'lastLocation',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  expiryTime: 'expiryTime',
  lastUsedAppVersion: 'lastUsedAppVersion',
  wasSuggestedPwaInstallation: 'wasSuggestedPwaInstallation',
} as const;

/** Keys kept apart per user id ('guest' when nobody is signed in). */
export const userKeys = {
  anonymousTokens: 'anonymousTokens',
  chromatogramCompareIds: 'chromatogramCompareIds',
  dualMode: 'dualMode',
  activeChromatogramId: 'activeChromatogramId',
  reportData: 'reportData',
  devicesOrder: 'devicesOrder',
  chromatogramAppearance: 'chromatogramAppearance',
  chromatogramUiRevision: 'chromatogramUiRevision',
} as const;

export type GlobalKey = keyof typeof globalKeys;
export type UserKey = keyof typeof userKeys;

const PREFIX = 'eluent';

/** `eluent:accessToken` */
export function globalStorageKey(key: GlobalKey): string {
  return `${PREFIX}:${globalKeys[key]}`;
}

/** `eluent:devicesOrder:42`, `eluent:anonymousTokens:guest:abc` */
export function userStorageKey(
  key: UserKey,
  userId: string | number | null | undefined,
  ...params: (string | number)[]
): string {
  const owner = userId === null || userId === undefined || userId === '' ? GUEST : String(userId);
  return [PREFIX, userKeys[key], owner, ...params.map(String)].join(':');
}

/** The subset of the Web Storage API the app uses; tests pass an in-memory one. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function memoryStorage(): KeyValueStorage & { dump(): Record<string, string> } {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
    dump: () => Object.fromEntries(values),
  };
}

/** localStorage when available (private modes may throw), otherwise memory. */
export function browserStorage(): KeyValueStorage {
  try {
    const probe = '__eluent_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return memoryStorage();
  }
}

export function readJson<T>(storage: KeyValueStorage, key: string, fallback: T): T {
  const raw = storage.getItem(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(storage: KeyValueStorage, key: string, value: unknown): void {
  storage.setItem(key, JSON.stringify(value));
}
