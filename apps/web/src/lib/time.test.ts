import { expect, it } from 'vitest';
import { MISSING_DATE, MISSING_TIME, formatDate, formatDateTime } from './time.ts';

it('shows date placeholders for a missing or invalid date (spec §9)', () => {
  expect(MISSING_DATE).toBe('--.--.----');
  for (const missing of [null, undefined, '', 'not a date']) {
    expect(formatDate(missing)).toBe(MISSING_DATE);
    expect(formatDateTime(missing)).toBe(`${MISSING_DATE} ${MISSING_TIME}`);
  }
});

it('formats a present date in the given locale', () => {
  const date = new Date(2024, 2, 5, 14, 7);
  expect(formatDate(date, 'de-DE')).toBe('5.3.2024');
  expect(formatDate(date.getTime(), 'en-US')).toBe('3/5/2024');
  expect(formatDateTime(date, 'de-DE')).toBe('5.3.2024 14:07');
});
