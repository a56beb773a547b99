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
import { idleRunText, runButtons } from './runStatus.ts';
import { useCan } from '../workspaces/usePrivileges.ts';
import { controlSequence, type RunAction, type Sample, type Sequence } from './sequencesApi.ts';

interface Props {
  sequence: Sequence;
  progress: SequenceProgressEvent | null;
  signal: LiveSignal | null;
  samples: Sample[];
}

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
          {runButtons(state, mayRun, interruption !== null).map((item) => (
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
      <RunStatus
        sequence={sequence}
        current={current}
        rowIndex={rowIndex}
        rowSample={rowSample}
        running={running}
      />
      <StopDialog
        open={confirmingStop}
        onClose={() => setConfirmingStop(false)}
        onStop={() => {
          setConfirmingStop(false);
          control.mutate('stop');
        }}
      />
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

interface RunStatusProps {
  sequence: Sequence;
  /** The progress of this sequence's run, when one has been heard. */
  current: SequenceProgressEvent | null;
  /** The running row's index in table order; -1 before the instrument took one. */
  rowIndex: number;
  rowSample: Sample | undefined;
  running: boolean;
}

function RunStatus({ sequence, current, rowIndex, rowSample, running }: RunStatusProps) {
  const total = current?.total_injections ?? 0;
  const done = current?.completed_injections ?? 0;
  return (
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
        <p className="sequence-section__hint">{idleRunText(sequence.state, sequence.error_code)}</p>
      )}
    </div>
  );
}

function StopDialog({ open, onClose, onStop }: { open: boolean; onClose: () => void; onStop: () => void }) {
  return (
    <Dialog
      open={open}
      title="Stop the sequence?"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Keep running
          </button>
          <button type="button" className="button" onClick={onStop}>
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
  );
}
