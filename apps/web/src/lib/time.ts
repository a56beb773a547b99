// Times and dates in the browser's locale (spec §9); a missing value shows dashes.

export const MISSING_TIME = '--:--';
export const MISSING_DATE = '--.--.----';

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatTime(value: DateInput, locale?: string): string {
  const date = toDate(value);
  return date ? date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }) : MISSING_TIME;
}

export function formatDate(value: DateInput, locale?: string): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString(locale) : MISSING_DATE;
}

export function formatDateTime(value: DateInput, locale?: string): string {
  const date = toDate(value);
  return date ? `${formatDate(date, locale)} ${formatTime(date, locale)}` : `${MISSING_DATE} ${MISSING_TIME}`;
}

/** A duration in seconds as m:ss (or h:mm:ss); dashes when missing. */
export function formatDurationSec(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return MISSING_TIME;
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** A time stamp in local time to the second, with the time zone's name ("24/11/2026, 09:12:05 CET"). */
export function formatDateTimeWithZone(value: DateInput, locale?: string): string {
  const date = toDate(value);
  return date
    ? date.toLocaleString(locale, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        timeZoneName: 'short',
      })
    : `${MISSING_DATE} ${MISSING_TIME}`;
}
