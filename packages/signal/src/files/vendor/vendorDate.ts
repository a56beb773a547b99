const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * The acquisition date vendors write ("17-Jun-06, 15:40:38" in ChemStation, "03-Dec-2011 18:34:05" in
 * MassLynx) as an ISO 8601 local date-time without a zone (the files do not say which), or null.
 * Two-digit years are 19xx from 70 on, else 20xx.
 */
export function parseVendorDate(text: string): string | null {
  const match = /^(\d{1,2})[- ]([A-Za-z]{3})[- ](\d{2}|\d{4}),?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(
    text.trim(),
  );
  if (!match) return null;
  const month = MONTHS.indexOf(match[2]!.toLowerCase());
  if (month < 0) return null;
  let year = Number(match[3]);
  if (match[3]!.length === 2) year += year >= 70 ? 1900 : 2000;
  const day = Number(match[1]);
  const hour = Number(match[4]);
  const minute = Number(match[5]);
  const second = Number(match[6] ?? 0);
  const probe = new Date(Date.UTC(year, month, day, hour, minute, second));
  if (probe.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  return probe.toISOString().slice(0, 19);
}
