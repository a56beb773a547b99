// A subject's review as it stands: the current result versions with their hashes, every signature with its
// status against them (valid: the signed versions still current and unchanged, the same injections, the
// same calibration; superseded: a newer version is current and the signed one is kept exactly as signed;
// invalid: what was signed changed), the state the valid signatures give, and who authored and reviewed the current versions.
import {
  domainErrorText,
  type ReviewState,
  type Signature,
  type SignatureStatus,
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

/** A signed version that is no longer current, with the hash of its content as stored now. */
interface KeptVersion {
  sha256: string;
}

interface ItemStatus {
  status: SignatureStatus;
  superseded_by: { result_id: number; version: number } | null;
}

function validityOf(
  signature: SignatureWithItems,
  current: Map<number, CurrentItem>,
  kept: Map<number, KeptVersion>,
  calibration: string,
): Pick<Signature, 'valid' | 'status' | 'invalid_reason'> & { itemStatus: Map<number, ItemStatus> } {
  const itemStatus = new Map<number, ItemStatus>();
  let invalid: string | null = null;
  let superseded: string | null = null;
  for (const item of signature.items) {
    const now = current.get(item.measurement_id);
    let status: ItemStatus = { status: 'valid', superseded_by: null };
    if (!now) {
      status = { status: 'invalid', superseded_by: null };
      invalid ??= domainErrorText('signature_invalid_coverage');
    } else if (now.result_id === item.result_id) {
      if (now.sha256 !== item.content_sha256) {
        status = { status: 'invalid', superseded_by: null };
        invalid ??= domainErrorText('signature_invalid_changed', { version: item.result_version });
      }
    } else if (kept.get(item.result_id)?.sha256 === item.content_sha256) {
      // Another version is current and the signed one is kept exactly as signed: superseded, not broken.
      status = { status: 'superseded', superseded_by: { result_id: now.result_id, version: now.version } };
      superseded ??= domainErrorText('signature_superseded', {
        current: now.version,
        signed: item.result_version,
      });
    } else {
      status = { status: 'invalid', superseded_by: null };
      invalid ??= domainErrorText('signature_invalid_changed', { version: item.result_version });
    }
    itemStatus.set(item.measurement_id, status);
  }
  if (invalid === null && superseded === null) {
    const signed = new Set(signature.items.map((item) => item.measurement_id));
    if (signed.size !== current.size || [...current.keys()].some((id) => !signed.has(id)))
      invalid = domainErrorText('signature_invalid_coverage');
  }
  // The calibration belongs to the versions it was made from: a superseded signature is not checked
  // against the calibration of the newer versions.
  if (invalid === null && superseded === null) {
    const items = signature.items.map((item) => ({
      measurement_id: item.measurement_id,
      result_id: item.result_id,
      version: item.result_version,
      sha256: item.content_sha256,
    }));
    if (subjectHash(items, calibration) !== signature.content_sha256)
      invalid = domainErrorText('signature_invalid_calibration');
  }
  const status: SignatureStatus = invalid !== null ? 'invalid' : superseded !== null ? 'superseded' : 'valid';
  return { valid: status === 'valid', status, invalid_reason: invalid ?? superseded, itemStatus };
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
  // The signed versions that are no longer current, hashed as they are stored now: a superseded signature
  // holds only while its version is byte-for-byte what was signed.
  const currentIds = new Set(items.map((item) => item.result_id));
  const keptIds = [
    ...new Set(
      rows.flatMap((row) => row.items.map((item) => item.result_id)).filter((r) => !currentIds.has(r)),
    ),
  ];
  const keptRows = await deps.results.resultsByIds(keptIds, db);
  const keptPeaks = await deps.results.peaks(keptIds, db);
  const kept = new Map(keptRows.map((row) => [row.id, { sha256: resultHash(row, keptPeaks) }]));
  const signatures: Signature[] = [];
  const valid: SignatureWithItems[] = [];
  for (const row of rows) {
    const { itemStatus, ...validity } = validityOf(row, current, kept, calibration);
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
        valid: itemStatus.get(item.measurement_id)?.status === 'valid',
        status: itemStatus.get(item.measurement_id)?.status ?? 'invalid',
        superseded_by: itemStatus.get(item.measurement_id)?.superseded_by ?? null,
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
