// PostgreSQL's refusals of a value (SQLSTATE class 22: out of range, bad encoding, too long for the column;
// 54000: too large for an index). Input that passed the boundary checks but still cannot be stored is the
// client's mistake: a 400, never a 500.
export function isDataError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^(22[0-9A-Z]{3}|54000)$/.test(code)) return true;
    current = cause;
  }
  return false;
}
