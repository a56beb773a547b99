// Run controls (start, pause, resume, stop after a confirmation), the choice after an interrupted injection
// (continue with the next row, run the row again, stop), live progress and the running chromatogram.
import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SequenceProgressEvent } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { Dialog } from '../../components/Modal.tsx';
import { notifyError } from '../../lib/toast.ts';
import { ChromatogramPlot } from '../../plot/ChromatogramPlot.tsx';
import { InterruptionPanel } from './InterruptionPanel.tsx';
import type { LiveSignal } from './liveSignal.ts';
import { sequenceErrorText } from './sequenceErrors.ts';
import { useCan } from '../workspaces/usePrivileges.ts';
import { controlSequence, type RunAction, type Sample, type Sequence } from './sequencesApi.ts';

interface Props {
  sequence: Sequence;
  progress: SequenceProgressEvent | null;
  signal: LiveSignal | null;
  samples: Sample[];
}

// A FINISHED run is a record: it is not started again from here (docs/sequences.md "Runs are protected").
const actions: Array<{ action: RunAction; label: string; icon: string; when: Sequence['state'][] }> = [
  { action: 'start', label: 'Start', icon: 'play_arrow', when: ['NEW', 'STOPPED', 'ERROR'] },
  { action: 'pause', label: 'Pause', icon: 'pause', when: ['RUNNING'] },
  { action: 'resume', label: 'Resume', icon: 'play_arrow', when: ['PAUSED'] },
  { action: 'stop', label: 'Stop', icon: 'stop', when: ['RUNNING', 'PAUSED'] },
];

export function RunPanel({ sequence, progress, signal, samples }: Props) {
  const queryClient = useQueryClient();
  const [confirmingStop, setConfirmingStop] = useState(false);
  const mayRun = useCan()('sequences.run');
  const control = useMutation({
    mutationFn: (action: RunAction) => controlSequence(sequence.id, action),
    onSuccess: (updated) => {
      queryClient.setQueryData(['sequence', sequence.id], updated);
      // Saved, but the instrument did not confirm: the user must check it (the server's catalogue text).
      if (updated.instrument_warning) notifyError(updated.instrument_warning.detail);
    },
    onError: (error) => notifyError(error.message),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['sequence', sequence.id] });
      void queryClient.invalidateQueries({ queryKey: ['sequence-results', sequence.id] });
    },
  });
  const run = (action: RunAction) => {
    if (action === 'stop') setConfirmingStop(true);
    else control.mutate(action);
  };
  const interruption = sequence.state === 'PAUSED' ? sequence.interruption : null;
  const state = sequence.state;
  const current = progress && progress.sequence_id === sequence.id ? progress : null;
  const draftId = current?.current_draft_id ?? sequence.current_draft_id;
  const drafts = [...sequence.drafts].sort((a, b) => a.position - b.position || a.id - b.id);
  const rowIndex = drafts.findIndex((d) => d.id === draftId);
  const rowSample = samples.find((s) => s.id === drafts[rowIndex]?.sample_id);
  const total = current?.total_injections ?? 0;
  const done = current?.completed_injections ?? 0;
  const series = useMemo(
    () =>
      signal && signal.timeSec.length > 1
        ? [
            {
              id: `live:${signal.measurementId}`,
              label: 'Live',
              timeSec: signal.timeSec,
              values: signal.values,
            },
          ]
        : [],
    [signal],
  );
  const running = state === 'RUNNING' || state === 'PAUSED';
  return (
    <section className="card sequence-section" aria-label="Run">
      <div className="sequence-section__head">
        <h2>Run</h2>
        <div className="run-controls">
          {actions
            .filter((item) => mayRun && item.when.includes(state))
            // After an interruption the panel below offers the choices; a plain resume would not say which.
            .filter((item) => !(interruption && item.action === 'resume'))
            .map((item) => (
              <button
                key={item.action}
                type="button"
                className={item.action === 'stop' ? 'button button--secondary' : 'button'}
                disabled={control.isPending}
                onClick={() => run(item.action)}
              >
                <Icon name={item.icon} /> {item.label}
              </button>
            ))}
        </div>
      </div>
      {interruption && (
        <InterruptionPanel
          interruption={interruption}
          drafts={drafts}
          samples={samples}
          pending={control.isPending}
          onChoose={run}
        />
      )}
      <div className="run-status" role="status" aria-label="Run progress">
        {running || current ? (
          <>
            <p>
              {rowIndex >= 0 ? (
                <>
                  Row <strong>{rowIndex + 1}</strong>
                  {rowSample ? ` · ${rowSample.name}` : ''}
                </>
              ) : (
                'Waiting for the instrument'
              )}
              {current?.current_injection_id ? ` · injection #${current.current_injection_id}` : ''}
              {total > 0 && (
                <span className="run-status__count">
                  {' '}
                  · {done} of {total} injections done
                </span>
              )}
            </p>
            {total > 0 && (
              <div className="progress" aria-label="Injections done">
                <div className="progress__bar" style={{ width: `${(100 * done) / total}%` }} />
              </div>
            )}
          </>
        ) : (
          <p className="sequence-section__hint">
            {state === 'NEW'
              ? 'Not started yet.'
              : state === 'ERROR'
                ? `Stopped with an error${sequence.error_code ? `: ${sequenceErrorText(sequence.error_code)}` : '.'}`
                : `The run is ${state.toLowerCase()}.`}
          </p>
        )}
      </div>
      <Dialog
        open={confirmingStop}
        title="Stop the sequence?"
        onClose={() => setConfirmingStop(false)}
        footer={
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setConfirmingStop(false)}
            >
              Keep running
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setConfirmingStop(false);
                control.mutate('stop');
              }}
            >
              <Icon name="stop" /> Stop sequence
            </button>
          </>
        }
      >
        <p>
          The current injection stops and the remaining rows do not run. Injections already run keep their
          points and results.
        </p>
      </Dialog>
      {series.length > 0 && (
        <div className="live-plot" data-live-points={signal?.timeSec.length ?? 0}>
          <h3>
            {signal?.finished || !running ? 'Last injection' : 'Live chromatogram'}{' '}
            <span className="sequence-section__hint">measurement #{signal?.measurementId}</span>
          </h3>
          <ChromatogramPlot
            label="Live chromatogram"
            series={series}
            unit={signal?.unit ?? ''}
            height={260}
          />
        </div>
      )}
    </section>
  );
}
