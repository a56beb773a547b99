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
import { SequenceRow } from './SequenceRow.tsx';
import { canMove, movedIds, nextVial, orderedDrafts, rowClassName } from './sequenceRows.ts';
import { Icon } from '../../components/Icon.tsx';
import { notifyError } from '../../lib/toast.ts';
import { useCan } from '../workspaces/usePrivileges.ts';
import {
  addDraft,
  deleteDraft,
  orderDrafts,
  updateDraft,
  type Choice,
  type Sample,
  type Sequence,
} from './sequencesApi.ts';

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
  const drafts = orderedDrafts(sequence.drafts);
  const move = (index: number, offset: number) =>
    change.mutate(() => orderDrafts(sequence.id, movedIds(drafts, index, offset)));
  const add = () => {
    const sampleId = Number(newSampleId || samples[0]?.id);
    if (!sampleId) return;
    change.mutate(() =>
      addDraft(sequence.id, {
        sample_id: sampleId,
        vial: nextVial(drafts),
        injections_count: 1,
        method_id: null,
        enabled: true,
      }),
    );
  };
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
            {drafts.map((draft, index) => (
              <SequenceRow
                key={draft.id}
                draft={draft}
                index={index}
                samples={samples}
                methods={methods}
                // A role that may not change the table (reviewer, auditor) reads it with every control off.
                locked={draft.locked || !editable}
                className={rowClassName(draft, activeDraftId)}
                components={table.data?.components ?? []}
                templateUuid={templateUuid}
                patch={(body) => change.mutate(() => updateDraft(sequence.id, draft.id, body))}
                patchAsync={(body) => change.mutateAsync(() => updateDraft(sequence.id, draft.id, body))}
                onMoveUp={canMove(drafts, index, -1) ? () => move(index, -1) : null}
                onMoveDown={canMove(drafts, index, 1) ? () => move(index, 1) : null}
                onDelete={() => change.mutate(() => deleteDraft(sequence.id, draft.id))}
              />
            ))}
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
