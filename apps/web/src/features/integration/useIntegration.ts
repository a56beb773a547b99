// Which result version the viewer shows (automatic or manual), and applying one manual edit to it.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IntegrationEdit } from '@eluent/contracts';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import {
  editIntegration,
  fetchIntegrationAudit,
  fetchResultVersions,
  type ResultVersion,
} from './integrationApi.ts';

export type IntegrationView = 'automatic' | 'manual';

const newest = (results: readonly ResultVersion[], kind: IntegrationView) =>
  results.filter((result) => result.kind === kind).at(-1) ?? null;

export function useIntegration(measurementId: number) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<IntegrationView | null>(null);
  const versions = useQuery({
    queryKey: ['result-versions', measurementId],
    queryFn: () => fetchResultVersions(measurementId),
  });
  const results = versions.data?.results ?? [];
  const current = results.find((result) => result.id === versions.data?.current_result_id) ?? results.at(-1);
  const view: IntegrationView = chosen ?? current?.kind ?? 'automatic';
  const shown = newest(results, view) ?? current ?? null;
  const audit = useQuery({
    queryKey: ['integration-audit', measurementId, results.map((r) => r.id).join(',')],
    queryFn: () => fetchIntegrationAudit(results.map((r) => r.id)),
    enabled: results.length > 0,
  });
  const edit = useMutation({
    mutationFn: ({ change, reason }: { change: IntegrationEdit; reason: string }) => {
      if (!shown) throw new Error('No result to integrate');
      return editIntegration(shown.id, change, reason);
    },
    onSuccess: async () => {
      setChosen('manual');
      notifySuccess('Manual integration saved');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['result-versions', measurementId] }),
        queryClient.invalidateQueries({ queryKey: ['measurement', measurementId] }),
      ]);
    },
    onError: (error) => notifyError(error.message),
  });
  return {
    loading: versions.isPending,
    error: versions.error,
    hasManual: results.some((result) => result.kind === 'manual'),
    hasAutomatic: results.some((result) => result.kind === 'automatic'),
    view,
    setView: setChosen,
    shown,
    audit: audit.data ?? [],
    apply: edit.mutateAsync,
    applying: edit.isPending,
  };
}

export type IntegrationState = ReturnType<typeof useIntegration>;
