// Results per injection: sample, state, peaks with amounts and system suitability (plates, tailing,
// resolution, S/N); the server's CSV of the whole table; the injection report, chromatogram and share link
// of each.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../api/download.ts';
import { Icon } from '../../components/Icon.tsx';
import { ShareDialog } from '../sharing/ShareDialog.tsx';
import type { ShareTarget } from '../sharing/shareTargets.ts';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { retentionTimesFromStandard } from '../templates/componentsApi.ts';
import { useCan } from '../workspaces/usePrivileges.ts';
import type { Calibration, InjectionResult, Sequence } from './sequencesApi.ts';
import { InjectionResultRow } from './InjectionResultRow.tsx';

interface Props {
  sequence: Sequence;
  injections: InjectionResult[];
  /** The sequence's curves: a calibrating standard's amounts are read back through them. */
  calibrations: readonly Calibration[];
  onInjectionReport: (injectionId: number) => void;
}

export function ResultsSection({ sequence, injections, calibrations, onInjectionReport }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const [sharing, setSharing] = useState<ShareTarget | null>(null);
  const queryClient = useQueryClient();
  const can = useCan();
  const updateTimes = useMutation({
    mutationFn: (measurementId: number) => retentionTimesFromStandard(sequence.template_uuid!, measurementId),
    onSuccess: async (answer) => {
      notifySuccess(
        answer.updated.length > 0
          ? `Retention times updated: ${answer.updated.join(', ')}. Reprocess to apply them.`
          : 'The retention times already match this standard.',
      );
      await queryClient.invalidateQueries({ queryKey: ['template-components', sequence.template_uuid] });
    },
    onError: (error) => notifyError(error.message),
  });
  return (
    <section className="card sequence-section" aria-label="Results">
      <div className="sequence-section__head">
        <h2>Results</h2>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={injections.length === 0}
          onClick={() =>
            void downloadFile(
              `/api/sequences/${sequence.id}/results/?format=csv`,
              `sequence-${sequence.id}-results.csv`,
            )
          }
        >
          <Icon name="download" /> CSV
        </button>
      </div>
      {injections.length === 0 ? (
        <p className="sequence-section__hint">No injections yet. Results appear here as each one finishes.</p>
      ) : (
        <div className="table-scroll">
          <table className="list-table results-table" aria-label="Injection results">
            <thead>
              <tr>
                <th>Injection</th>
                <th>Sample</th>
                <th>Vial</th>
                <th>Rep.</th>
                <th>State</th>
                <th className="list-table__number">Peaks</th>
                <th>Amounts</th>
                <th>SST</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {injections.map((injection) => (
                <InjectionResultRow
                  key={injection.injection_id}
                  injection={injection}
                  calibrations={calibrations}
                  expanded={open === injection.injection_id}
                  onToggle={() => setOpen(open === injection.injection_id ? null : injection.injection_id)}
                  onUpdateTimes={
                    injection.sample?.type === 'standard' && can('templates.update')
                      ? () => updateTimes.mutate(injection.measurement_id)
                      : null
                  }
                  templateUuid={sequence.template_uuid}
                  updatingTimes={updateTimes.isPending}
                  onReport={() => onInjectionReport(injection.injection_id)}
                  onShare={() =>
                    setSharing({
                      type: 'injection',
                      id: injection.injection_id,
                      label: `#${injection.injection_id}`,
                    })
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {sharing && <ShareDialog target={sharing} open onClose={() => setSharing(null)} />}
    </section>
  );
}
