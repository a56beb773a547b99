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
  type Choices,
} from './sequencesApi.ts';
import { StateBadge } from './stateBadge.tsx';
import { useSequenceLive } from './useSequenceLive.ts';
import { useCan } from '../workspaces/usePrivileges.ts';
import { MethodChoiceField, TemplateChoiceField } from './SequenceChoiceFields.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { LoadFailure, LoadingSkeleton } from '../../components/QueryState.tsx';

export function SequencePage() {
  const id = Number(useParams().id);
  const [sharing, setSharing] = useState(false);
  const can = useCan();
  const sequence = useQuery({ queryKey: ['sequence', id], queryFn: () => fetchSequence(id) });
  const results = useQuery({ queryKey: ['sequence-results', id], queryFn: () => fetchSequenceResults(id) });
  const choices = useQuery({ queryKey: ['sequence-choices'], queryFn: fetchChoices });
  const samples = useQuery({ queryKey: ['samples'], queryFn: fetchAllSamples });
  const live = useSequenceLive(sequence.data);
  const report = useReport();
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteSequence(id);
  const data = sequence.data;
  const device = choices.data?.devices.find((d) => d.id === data?.device_id);
  const active = data?.state === 'RUNNING' || data?.state === 'PAUSED';
  const activeDraftId = data && active ? (live.progress?.current_draft_id ?? data.current_draft_id) : null;
  const signed = data?.lock?.code === 'record_signed_locked';
  const editable = can('sequences.update') && !signed;
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
              <SequenceActions
                sequence={data}
                reporting={report.isPending}
                onReport={() => report.mutate({ kind: 'sequence', id })}
                onShare={() => setSharing(true)}
                deleting={remove.isPending}
                onDelete={can('sequences.delete') ? () => setDeleting(true) : null}
              />
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
          <SequenceSettings
            sequence={data}
            choices={choices.data}
            disabled={active || !editable}
            hint={signed ? 'Signed: kept as signed.' : active ? RUNNING_HINT : undefined}
          />
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

/** Opens a report of a sequence or an injection in a new tab. */
function useReport() {
  const userId = useSessionUser()?.user_id ?? null;
  const can = useCan();
  return useMutation({
    mutationFn: (target: { kind: 'injection' | 'sequence'; id: number }) =>
      // Issued with the workspace's next report number (docs/signatures.md "Record numbers"); a role that
      // issues nothing (reviewer, auditor) reads the same report unnumbered.
      call(reportSchema, can('reports.issue') ? 'POST' : 'GET', `/api/reports/${target.kind}/${target.id}/`),
    onSuccess: (data) => openReport(storage, userId, data),
    onError: (error) => notifyError(error.message),
  });
}

/** Deletes the sequence, then returns to the list. */
function useDeleteSequence(id: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => deleteSequence(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['sequences'] });
      void navigate('/app/sequences/');
    },
    onError: (error) => notifyError(error.message),
  });
}

const RUNNING_HINT = 'Kept while the sequence runs; stop it to change.';

interface SequenceActionsProps {
  sequence: Sequence;
  reporting: boolean;
  onReport: () => void;
  onShare: () => void;
  deleting: boolean;
  /** Null when the role may not delete sequences: no Delete button. */
  onDelete: (() => void) | null;
}

function SequenceActions({
  sequence,
  reporting,
  onReport,
  onShare,
  deleting,
  onDelete,
}: SequenceActionsProps) {
  return (
    <>
      <button type="button" className="button button--secondary" disabled={reporting} onClick={onReport}>
        <Icon name="print" /> Sequence report
      </button>
      <button type="button" className="button button--secondary" onClick={onShare}>
        <Icon name="share" /> Share
      </button>
      {onDelete && (
        <button
          type="button"
          className="button button--secondary"
          disabled={sequence.lock !== null || deleting}
          title={sequence.lock?.detail}
          aria-label="Delete sequence"
          onClick={onDelete}
        >
          <Icon name="delete" /> Delete
        </button>
      )}
    </>
  );
}

interface SequenceSettingsProps {
  sequence: Sequence;
  choices: Choices | undefined;
  disabled: boolean;
  /** Why the settings cannot be changed now (signed, running). */
  hint: string | undefined;
}

/** The sequence's method and template, saved as soon as one is chosen. */
function SequenceSettings({ sequence, choices, disabled, hint }: SequenceSettingsProps) {
  const queryClient = useQueryClient();
  const settings = useMutation({
    mutationFn: (body: Parameters<typeof updateSequence>[1]) => updateSequence(sequence.id, body),
    onSuccess: (updated) => queryClient.setQueryData(['sequence', sequence.id], updated),
    onError: (error) => notifyError(error.message),
  });
  return (
    <div className="sequence-settings card">
      <MethodChoiceField
        id="sequence-method-setting"
        label="Sequence method"
        value={sequence.method_id === null ? '' : String(sequence.method_id)}
        methods={choices?.methods ?? []}
        onChange={(value) => settings.mutate({ method_id: value ? Number(value) : null })}
        disabled={disabled}
        hint={hint}
      />
      <TemplateChoiceField
        id="sequence-template-setting"
        value={sequence.template_uuid ?? ''}
        templates={choices?.templates ?? []}
        onChange={(value) => settings.mutate({ template_uuid: value || null })}
        disabled={disabled}
        hint={hint}
      />
      <PinnedVersions sequence={sequence} />
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
