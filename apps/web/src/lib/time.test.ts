import { expect, it } from 'vitest';
import { MISSING_DATE, MISSING_TIME, formatDate, formatDateTime, formatDateTimeWithZone } from './time.ts';

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

it('formats a UTC time stamp in local time with the zone named', () => {
  const stamp = '2024-03-05T14:07:09.000Z';
  const local = new Date(stamp);
  const text = formatDateTimeWithZone(stamp, 'en-GB');
  expect(text).toContain(String(local.getSeconds()).padStart(2, '0'));
  // The zone's short name closes the text ("UTC", "CET", "GMT+1" …).
  expect(text).toMatch(/(UTC|GMT|[A-Z]{2,5})([+-]\d{1,2}(:\d{2})?)?$/);
  expect(formatDateTimeWithZone(null)).toBe(`${MISSING_DATE} ${MISSING_TIME}`);
});
