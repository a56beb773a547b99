// The one CSV writer of the exports (RFC 4180): a cell quoted when it holds a quote, comma or line break,
// a text cell that a spreadsheet would run as a formula (leading = + - @) prefixed with ', lines ended CRLF.

/** One cell: null and undefined are empty, objects are written as JSON, text is guarded and quoted. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : `${value as string | number | boolean}`;
  const safe = typeof value === 'string' && /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole document: each row's cells joined by commas, every line (the last too) ended by CRLF. */
export function csvDocument(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
