// Manual integration over REST: a measurement's result versions, a batch of changes previewed or saved
// with one reason; the audit entries of those results through GraphQL.
import { integrationPreviewSchema, processingResultSchema, resultVersionsSchema } from '@eluent/contracts';
import {
  INTEGRATION_AUDIT,
  integrationAuditValuesSchema,
  type AuditedPeak,
  type IntegrationAuditQuery,
  type IntegrationAuditValues,
  type IntegrationEdit,
  type ProcessingResult,
  type ResultVersions,
} from '@eluent/contracts';
import { graphql } from '../../api/client.ts';
import { parseAnswer } from '../../api/parse.ts';
import { call } from '../sequences/sequencesApi.ts';

/** One result version as the integration panel reads it (REST type of packages/contracts). */
export type ResultVersion = ProcessingResult;
export type { ResultVersions };

/**
 * A manual integration's audit row (GraphQL `auditEvents`, its generated type), the jsonb values read with
 * the contracts' schema; not the readable `AuditEntry` of the REST audit trail.
 */
export type IntegrationAuditEntry = Omit<
  IntegrationAuditQuery['auditEvents'][number],
  'old_values' | 'new_values'
> & { old_values: IntegrationAuditValues; new_values: IntegrationAuditValues };

export type AuditPeak = AuditedPeak;

export const fetchResultVersions = (measurementId: number) =>
  call(resultVersionsSchema, 'GET', `/api/measurements/${measurementId}/results/`);

/** The peaks a batch of changes would store, measured on the server and not saved. */
export const previewIntegration = (resultId: number, edits: readonly IntegrationEdit[]) =>
  call(integrationPreviewSchema, 'POST', `/api/results/${resultId}/integration/preview/`, { edits });

/** A batch of changes saved with one reason as one new result version. */
export const saveIntegration = (resultId: number, edits: readonly IntegrationEdit[], reason: string) =>
  call(processingResultSchema, 'POST', `/api/results/${resultId}/integration/batch/`, { edits, reason });

export async function fetchIntegrationAudit(resultIds: readonly number[]): Promise<IntegrationAuditEntry[]> {
  if (resultIds.length === 0) return [];
  const data = await graphql.query(INTEGRATION_AUDIT, { ids: resultIds.map(String) });
  return data.auditEvents
    .filter((entry) => entry.action.startsWith('integration_'))
    .map((entry) => ({
      ...entry,
      old_values: parseAnswer(integrationAuditValuesSchema, entry.old_values, 'audit entry'),
      new_values: parseAnswer(integrationAuditValuesSchema, entry.new_values, 'audit entry'),
    }));
}
