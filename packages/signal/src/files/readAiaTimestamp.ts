// The injection's date and time an AIA file carries (ASTM E1947 / ANDI chromatography,
// `injection_date_time_stamp`): "YYYYMMDDhhmmss" with an optional UTC offset "±hhmm", e.g.
// "19920704140907-0500". A run keeps the time it was acquired, not the time it was imported.

const STAMP = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:([+-])(\d{2})(\d{2}))?$/;

/**
 * The instant of an AIA date-time stamp, or null for anything else (a placeholder such as
 * "1900,01,01,00:00:00+0000" or an impossible date). Without an offset the stamp is read as UTC.
 * @example readAiaTimestamp('19920704140907-0500')?.toISOString() // '1992-07-04T19:09:07.000Z'
 */
export function readAiaTimestamp(stamp: string | undefined): Date | null {
  const match = STAMP.exec(stamp?.trim() ?? '');
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const local = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(local);
  // An impossible date (month 13, 31 June) rolls over in Date.UTC: refuse it rather than move it.
  if (
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return null;
  const offsetMin = match[7] ? (match[7] === '-' ? -1 : 1) * (Number(match[8]) * 60 + Number(match[9])) : 0;
  return new Date(local - offsetMin * 60_000);
}
