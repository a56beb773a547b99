// A subject's review as it stands: the current result versions with their hashes, every signature with its
// validity against them (the signed version still current and unchanged, the same injections, the same
// calibration), the state the valid signatures give, and who authored and reviewed the current versions.
import {
  domainErrorText,
  type ReviewState,
  type Signature,
  type SignatureSubjectKind,
} from '@eluent/contracts';
import type { Executor } from '../../db/schema.ts';
import type { ResultRow, ResultsRepository } from '../../repositories/results.ts';
import type { SignaturesRepository, SignatureWithItems } from '../../repositories/signatures.ts';
import { calibrationHash, resultHash, subjectHash } from './canonical.ts';
import { reviewState } from './review-rules.ts';

export interface CurrentItem {
  measurement_id: number;
  injection_id: number | null;
  result_id: number;
  version: number;
  sha256: string;
  /** Who made this version: who integrated or reprocessed it, else who ran or imported the measurement. */
  author_id: number;
}

function validityOf(
  signature: SignatureWithItems,
  current: Map<number, CurrentItem>,
  calibration: string,
): Pick<Signature, 'valid' | 'invalid_reason'> & { itemValid: Map<number, boolean> } {
  const itemValid = new Map<number, boolean>();
  let reason: string | null = null;
  for (const item of signature.items) {
    const now = current.get(item.measurement_id);
    const same = now?.result_id === item.result_id && now.sha256 === item.content_sha256;
    itemValid.set(item.measurement_id, same);
    if (same || reason !== null) continue;
    reason =
      now && now.result_id !== item.result_id
        ? domainErrorText('signature_invalid_replaced', { current: now.version, signed: item.result_version })
        : now
          ? domainErrorText('signature_invalid_changed', { version: item.result_version })
          : domainErrorText('signature_invalid_coverage');
  }
  const signed = new Set(signature.items.map((item) => item.measurement_id));
  if (reason === null && (signed.size !== current.size || [...current.keys()].some((id) => !signed.has(id))))
    reason = domainErrorText('signature_invalid_coverage');
  if (reason === null) {
    const items = signature.items.map((item) => ({
      measurement_id: item.measurement_id,
      result_id: item.result_id,
      version: item.result_version,
      sha256: item.content_sha256,
    }));
    if (subjectHash(items, calibration) !== signature.content_sha256)
      reason = domainErrorText('signature_invalid_calibration');
  }
  return { valid: reason === null, invalid_reason: reason, itemValid };
}

export interface Evaluation {
  state: ReviewState;
  items: CurrentItem[];
  /** The hash a signature made now stores. */
  sha256: string;
  signatures: Signature[];
  authors: Set<number>;
  reviewers: Set<number>;
}

export async function evaluate(
  deps: { results: ResultsRepository; signatures: SignaturesRepository },
  kind: SignatureSubjectKind,
  id: number,
  db: Executor,
): Promise<Evaluation> {
  const measurements = await deps.signatures.measurements(kind, id, db);
  const latest: ResultRow[] = await deps.results.latestResults(
    measurements.map((m) => m.id),
    db,
  );
  const peaks = await deps.results.peaks(
    latest.map((r) => r.id),
    db,
  );
  const calibration = calibrationHash(kind === 'sequence' ? await deps.results.calibrations(id, db) : []);
  const current = new Map<number, CurrentItem>();
  for (const measurement of measurements) {
    const result = latest.find((r) => r.measurement_id === measurement.id);
    if (!result) continue;
    current.set(measurement.id, {
      measurement_id: measurement.id,
      injection_id: measurement.injection_id,
      result_id: result.id,
      version: result.version,
      sha256: resultHash(result, peaks),
      author_id: result.created_by ?? measurement.owner_id,
    });
  }
  const items = [...current.values()];
  const rows = await deps.signatures.ofSubject(kind, id, db);
  const signatures: Signature[] = [];
  const valid: SignatureWithItems[] = [];
  for (const row of rows) {
    const { itemValid, ...validity } = validityOf(row, current, calibration);
    if (validity.valid) valid.push(row);
    signatures.push({
      id: row.id,
      subject: { kind: row.subject_kind, id: row.subject_id },
      signer: { id: row.signer_id, name: row.signer_name, email: row.signer_email },
      meaning: row.meaning,
      reason: row.reason,
      signed_at: row.signed_at.toISOString(),
      state_before: row.state_before,
      state_after: row.state_after,
      sha256: row.content_sha256,
      results: row.items.map((item) => ({
        measurement_id: item.measurement_id,
        injection_id: item.injection_id,
        result_id: item.result_id,
        version: item.result_version,
        sha256: item.content_sha256,
        valid: itemValid.get(item.measurement_id) ?? false,
      })),
      ...validity,
    });
  }
  const authors = new Set(items.map((item) => item.author_id));
  const reviewers = new Set<number>();
  for (const signature of valid) {
    if (signature.meaning === 'authored') authors.add(signature.signer_id);
    if (signature.meaning === 'reviewed') reviewers.add(signature.signer_id);
  }
  return {
    state: reviewState(items.length > 0, valid),
    items,
    sha256: subjectHash(items, calibration),
    signatures,
    authors,
    reviewers,
  };
}
