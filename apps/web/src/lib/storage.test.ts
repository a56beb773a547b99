import { expect, it } from 'vitest';
import { globalStorageKey, userStorageKey } from './storage.ts';
import { INVALID_KEY_MESSAGE, indexBy } from './indexBy.ts';
import { toastSwipePercent } from './toastOptions.ts';
import { formatTime, formatDurationSec } from './time.ts';

it('builds per-user keys with guest and colon-joined params', () => {
  expect(userStorageKey('devicesOrder', 42)).toBe('eluent:devicesOrder:42');
  expect(userStorageKey('anonymousTokens', null, 'share-abc')).toBe('eluent:anonymousTokens:guest:share-abc');
  expect(globalStorageKey('accessToken')).toBe('eluent:accessToken');
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
