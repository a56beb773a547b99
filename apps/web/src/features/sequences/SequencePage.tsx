// One sequence: settings, the table, run controls with live progress, results, calibration, reprocessing,
// reports and share links. A signed (or running) sequence shows why it is locked and offers no edit or delete.
import { reportSchema } from '@eluent/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Sequence } from '@eluent/contracts';
import { storage } from '../../api/client.ts';
import { Icon } from '../../components/Icon.tsx';
import { LockNotice } from '../../components/LockNotice.tsx';
import { ConfirmDialog } from '../../components/Modal.tsx';
import { formatDateTime } from '../../lib/time.ts';
import { notifyError } from '../../lib/toast.ts';
import { useSessionUser } from '../../lib/useSession.ts';
import { openReport } from '../../print/reportStorage.ts';
import { AuditPanel } from '../audit/AuditPanel.tsx';
import { CalibrationSection } from './CalibrationSection.tsx';
import { ReprocessPanel } from './ReprocessPanel.tsx';
import { ReplicatesSection } from './ReplicatesSection.tsx';
import { SuitabilitySection } from './SuitabilitySection.tsx';
import { ReviewPanel } from '../review/ReviewPanel.tsx';
import { ResultsSection } from './ResultsSection.tsx';
import { RunPanel } from './RunPanel.tsx';
import { SequenceTable } from './SequenceTable.tsx';
import { ShareDialog } from '../sharing/ShareDialog.tsx';
import {
  call,
  deleteSequence,
  fetchAllSamples,
  fetchChoices,
  fetchSequence,
  fetchSequenceResults,
  updateSequence,
} from './sequencesApi.ts';
import { StateBadge } from './stateBadge.tsx';
import { useSequenceLive } from './useSequenceLive.ts';
import { useCan } from '../workspaces/usePrivileges.ts';
import { MethodChoiceField, TemplateChoiceField } from './SequenceChoiceFields.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { LoadFailure, LoadingSkeleton } from '../../components/QueryState.tsx';

