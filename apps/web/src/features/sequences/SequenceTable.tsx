// The sequence table: rows of a sample or standard, vial, injections, method, the sample's weight, dilution
// and injection volume (docs/assay.md), a standard's check-standard mark and calibration level (its amounts
// read from the template's component table) and enabled; add, reorder, delete.
// Every change goes to the server at once; a refused change shows the server's message as a toast and the
// row shows what is stored again. The table redraws from the server after every save and on live progress;
// rows are keyed by their id and each number cell keeps its own draft, so a cell being edited keeps what
// the analyst typed through a redraw (StoredNumberInput) and saves it on blur.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchComponents } from '../templates/componentsApi.ts';
import { LevelCell } from './LevelCell.tsx';
import { Icon } from '../../components/Icon.tsx';
import { notifyError } from '../../lib/toast.ts';
import { StoredNumberInput } from '../../components/StoredNumberInput.tsx';
import { useCan } from '../workspaces/usePrivileges.ts';
import {
  addDraft,
  deleteDraft,
  orderDrafts,
  updateDraft,
  type Choice,
  type Draft,
  type DraftInput,
  type Sample,
  type Sequence,
} from './sequencesApi.ts';

const LOCKED_TEXT = 'This row has run or is running: it cannot be changed, moved or deleted.';

interface Props {
  sequence: Sequence;
  samples: Sample[];
  methods: Choice[];
  activeDraftId: number | null;
}

