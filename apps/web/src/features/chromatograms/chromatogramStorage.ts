// Per-user local storage of the chromatogram screens (spec §3 keys): compare ids, appearance, active id.
import { storage } from '../../api/client.ts';
import { readJson, userStorageKey, writeJson } from '../../lib/storage.ts';
import { defaultAppearance, type PlotAppearance } from '../../plot/plotTypes.ts';

export const MAX_COMPARE = 6;

export function readCompareIds(userId: string): number[] {
  const ids = readJson<unknown>(storage, userStorageKey('chromatogramCompareIds', userId), []);
  return Array.isArray(ids)
    ? ids.filter((id): id is number => Number.isInteger(id)).slice(0, MAX_COMPARE)
    : [];
}

export function writeCompareIds(userId: string, ids: readonly number[]): void {
  writeJson(storage, userStorageKey('chromatogramCompareIds', userId), ids.slice(0, MAX_COMPARE));
}

export function readAppearance(userId: string): PlotAppearance {
  const saved = readJson<Partial<PlotAppearance>>(
    storage,
    userStorageKey('chromatogramAppearance', userId),
    {},
  );
  return { ...defaultAppearance, ...saved };
}

export function writeAppearance(userId: string, appearance: PlotAppearance): void {
  writeJson(storage, userStorageKey('chromatogramAppearance', userId), appearance);
}

export function writeActiveChromatogram(userId: string, id: number): void {
  writeJson(storage, userStorageKey('activeChromatogramId', userId), id);
}