export function SequencePage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const userId = useSessionUser()?.user_id ?? null;
  const [sharing, setSharing] = useState(false);
  const can = useCan();
  const sequence = useQuery({ queryKey: ['sequence', id], queryFn: () => fetchSequence(id) });
  const results = useQuery({ queryKey: ['sequence-results', id], queryFn: () => fetchSequenceResults(id) });
  const choices = useQuery({ queryKey: ['sequence-choices'], queryFn: fetchChoices });
  const samples = useQuery({ queryKey: ['samples'], queryFn: fetchAllSamples });
  const live = useSequenceLive(sequence.data);
  const settings = useMutation({
    mutationFn: (body: Parameters<typeof updateSequence>[1]) => updateSequence(id, body),
    onSuccess: (updated) => queryClient.setQueryData(['sequence', id], updated),
    onError: (error) => notifyError(error.message),
  });
  const report = useMutation({
    mutationFn: (target: { kind: 'injection' | 'sequence'; id: number }) =>
      // Issued with the workspace's next report number (docs/signatures.md "Record numbers"); a role that
      // issues nothing (reviewer, auditor) reads the same report unnumbered.
      call(reportSchema, can('reports.issue') ? 'POST' : 'GET', `/api/reports/${target.kind}/${target.id}/`),
    onSuccess: (data) => openReport(storage, userId, data),
    onError: (error) => notifyError(error.message),
  });
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteSequence(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['sequences'] });
      void navigate('/app/sequences/');
    },
    onError: (error) => notifyError(error.message),
  });
  const data = sequence.data;
  const device = choices.data?.devices.find((d) => d.id === data?.device_id);
  const active = data?.state === 'RUNNING' || data?.state === 'PAUSED';
  const activeDraftId = data && active ? (live.progress?.current_draft_id ?? data.current_draft_id) : null;
  const signed = data?.lock?.code === 'record_signed_locked';
  const editable = can('sequences.update') && !signed;
  const settingsHint = signed
    ? 'Signed: kept as signed.'
    : active
      ? 'Kept while the sequence runs; stop it to change.'
      : undefined;
  return (
    <div className="cabinet__content cabinet__content--wide">
      <Link to="/app/sequences/" className="back-link">
        <Icon name="arrow_back" /> Sequences
      </Link>
      {sequence.isError && <LoadFailure error={sequence.error} onRetry={() => void sequence.refetch()} />}
      {sequence.isPending && <LoadingSkeleton label="the sequence" rows={6} />}
      {data && (
        <>
          <PageHead
            title={
              <>
                {data.name} <StateBadge state={data.state} />
              </>
            }
            lead={
              <>
                #{data.id} · {device?.name ?? 'Instrument'}
                {device?.installed_column?.name ? ` · column ${device.installed_column.name}` : ''} · created{' '}
                {formatDateTime(data.created_at)}
                {data.finished_at ? ` · finished ${formatDateTime(data.finished_at)}` : ''}
              </>
            }
            actions={
              <>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={report.isPending}
                  onClick={() => report.mutate({ kind: 'sequence', id })}
                >
                  <Icon name="print" /> Sequence report
                </button>
                <button type="button" className="button button--secondary" onClick={() => setSharing(true)}>
                  <Icon name="share" /> Share
                </button>
                {can('sequences.delete') && (
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={data.lock !== null || remove.isPending}
                    title={data.lock?.detail}
                    aria-label="Delete sequence"
                    onClick={() => setDeleting(true)}
                  >
                    <Icon name="delete" /> Delete
                  </button>
                )}
              </>
            }
          />
          {data.lock && (
            <LockNotice
              lock={data.lock}
              hint={
                signed
                  ? 'Reprocessing makes a new result version, which needs signatures of its own.'
                  : undefined
              }
            />
          )}
          <ConfirmDialog
            open={deleting}
            title={`Delete ${data.name}?`}
            confirmLabel="Delete"
            onConfirm={() => remove.mutate()}
            onClose={() => setDeleting(false)}
          >
            <p>The sequence and its table are removed; its record number stays in the register.</p>
          </ConfirmDialog>
          <div className="sequence-settings card">
            <MethodChoiceField
              id="sequence-method-setting"
              label="Sequence method"
              value={data.method_id === null ? '' : String(data.method_id)}
              methods={choices.data?.methods ?? []}
              onChange={(value) => settings.mutate({ method_id: value ? Number(value) : null })}
              disabled={active || !editable}
              hint={settingsHint}
            />
            <TemplateChoiceField
              id="sequence-template-setting"
              value={data.template_uuid ?? ''}
              templates={choices.data?.templates ?? []}
              onChange={(value) => settings.mutate({ template_uuid: value || null })}
              disabled={active || !editable}
              hint={settingsHint}
            />
            <PinnedVersions sequence={data} />
          </div>
          <RunPanel
            sequence={data}
            progress={live.progress}
            signal={live.signal}
            samples={samples.data ?? []}
          />
          <SequenceTable
            sequence={data}
            samples={samples.data ?? []}
            methods={choices.data?.methods ?? []}
            activeDraftId={activeDraftId}
          />
          <ResultsSection
            sequence={data}
            injections={results.data?.injections ?? []}
            calibrations={results.data?.calibrations ?? []}
            onInjectionReport={(injectionId) => report.mutate({ kind: 'injection', id: injectionId })}
          />
          <ReplicatesSection replicates={results.data?.replicates ?? []} />
          <SuitabilitySection suitability={results.data?.suitability ?? []} />
          <CalibrationSection calibrations={results.data?.calibrations ?? []} />
          <ReviewPanel
            subject={{ kind: 'sequences', id }}
            resultsKey={(results.data?.injections ?? [])
              .map((injection) => `${injection.result?.id ?? ''}`)
              .join(',')}
          />
          {can('results.process') && (
            <ReprocessPanel sequence={data} templates={choices.data?.templates ?? []} />
          )}
          <AuditPanel kind="sequences" id={id} />
          <ShareDialog
            target={{ type: 'sequence', id, label: data.name }}
            open={sharing}
            onClose={() => setSharing(false)}
          />
        </>
      )}
    </div>
  );
}

/**
 * The versions of its method and template the sequence uses (docs/signatures.md "Versions of methods and
 * templates"): a signed or running sequence keeps them whatever is saved later.
 */
function PinnedVersions({ sequence }: { sequence: Sequence }) {
  const parts = [
    sequence.method_id !== null && sequence.method_version !== null
      ? `method version ${sequence.method_version}`
      : null,
    sequence.template_uuid !== null && sequence.template_version !== null
      ? `template version ${sequence.template_version}`
      : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  return (
    <p className="sequence-settings__versions" aria-label="Pinned versions">
      Uses {parts.join(' · ')}
    </p>
  );
}
