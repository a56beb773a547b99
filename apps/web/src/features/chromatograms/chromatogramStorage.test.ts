import { expect, it } from 'vitest';
import { memoryStorage } from '../../lib/storage.ts';
import { defaultAppearance } from '../../plot/plotTypes.ts';
import {
  CHROMATOGRAM_UI_REVISION,
  readActiveChromatogram,
  readAppearance,
  writeActiveChromatogram,
  writeAppearance,
} from './chromatogramStorage.ts';

it('keeps the appearance with the UI revision and reads it back', () => {
  const storage = memoryStorage();
  writeAppearance('7', { ...defaultAppearance, lineWidth: 3 }, storage);
  expect(storage.dump()['eluent:chromatogramUiRevision:7']).toBe(String(CHROMATOGRAM_UI_REVISION));
  expect(readAppearance('7', storage).lineWidth).toBe(3);
  expect(readAppearance('8', storage)).toEqual(defaultAppearance);
});

it('discards an appearance stored under another (or no) UI revision', () => {
  for (const revision of [null, CHROMATOGRAM_UI_REVISION - 1, CHROMATOGRAM_UI_REVISION + 1]) {
    const storage = memoryStorage();
    storage.setItem('eluent:chromatogramAppearance:7', JSON.stringify({ lineWidth: 9 }));
    if (revision !== null) storage.setItem('eluent:chromatogramUiRevision:7', String(revision));
    expect(readAppearance('7', storage)).toEqual(defaultAppearance);
    expect(storage.getItem('eluent:chromatogramAppearance:7')).toBeNull();
  }
});

it('reads back the active chromatogram per user', () => {
  const storage = memoryStorage();
  expect(readActiveChromatogram('7', storage)).toBeNull();
  writeActiveChromatogram('7', 42, storage);
  expect(storage.dump()).toEqual({ 'eluent:activeChromatogramId:7': '42' });
  expect(readActiveChromatogram('7', storage)).toBe(42);
  expect(readActiveChromatogram('', storage)).toBeNull();
});
