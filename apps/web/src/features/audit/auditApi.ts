// The audit trail over REST (docs/audit.md): an object's trail, the filtered trail in pages, its CSV file,
// the filter words and the verification of the hash chain. Entries arrive readable; the page shows them.
import {
  auditChainStatusSchema,
  auditFiltersSchema,
  auditPageSchema,
  auditTrailSchema,
} from '@eluent/contracts';
import type { AuditObjectKind } from '@eluent/contracts';
import { downloadFile } from '../../api/download.ts';
import { call } from '../sequences/sequencesApi.ts';

export type { AuditChange, AuditEntry, AuditObjectKind } from '@eluent/contracts';

export interface AuditFilterValues {
  entity: string;
  action: string;
  /** Local date-time of the form's inputs (yyyy-mm-ddThh:mm); sent as UTC. */
  from: string;
  to: string;
  text: string;
}

export const noFilters: AuditFilterValues = { entity: '', action: '', from: '', to: '', text: '' };

/** The query string of a filtered search, with local times sent as UTC instants. */
export function auditQuery(filters: AuditFilterValues, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  if (filters.entity) params.set('entity', filters.entity);
  if (filters.action) params.set('action', filters.action);
  if (filters.text.trim()) params.set('text', filters.text.trim());
  for (const key of ['from', 'to'] as const) {
    const value = filters[key];
    const date = value ? new Date(value) : null;
    if (date && !Number.isNaN(date.getTime())) params.set(key, date.toISOString());
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  return params.toString();
}

export const fetchObjectTrail = (kind: AuditObjectKind, id: number) =>
  call(auditTrailSchema, 'GET', `/api/audit/${kind}/${id}/`);

export const fetchAuditPage = (filters: AuditFilterValues, offset: number, limit: number) =>
  call(auditPageSchema, 'GET', `/api/audit/?${auditQuery(filters, { offset, limit })}`);

export const fetchAuditFilters = () => call(auditFiltersSchema, 'GET', '/api/audit/filters/');

export const fetchChainStatus = () => call(auditChainStatusSchema, 'GET', '/api/audit/verification/');

export const downloadAuditCsv = (filters: AuditFilterValues) =>
  downloadFile(`/api/audit/?${auditQuery(filters, { format: 'csv' })}`, 'audit-trail.csv');
