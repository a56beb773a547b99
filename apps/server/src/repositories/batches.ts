// Multi-row INSERTs stay under PostgreSQL's limit of 65,535 bind parameters per statement (one per column
// of each row): long runs can carry thousands of peaks. Signal chunks need no batching: each chunk row
// binds its whole array as one parameter.

/** PostgreSQL's (and PGlite's) limit of bind parameters in one statement. */
export const MAX_BIND_PARAMETERS = 65_535;

/** Splits rows into runs whose parameters (rows × columns) fit in one statement. */
export function batchesOf<T extends object>(rows: readonly T[], limit = MAX_BIND_PARAMETERS): T[][] {
  if (rows.length === 0) return [];
  const columns = Math.max(1, ...rows.map((row) => Object.keys(row).length));
  const size = Math.max(1, Math.floor(limit / columns));
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += size) batches.push(rows.slice(start, start + size));
  return batches;
}
