// The choice after an interrupted injection (docs/sequences.md "Interrupted injections"): the injection is
// kept with its points and the reason; the run continues with the next row, runs the row again, or stops.
import { Icon } from '../../components/Icon.tsx';
import { catalogueText } from './catalogue.ts';
import { useCan } from '../workspaces/usePrivileges.ts';
import type { Draft, Interruption, RunAction, Sample } from './sequencesApi.ts';

interface Props {
  interruption: Interruption;
  drafts: Draft[];
  samples: Sample[];
  pending: boolean;
  onChoose: (action: RunAction) => void;
}

export function InterruptionPanel({ interruption, drafts, samples, pending, onChoose }: Props) {
  const rowIndex = drafts.findIndex((d) => d.id === interruption.draft_id);
  const sample = samples.find((s) => s.id === drafts[rowIndex]?.sample_id);
  const mayRun = useCan()('sequences.run');
  const reason = interruption.detail ?? (interruption.reason ? catalogueText(interruption.reason) : '');
  return (
    <div className="interruption" role="region" aria-label="Interrupted injection">
      <p className="interruption__title">
        <Icon name="warning" /> Injection #{interruption.injection_id} was interrupted
      </p>
      <p>
        {rowIndex >= 0 ? `Row ${rowIndex + 1}` : 'A row'}
        {sample ? ` · ${sample.name}` : ''} · injection {interruption.replicate}.{' '}
        <span className="interruption__reason">{reason}</span> It is kept with its {interruption.points_count}{' '}
        points.
      </p>
      {mayRun && (
        <div className="interruption__actions">
          <button type="button" className="button" disabled={pending} onClick={() => onChoose('continue')}>
            <Icon name="skip_next" /> Continue with the next row
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={pending}
            onClick={() => onChoose('requeue')}
          >
            <Icon name="replay" /> Run the row again
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={pending}
            onClick={() => onChoose('stop')}
          >
            <Icon name="stop" /> Stop
          </button>
        </div>
      )}
    </div>
  );
}
