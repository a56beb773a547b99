// How results, calibrations and instruments read in answers and reports, and what a report's audience (an
// owner, or a visitor through a share link) may see of the audit trail and the signatures.
import {
  domainErrors,
  type AuditEntry,
  type Calibration,
  type DomainErrorCode,
  type ProcessingResult,
  type Review,
} from '@eluent/contracts';
import type { CalibrationRow, PeakRow, ResultRow } from '../../repositories/results.ts';
import type { SamplesRepository } from '../../repositories/samples.ts';

function peakView(peak: PeakRow) {
  const {
    owner_id: _owner,
    workspace_id: _workspace,
    result_id: _result,
    measurement_id: _measurement,
    ...rest
  } = peak;
  return rest;
}

export function resultView(result: ResultRow, peaks: PeakRow[]): ProcessingResult {
  return {
    id: result.id,
    version: result.version,
    kind: result.kind,
    template_uuid: result.template_uuid,
    template_snapshot: result.template_snapshot,
    algorithm_versions: result.algorithm_versions,
    figures: result.figures,
    errors: result.errors,
    reason: result.reason,
    parent_result_id: result.parent_result_id,
    created_at: result.created_at.toISOString(),
    peaks: peaks.filter((p) => p.result_id === result.id).map(peakView),
  };
}

/** A stored calibration as the REST answer types it (points, residuals and problem are JSON columns). */
export function calibrationView({
  owner_id: _owner,
  workspace_id: _workspace,
  ...rest
}: CalibrationRow): Calibration {
  return {
    ...rest,
    points: rest.points as Calibration['points'],
    residuals: (rest.residuals ?? []) as Calibration['residuals'],
    problem: (rest.problem ?? null) as Calibration['problem'],
    created_at: rest.created_at.toISOString(),
  };
}

/** The processing failure recorded with a measurement, as its catalogue text (never the raw code alone). */
export function processingErrorOf(metadata: unknown): { code: DomainErrorCode; detail: string } | null {
  const code = (metadata as { processing_error?: unknown } | null)?.processing_error;
  if (typeof code !== 'string') return null;
  const known = Object.hasOwn(domainErrors, code) ? (code as DomainErrorCode) : 'processing_general_error';
  return { code: known, detail: domainErrors[known] };
}

/** Who reads a report: its owner, or a visitor through a share link. */
export interface Audience {
  visitor: boolean;
}

/**
 * A visitor's report names who changed what by full name (or user number while they have none): no e-mail
 * address leaves through a link.
 */
export function forAudience(audit: AuditEntry[], audience: Audience): AuditEntry[] {
  if (!audience.visitor) return audit;
  return audit.map((entry) => ({
    ...entry,
    user: entry.user ? { id: entry.user.id, email: null, name: entry.user.name } : null,
  }));
}

/** Who made an injection, as a report names them (a visitor: no address). */
export interface Operator {
  id: number;
  email: string | null;
  name: string | null;
}

/**
 * A visitor's report prints each signer's name as signed (§11.50), but never an address: a signature made
 * before its signer gave a full name carries the address as its name and prints as the user number.
 */
export function reviewFor(review: Review, audience: Audience): Review {
  if (!audience.visitor) return review;
  return {
    ...review,
    signatures: review.signatures.map((signature) => ({
      ...signature,
      signer: {
        id: signature.signer.id,
        name:
          signature.signer.name === signature.signer.email || signature.signer.name.includes('@')
            ? `User ${signature.signer.id}`
            : signature.signer.name,
        email: '',
      },
    })),
  };
}

/** The instrument a report prints, without its secrets. */
export async function instrumentOf(samples: SamplesRepository, workspaceId: number, deviceId: number | null) {
  if (deviceId === null) return null;
  const device = await samples.device(workspaceId, deviceId);
  if (!device) return null;
  const { pairing_code_hash: _pairing, credential_hash: _credential, wifi: _wifi, ...rest } = device;
  return rest;
}
