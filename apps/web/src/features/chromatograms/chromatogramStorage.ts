// Per-user local storage of the chromatogram screens (spec §3 keys): compare ids, appearance, active id.
import { storage } from '../../api/client.ts';
import { readJson, userStorageKey, writeJson, type KeyValueStorage } from '../../lib/storage.ts';
import { defaultAppearance, type PlotAppearance } from '../../plot/plotTypes.ts';

export const MAX_COMPARE = 6;

/** Bumped whenever the stored appearance format changes; appearance stored under another revision is dropped. */
export const CHROMATOGRAM_UI_REVISION = 1;

export function readCompareIds(userId: string): number[] {
  const ids = readJson<unknown>(storage, userStorageKey('chromatogramCompareIds', userId), []);
  return Array.isArray(ids)
    ? ids.filter((id): id is number => Number.isInteger(id)).slice(0, MAX_COMPARE)
    : [];
}

export function writeCompareIds(userId: string, ids: readonly number[]): void {
  writeJson(storage, userStorageKey('chromatogramCompareIds', userId), ids.slice(0, MAX_COMPARE));
}

export function readAppearance(userId: string, store: KeyValueStorage = storage): PlotAppearance {
  const revision = readJson<unknown>(store, userStorageKey('chromatogramUiRevision', userId), null);
  if (revision !== CHROMATOGRAM_UI_REVISION) {
    store.removeItem(userStorageKey('chromatogramAppearance', userId));
    return { ...defaultAppearance };
  }
  const saved = readJson<Partial<PlotAppearance>>(
    store,
    userStorageKey('chromatogramAppearance', userId),
    {},
  );
  return { ...defaultAppearance, ...saved };
}

export function writeAppearance(
  userId: string,
  appearance: PlotAppearance,
  store: KeyValueStorage = storage,
): void {
  writeJson(store, userStorageKey('chromatogramAppearance', userId), appearance);
  writeJson(store, userStorageKey('chromatogramUiRevision', userId), CHROMATOGRAM_UI_REVISION);
}

/** The chromatogram the user opened last, shown first when the list opens again. */
export function writeActiveChromatogram(userId: string, id: number, store: KeyValueStorage = storage): void {
  writeJson(store, userStorageKey('activeChromatogramId', userId), id);
}

export function readActiveChromatogram(userId: string, store: KeyValueStorage = storage): number | null {
  const id = readJson<unknown>(store, userStorageKey('activeChromatogramId', userId), null);
  return Number.isInteger(id) ? (id as number) : null;
}
