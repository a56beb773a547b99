// Manual integration over REST: a measurement's result versions, a batch of changes previewed or saved
// with one reason; the audit entries of those results through GraphQL.
import type {
  AuditedPeak,
  IntegrationEdit,
  IntegrationPreview,
  ProcessingResult,
  ResultVersions,
} from '@eluent/contracts';
import { graphql } from '../../api/client.ts';
import { call } from '../sequences/sequencesApi.ts';

/** One result version as the integration panel reads it (REST type of packages/contracts). */
export type ResultVersion = ProcessingResult;
export type { ResultVersions };

export interface AuditEntry {
  id: number;
  at: string;
  entity_id: string;
  action: string;
  reason: string | null;
  old_values: { result_id?: number; peaks?: AuditPeak[] } | null;
  new_values: { result_id?: number; peaks?: AuditPeak[]; unit?: string | null } | null;
}

export type AuditPeak = AuditedPeak;

export const fetchResultVersions = (measurementId: number) =>
  call<ResultVersions>('GET', `/api/measurements/${measurementId}/results/`);

/** The peaks a batch of changes would store, measured on the server and not saved. */
export const previewIntegration = (resultId: number, edits: readonly IntegrationEdit[]) =>
  call<IntegrationPreview>('POST', `/api/results/${resultId}/integration/preview/`, { edits });

/** A batch of changes saved with one reason as one new result version. */
export const saveIntegration = (resultId: number, edits: readonly IntegrationEdit[], reason: string) =>
  call<ResultVersion>('POST', `/api/results/${resultId}/integration/batch/`, { edits, reason });

const AUDIT = `query IntegrationAudit($ids: [String!]) {
  auditEvents(where: { entity: { _eq: "processing_results" }, entity_id: { _in: $ids } }, order_by: [{ id: desc }]) {
    id at entity_id action reason old_values new_values
  }
}`;

export async function fetchIntegrationAudit(resultIds: readonly number[]): Promise<AuditEntry[]> {
  if (resultIds.length === 0) return [];
  const data = await graphql.query<{ auditEvents: AuditEntry[] }>(AUDIT, { ids: resultIds.map(String) });
  return data.auditEvents.filter((entry) => entry.action.startsWith('integration_'));
}
