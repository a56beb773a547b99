import { expect, it } from 'vitest';
import { globalKeys, globalStorageKey, userKeys, userStorageKey } from './storage.ts';
import { INVALID_KEY_MESSAGE, indexBy } from './indexBy.ts';
import { toastSwipePercent } from './toastOptions.ts';
import { formatTime, formatDurationSec } from './time.ts';

it('builds per-user keys with guest and colon-joined params', () => {
  expect(userStorageKey('devicesOrder', 42)).toBe('eluent:devicesOrder:42');
  expect(userStorageKey('anonymousTokens', null, 'share-abc')).toBe('eluent:anonymousTokens:guest:share-abc');
  expect(globalStorageKey('accessToken')).toBe('eluent:accessToken');
});

it('keeps every per-user key apart per user id, guest when signed out, params joined by colons', () => {
  for (const key of Object.keys(userKeys) as (keyof typeof userKeys)[]) {
    expect(userStorageKey(key, 7)).toBe(`eluent:${userKeys[key]}:7`);
    expect(userStorageKey(key, '7')).toBe(userStorageKey(key, 7));
    for (const nobody of [null, undefined, ''])
      expect(userStorageKey(key, nobody)).toBe(`eluent:${key}:guest`);
    expect(userStorageKey(key, 7, 'a', 3)).toBe(`eluent:${key}:7:a:3`);
  }
  expect(userStorageKey('activeChromatogramId', 1)).not.toBe(userStorageKey('activeChromatogramId', 2));
});

it('has the global keys of spec §3, the same for everybody', () => {
  expect(Object.keys(globalKeys).sort()).toEqual([
    'accessToken',
    'expiryTime',
    'lastLocation',
    'lastUsedAppVersion',
    'refreshToken',
    'wasSuggestedPwaInstallation',
  ]);
  expect(globalStorageKey('lastLocation')).toBe('eluent:lastLocation');
  expect(globalStorageKey('lastUsedAppVersion')).toBe('eluent:lastUsedAppVersion');
});

it('indexes only by string or number keys', () => {
  expect(indexBy([{ id: 1 }, { id: 2 }], 'id')).toEqual({ 1: { id: 1 }, 2: { id: 2 } });
  expect(() => indexBy([{ id: { nested: true } }], 'id')).toThrow(INVALID_KEY_MESSAGE);
  expect(INVALID_KEY_MESSAGE).toBe('The key value type must be a string or a number.');
});

it('dismisses toasts after an 80 px swipe of the 320 px toast', () => {
  expect((toastSwipePercent / 100) * 320).toBe(80);
});

it('shows dashes for missing times', () => {
  expect(formatTime(null)).toBe('--:--');
  expect(formatTime('not a date')).toBe('--:--');
  expect(formatDurationSec(undefined)).toBe('--:--');
  expect(formatDurationSec(125)).toBe('2:05');
});