export function SequenceTable({ sequence, samples, methods, activeDraftId }: Props) {
  const queryClient = useQueryClient();
  const [newSampleId, setNewSampleId] = useState('');
  // A signed sequence is a record: its table stays as signed (docs/signatures.md "Locks").
  const editable = useCan()('sequences.update') && sequence.lock?.code !== 'record_signed_locked';
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['sequence', sequence.id] });
  const change = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSettled: refresh,
    onError: (error) => notifyError(error.message),
  });
  // A standard's row may name a level of the template's component table: its amounts are read from there.
  const templateUuid = sequence.template_uuid;
  const table = useQuery({
    queryKey: ['template-components', templateUuid ?? undefined],
    queryFn: () => fetchComponents(templateUuid!),
    enabled: templateUuid !== null,
  });
  const drafts = [...sequence.drafts].sort((a, b) => a.position - b.position || a.id - b.id);
  const patch = (draft: Draft, body: Partial<DraftInput>) =>
    change.mutate(() => updateDraft(sequence.id, draft.id, body));
  // The cell puts the stored value back itself when the change is refused (the toast names the reason).
  const patchAsync = (draft: Draft, body: Partial<DraftInput>) =>
    change.mutateAsync(() => updateDraft(sequence.id, draft.id, body));
  const move = (index: number, offset: number) => {
    const ids = drafts.map((d) => d.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + offset, 0, moved!);
    change.mutate(() => orderDrafts(sequence.id, ids));
  };
  const add = () => {
    const sampleId = Number(newSampleId || samples[0]?.id);
    if (!sampleId) return;
    const nextVial = Math.max(0, ...drafts.map((d) => d.vial ?? 0)) + 1;
    change.mutate(() =>
      addDraft(sequence.id, {
        sample_id: sampleId,
        vial: nextVial,
        injections_count: 1,
        method_id: null,
        enabled: true,
      }),
    );
  };
  const sampleOf = (id: number | null) => samples.find((s) => s.id === id);
  return (
    <section className="card sequence-section" aria-label="Sequence table">
      <div className="sequence-section__head">
        <h2>Sequence table</h2>
        <span className="sequence-section__hint">
          Rows run in order; each enabled row gives its number of injections. Amounts are corrected by the
          row: × dilution ÷ weight, and by the injection volume (empty: the method&apos;s). A standard&apos;s
          level reads its amounts from the template&apos;s component table. Rows that have run are locked.
        </span>
      </div>
      <div className="table-scroll">
        <table className="edit-table sequence-table">
          <thead>
            <tr>
              <th>#</th>
              <th>Sample or standard</th>
              <th>Vial</th>
              <th>Injections</th>
              <th>Method</th>
              <th>Weight, mg</th>
              <th>Dilution</th>
              <th>Inj. vol., µL</th>
              <th>Check std.</th>
              <th>Level</th>
              <th>Enabled</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {drafts.length === 0 && (
              <tr>
                <td colSpan={12} className="list-table__empty">
                  The table is empty. Add a sample or a standard below.
                </td>
              </tr>
            )}
            {drafts.map((draft, index) => {
              const sample = sampleOf(draft.sample_id);
              // A role that may not change the table (reviewer, auditor) reads it with every control off.
              const locked = draft.locked || !editable;
              const rowClass = [
                draft.id === activeDraftId ? 'sequence-table__active' : '',
                draft.locked ? 'sequence-table__locked' : '',
              ].join(' ');
              return (
                <tr
                  key={draft.id}
                  className={rowClass.trim() || undefined}
                  data-draft-id={draft.id}
                  data-locked={draft.locked ? 'true' : undefined}
                >
                  <td>
                    {index + 1}
                    {draft.locked && (
                      <span
                        className="sequence-table__lock"
                        role="img"
                        aria-label={LOCKED_TEXT}
                        title={LOCKED_TEXT}
                      >
                        <Icon name="lock" />
                      </span>
                    )}
                  </td>
                  <td>
                    <select
                      aria-label={`Row ${index + 1} sample`}
                      disabled={locked}
                      value={draft.sample_id ?? ''}
                      onChange={(event) => patch(draft, { sample_id: Number(event.target.value) })}
                    >
                      {samples.map((item) => (
                        <option key={item.id} value={item.id}>
                          {item.name} ({item.type})
                        </option>
                      ))}
                    </select>
                    {sample?.type === 'standard' && <span className="badge">standard</span>}
                  </td>
                  <td>
                    <StoredNumberInput
                      aria-label={`Row ${index + 1} vial`}
                      disabled={locked}
                      min={1}
                      className="edit-table__number"
                      stored={draft.vial}
                      onCommit={(vial) => patchAsync(draft, { vial })}
                    />
                  </td>
                  <td>
                    <StoredNumberInput
                      aria-label={`Row ${index + 1} injections`}
                      disabled={locked}
                      min={1}
                      className="edit-table__number"
                      stored={draft.injections_count}
                      onCommit={(count) => patchAsync(draft, { injections_count: count })}
                    />
                  </td>
                  <td>
                    <select
                      aria-label={`Row ${index + 1} method`}
                      disabled={locked}
                      value={draft.method_id ?? ''}
                      onChange={(event) =>
                        patch(draft, { method_id: event.target.value ? Number(event.target.value) : null })
                      }
                    >
                      <option value="">Sequence method</option>
                      {methods.map((method) => (
                        <option key={method.id} value={method.id}>
                          {method.name}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <StoredNumberInput
                      aria-label={`Row ${index + 1} weight (mg)`}
                      disabled={locked}
                      min={0}
                      step="any"
                      placeholder="—"
                      className="edit-table__number"
                      stored={draft.weight_mg}
                      onCommit={(weight_mg) => patchAsync(draft, { weight_mg })}
                      onClear={() => patchAsync(draft, { weight_mg: null })}
                    />
                  </td>
                  <td>
                    <StoredNumberInput
                      aria-label={`Row ${index + 1} dilution`}
                      disabled={locked}
                      min={0}
                      step="any"
                      placeholder="1"
                      className="edit-table__number"
                      stored={draft.dilution}
                      onCommit={(dilution) => patchAsync(draft, { dilution })}
                      onClear={() => patchAsync(draft, { dilution: null })}
                    />
                  </td>
                  <td>
                    <StoredNumberInput
                      aria-label={`Row ${index + 1} injection volume (µL)`}
                      disabled={locked}
                      min={0}
                      step="any"
                      placeholder="method"
                      className="edit-table__number"
                      stored={draft.injection_ul}
                      onCommit={(injection_ul) => patchAsync(draft, { injection_ul })}
                      onClear={() => patchAsync(draft, { injection_ul: null })}
                    />
                  </td>
                  <td>
                    {sample?.type === 'standard' && (
                      <input
                        type="checkbox"
                        aria-label={`Row ${index + 1} check standard`}
                        title="A check standard is read through the curve and compared with its amount; it does not calibrate."
                        disabled={locked}
                        checked={draft.check_standard}
                        onChange={(event) => patch(draft, { check_standard: event.target.checked })}
                      />
                    )}
                  </td>
                  <td>
                    {sample?.type === 'standard' && (
                      <LevelCell
                        row={index + 1}
                        level={draft.calibration_level}
                        components={table.data?.components ?? []}
                        templateUuid={templateUuid}
                        disabled={locked}
                        onChange={(calibration_level) => patch(draft, { calibration_level })}
                      />
                    )}
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Row ${index + 1} enabled`}
                      disabled={locked}
                      checked={draft.enabled}
                      onChange={(event) => patch(draft, { enabled: event.target.checked })}
                    />
                  </td>
                  <td className="list-table__actions">
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Move row ${index + 1} up`}
                      disabled={locked || index === 0 || drafts[index - 1]!.locked}
                      onClick={() => move(index, -1)}
                    >
                      <Icon name="arrow_upward" />
                    </button>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Move row ${index + 1} down`}
                      disabled={locked || index === drafts.length - 1 || drafts[index + 1]!.locked}
                      onClick={() => move(index, 1)}
                    >
                      <Icon name="arrow_downward" />
                    </button>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Delete row ${index + 1}`}
                      disabled={locked}
                      onClick={() => change.mutate(() => deleteDraft(sequence.id, draft.id))}
                    >
                      <Icon name="delete" />
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {editable && (
        <div className="sequence-table__add">
          {samples.length > 0 && (
            <select
              aria-label="Sample to add"
              value={newSampleId}
              onChange={(event) => setNewSampleId(event.target.value)}
            >
              {samples.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name} ({item.type})
                </option>
              ))}
            </select>
          )}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={add}
            disabled={samples.length === 0}
          >
            <Icon name="playlist_add" /> Add row
          </button>
          {samples.length === 0 && (
            <span className="sequence-section__hint">Create samples and standards first.</span>
          )}
        </div>
      )}
    </section>
  );
}
