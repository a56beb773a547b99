// What a signature binds to: a canonical text of each signed result version (its peaks with amounts, the
// template snapshot, figures and algorithm versions) and of the subject as a whole (every covered version's
// hash and the calibration), hashed with SHA-256. Keys are sorted and row ids, owners and times left out,
// so the same content always gives the same hash and any change of a figure gives another.
import { createHash } from 'node:crypto';
import type { CalibrationRow, PeakRow, ResultRow } from '../../repositories/results.ts';

/** JSON with object keys sorted at every depth. @example canonicalJson({ b: 1, a: [2] }) // '{"a":[2],"b":1}' */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const ROW_KEYS = new Set(['id', 'owner_id', 'workspace_id', 'result_id', 'measurement_id', 'created_at']);

function withoutRowKeys(row: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !ROW_KEYS.has(key)));
}

/** The canonical content of one result version: what a reviewer saw and signed. */
export function resultContent(result: ResultRow, peaks: readonly PeakRow[]) {
  return {
    measurement_id: result.measurement_id,
    result_id: result.id,
    version: result.version,
    kind: result.kind,
    template_uuid: result.template_uuid,
    template_snapshot: result.template_snapshot,
    algorithm_versions: result.algorithm_versions,
    figures: result.figures,
    errors: result.errors,
    reason: result.reason,
    peaks: peaks
      .filter((peak) => peak.result_id === result.id)
      .sort((a, b) => a.number - b.number)
      .map(withoutRowKeys),
  };
}

export function resultHash(result: ResultRow, peaks: readonly PeakRow[]): string {
  return sha256Hex(canonicalJson(resultContent(result, peaks)));
}

export function calibrationHash(calibrations: readonly CalibrationRow[]): string {
  const rows = calibrations
    .map(withoutRowKeys)
    .sort((a, b) => canonicalJson(a).localeCompare(canonicalJson(b)));
  return sha256Hex(canonicalJson(rows));
}

/** The hash a signature stores: every covered version (in measurement order) and the calibration. */
export function subjectHash(
  items: ReadonlyArray<{ measurement_id: number; result_id: number; version: number; sha256: string }>,
  calibration: string,
): string {
  const sorted = [...items].sort((a, b) => a.measurement_id - b.measurement_id);
  return sha256Hex(
    canonicalJson({
      results: sorted.map(({ measurement_id, result_id, version, sha256 }) => ({
        measurement_id,
        result_id,
        version,
        sha256,
      })),
      calibration,
    }),
  );
}
