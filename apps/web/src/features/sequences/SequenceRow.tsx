// One row of the sequence table: every cell saves its change at once (SequenceTable.tsx says how).
import type { Component } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { StoredNumberInput } from '../../components/StoredNumberInput.tsx';
import { LevelCell } from './LevelCell.tsx';
import type { Choice, Draft, DraftInput, Sample } from './sequencesApi.ts';

const LOCKED_TEXT = 'This row has run or is running: it cannot be changed, moved or deleted.';

export interface SequenceRowProps {
  draft: Draft;
  /** The row's place in run order, from 0. */
  index: number;
  samples: readonly Sample[];
  methods: readonly Choice[];
  /** The row is shown with every control off: it has run, or the role may not change the table. */
  locked: boolean;
  className: string | undefined;
  /** The template's component table, whose levels a standard's row may name. */
  components: readonly Component[];
  templateUuid: string | null;
  patch: (body: Partial<DraftInput>) => void;
  /** The cell puts the stored value back itself when the change is refused (the toast names the reason). */
  patchAsync: (body: Partial<DraftInput>) => Promise<unknown>;
  /** Null where the row cannot move that way. */
  onMoveUp: (() => void) | null;
  onMoveDown: (() => void) | null;
  onDelete: () => void;
}

export function SequenceRow(props: SequenceRowProps) {
  const { draft, index, samples, methods, locked, patch, patchAsync } = props;
  const row = index + 1;
  const standard = samples.find((item) => item.id === draft.sample_id)?.type === 'standard';
  return (
    <tr className={props.className} data-draft-id={draft.id} data-locked={draft.locked ? 'true' : undefined}>
      <td>
        {row}
        {draft.locked && (
          <span className="sequence-table__lock" role="img" aria-label={LOCKED_TEXT} title={LOCKED_TEXT}>
            <Icon name="lock" />
          </span>
        )}
      </td>
      <td>
        <select
          aria-label={`Row ${row} sample`}
          disabled={locked}
          value={draft.sample_id ?? ''}
          onChange={(event) => patch({ sample_id: Number(event.target.value) })}
        >
          {samples.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name} ({item.type})
            </option>
          ))}
        </select>
        {standard && <span className="badge">standard</span>}
      </td>
      <td>
        <StoredNumberInput
          aria-label={`Row ${row} vial`}
          disabled={locked}
          min={1}
          className="edit-table__number"
          stored={draft.vial}
          onCommit={(vial) => patchAsync({ vial })}
        />
      </td>
      <td>
        <StoredNumberInput
          aria-label={`Row ${row} injections`}
          disabled={locked}
          min={1}
          className="edit-table__number"
          stored={draft.injections_count}
          onCommit={(count) => patchAsync({ injections_count: count })}
        />
      </td>
      <td>
        <select
          aria-label={`Row ${row} method`}
          disabled={locked}
          value={draft.method_id ?? ''}
          onChange={(event) => patch({ method_id: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">Sequence method</option>
          {methods.map((method) => (
            <option key={method.id} value={method.id}>
              {method.name}
            </option>
          ))}
        </select>
      </td>
      <AmountCells {...props} />
      <StandardCells {...props} standard={standard} />
      <td>
        <input
          type="checkbox"
          aria-label={`Row ${row} enabled`}
          disabled={locked}
          checked={draft.enabled}
          onChange={(event) => patch({ enabled: event.target.checked })}
        />
      </td>
      <td className="list-table__actions">
        <RowActions {...props} />
      </td>
    </tr>
  );
}

/** Weight, dilution and injection volume: what the row's amounts are corrected by (docs/assay.md). */
function AmountCells({ draft, index, locked, patchAsync }: SequenceRowProps) {
  const row = index + 1;
  const cell = (field: 'weight_mg' | 'dilution' | 'injection_ul', label: string, placeholder: string) => (
    <td>
      <StoredNumberInput
        aria-label={`Row ${row} ${label}`}
        disabled={locked}
        min={0}
        step="any"
        placeholder={placeholder}
        className="edit-table__number"
        stored={draft[field]}
        onCommit={(value) => patchAsync({ [field]: value })}
        onClear={() => patchAsync({ [field]: null })}
      />
    </td>
  );
  return (
    <>
      {cell('weight_mg', 'weight (mg)', '—')}
      {cell('dilution', 'dilution', '1')}
      {cell('injection_ul', 'injection volume (µL)', 'method')}
    </>
  );
}

/** A standard's check-standard mark and calibration level; empty cells on other rows. */
function StandardCells(props: SequenceRowProps & { standard: boolean }) {
  const { draft, index, locked, patch, standard } = props;
  return (
    <>
      <td>
        {standard && (
          <input
            type="checkbox"
            aria-label={`Row ${index + 1} check standard`}
            title="A check standard is read through the curve and compared with its amount; it does not calibrate."
            disabled={locked}
            checked={draft.check_standard}
            onChange={(event) => patch({ check_standard: event.target.checked })}
          />
        )}
      </td>
      <td>
        {standard && (
          <LevelCell
            row={index + 1}
            level={draft.calibration_level}
            components={props.components}
            templateUuid={props.templateUuid}
            disabled={locked}
            onChange={(calibration_level) => patch({ calibration_level })}
          />
        )}
      </td>
    </>
  );
}

function RowActions({ index, locked, onMoveUp, onMoveDown, onDelete }: SequenceRowProps) {
  const row = index + 1;
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label={`Move row ${row} up`}
        disabled={locked || onMoveUp === null}
        onClick={onMoveUp ?? undefined}
      >
        <Icon name="arrow_upward" />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={`Move row ${row} down`}
        disabled={locked || onMoveDown === null}
        onClick={onMoveDown ?? undefined}
      >
        <Icon name="arrow_downward" />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={`Delete row ${row}`}
        disabled={locked}
        onClick={onDelete}
      >
        <Icon name="delete" />
      </button>
    </>
  );
}
