// Which result version the viewer shows (automatic or manual), and the audit trail of those versions.
// Changes are made on the plot (usePeakEditor).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchIntegrationAudit, fetchResultVersions, type ResultVersion } from './integrationApi.ts';

export type IntegrationView = 'automatic' | 'manual';

const newest = (results: readonly ResultVersion[], kind: IntegrationView) =>
  results.filter((result) => result.kind === kind).at(-1) ?? null;

export function useIntegration(measurementId: number) {
  const [chosen, setChosen] = useState<IntegrationView | null>(null);
  const versions = useQuery({
    queryKey: ['result-versions', measurementId],
    queryFn: () => fetchResultVersions(measurementId),
  });
  const results = versions.data?.results ?? [];
  const current = results.find((result) => result.id === versions.data?.current_result_id) ?? results.at(-1);
  const view: IntegrationView = chosen ?? current?.kind ?? 'automatic';
  // The current version (picked, or the newest) when it is of the kind shown; else the newest of that kind.
  const shown = (current?.kind === view ? current : newest(results, view)) ?? current ?? null;
  const audit = useQuery({
    queryKey: ['integration-audit', measurementId, results.map((r) => r.id).join(',')],
    queryFn: () => fetchIntegrationAudit(results.map((r) => r.id)),
    enabled: results.length > 0,
  });
  return {
    versions: versions.data,
    loading: versions.isPending,
    error: versions.error,
    hasManual: results.some((result) => result.kind === 'manual'),
    hasAutomatic: results.some((result) => result.kind === 'automatic'),
    view,
    setView: setChosen,
    shown,
    audit: audit.data ?? [],
  };
}

export type IntegrationState = ReturnType<typeof useIntegration>;
