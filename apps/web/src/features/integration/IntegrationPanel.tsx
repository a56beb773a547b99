// Manual integration beside the automatic result: choose a peak and an operation (move start/end, split,
// merge with the next peak, delete, add a range), give the reason, apply; the audit trail below.
import { useEffect, useState, type FormEvent } from 'react';
import type { IntegrationEdit } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { AuditList } from './AuditList.tsx';
import type { IntegrationState } from './useIntegration.ts';
import './integration.css';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

type Operation = IntegrationEdit['operation'];

const operations: Array<{ key: Operation; label: string }> = [
  { key: 'move', label: 'Move start/end' },
  { key: 'split', label: 'Split' },
  { key: 'merge', label: 'Merge with next' },
  { key: 'delete', label: 'Delete' },
  { key: 'add', label: 'Add peak' },
];

const minutes = (sec: number | undefined) => (sec === undefined ? '' : (sec / 60).toFixed(4));
const seconds = (text: string) => Number(text) * 60;

interface Props {
  state: IntegrationState;
  /** The plot's visible time range in minutes: drag on the plot to zoom to a range, then use it here. */
  visibleRange: () => [number, number] | null;
}

export function IntegrationPanel({ state, visibleRange }: Props) {
  const peaks = state.shown?.peaks ?? [];
  const [operation, setOperation] = useState<Operation>('move');
  const [peakNumber, setPeakNumber] = useState(1);
  const peak = peaks.find((p) => p.number === peakNumber) ?? peaks[0];
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [at, setAt] = useState('');
  const [reason, setReason] = useState('');
  useEffect(() => {
    setStart(minutes(peak?.start_sec));
    setEnd(minutes(peak?.end_sec));
    setAt(minutes(peak?.retention_time_sec));
  }, [peak?.start_sec, peak?.end_sec, peak?.retention_time_sec]);

  const useRange = () => {
    const range = visibleRange();
    if (!range) return;
    setStart(range[0].toFixed(4));
    setEnd(range[1].toFixed(4));
  };
  const change = (): IntegrationEdit | null => {
    if (operation === 'add') return { operation, start_sec: seconds(start), end_sec: seconds(end) };
    if (!peak) return null;
    if (operation === 'move') {
      return { operation, peak_number: peak.number, start_sec: seconds(start), end_sec: seconds(end) };
    }
    if (operation === 'split') return { operation, peak_number: peak.number, at_sec: seconds(at) };
    if (operation === 'merge') return { operation, peak_numbers: [peak.number, peak.number + 1] };
    return { operation, peak_number: peak.number };
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const edit = change();
    if (!edit || reason.trim() === '') return;
    await state.apply({ change: edit, reason: reason.trim() }).then(
      () => setReason(''),
      () => undefined,
    );
  };
  const shown = state.shown;
  return (
    <section className="card integration" aria-label="Integration">
      <div className="integration__head">
        <h2>Integration</h2>
        <div className="segmented" role="group" aria-label="Result shown">
          {(['automatic', 'manual'] as const).map((kind) => (
            <button
              key={kind}
              type="button"
              aria-pressed={state.view === kind}
              disabled={kind === 'manual' ? !state.hasManual : !state.hasAutomatic}
              onClick={() => state.setView(kind)}
            >
              {kind === 'automatic' ? 'Automatic' : 'Manual'}
            </button>
          ))}
        </div>
        {shown && (
          <span className="integration__hint" data-result-id={shown.id}>
            Version {shown.version} · {shown.kind}
            {shown.reason ? ` · “${shown.reason}”` : ''}
          </span>
        )}
      </div>
      {state.error && <ErrorAlert>{state.error.message}</ErrorAlert>}
      {shown && (
        <form
          className="integration__form"
          onSubmit={(event) => void submit(event)}
          aria-label="Manual integration"
        >
          <div className="segmented integration__operations" role="group" aria-label="Operation">
            {operations.map((item) => (
              <button
                key={item.key}
                type="button"
                aria-pressed={operation === item.key}
                onClick={() => setOperation(item.key)}
              >
                {item.label}
              </button>
            ))}
          </div>
          <div className="integration__fields">
            {operation !== 'add' && (
              <div className="field">
                <label htmlFor="integration-peak">Peak</label>
                <select
                  id="integration-peak"
                  value={peak?.number ?? ''}
                  onChange={(event) => setPeakNumber(Number(event.target.value))}
                >
                  {peaks.map((item) => (
                    <option key={item.number} value={item.number}>
                      {item.number} · {item.name ?? 'unnamed'} · {(item.retention_time_sec / 60).toFixed(3)}{' '}
                      min
                    </option>
                  ))}
                </select>
              </div>
            )}
            {(operation === 'move' || operation === 'add') && (
              <>
                <div className="field">
                  <label htmlFor="integration-start">Start, min</label>
                  <input
                    id="integration-start"
                    type="number"
                    step="any"
                    min={0}
                    value={start}
                    onChange={(event) => setStart(event.target.value)}
                  />
                </div>
                <div className="field">
                  <label htmlFor="integration-end">End, min</label>
                  <input
                    id="integration-end"
                    type="number"
                    step="any"
                    min={0}
                    value={end}
                    onChange={(event) => setEnd(event.target.value)}
                  />
                </div>
                <button
                  type="button"
                  className="button button--secondary button--small integration__range"
                  title="Drag on the plot to zoom to a range, then take its limits"
                  onClick={useRange}
                >
                  <Icon name="straighten" /> Use zoomed range
                </button>
              </>
            )}
            {operation === 'split' && (
              <div className="field">
                <label htmlFor="integration-at">Split at, min</label>
                <input
                  id="integration-at"
                  type="number"
                  step="any"
                  min={0}
                  value={at}
                  onChange={(event) => setAt(event.target.value)}
                />
              </div>
            )}
          </div>
          <div className="integration__apply">
            <div className="field integration__reason">
              <label htmlFor="integration-reason">Reason (required)</label>
              <input
                id="integration-reason"
                required
                value={reason}
                placeholder="Why this change is right, for the audit trail"
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
            <button type="submit" className="button" disabled={state.applying || reason.trim() === ''}>
              <Icon name="check" /> Apply
            </button>
          </div>
        </form>
      )}
      <AuditList entries={state.audit} />
    </section>
  );
}
