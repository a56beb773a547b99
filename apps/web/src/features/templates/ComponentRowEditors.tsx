// The rows of the template's component table and of its system-suitability limits, each input linked to
// the server's reason when a save refused it.
import { Fragment, type ReactNode } from 'react';
import {
  componentModelLabels,
  componentModels,
  componentWeightingLabels,
  componentWeightings,
} from '@eluent/contracts';
import { RemoveRowButton } from '../../components/RemoveRowButton.tsx';
import type { ComponentRow, SuitabilityRow } from './componentRows.ts';

/** The limit columns: what each tests, in the words of the table head. */
export const limitColumns: Array<{ key: keyof SuitabilityRow; head: string; label: string }> = [
  { key: 'plates_min', head: 'Plates ≥', label: 'minimum plates' },
  { key: 'tailing_max', head: 'Tailing ≤', label: 'maximum tailing' },
  { key: 'resolution_min', head: 'Resolution ≥', label: 'minimum resolution' },
  { key: 'signal_to_noise_min', head: 'S/N ≥', label: 'minimum S/N' },
  { key: 'retention_time_window_sec', head: 'RT ± s', label: 'retention time window (s)' },
  { key: 'area_rsd_max_percent', head: 'Area %RSD ≤', label: 'maximum area %RSD of standard replicates' },
  { key: 'check_deviation_max_percent', head: 'Check std. ± %', label: 'check standard deviation (%)' },
];

interface RowEditorProps {
  row: ComponentRow;
  index: number;
  /** The server's reason per refused field of this row (`name`, `suitability.tailing_max`). */
  problems: Record<string, string> | undefined;
  onChange: (patch: Partial<ComponentRow>) => void;
}

/** The reason's element id and the input's link to it, so a screen reader reads the reason with the field. */
function useProblems({ index, problems }: Pick<RowEditorProps, 'index' | 'problems'>) {
  const errorId = (field: string) => `component-${index}-${field}-error`;
  const described = (field: string) =>
    problems?.[field]
      ? { 'aria-invalid': true, 'aria-describedby': errorId(field) }
      : { 'aria-invalid': false };
  const cell = (field: string, input: ReactNode) => (
    <td>
      {input}
      {problems?.[field] && (
        <span className="field__error" role="alert" id={errorId(field)}>
          {problems[field]}
        </span>
      )}
    </td>
  );
  return { described, cell };
}

export function ComponentRowEditor(props: RowEditorProps & { onRemove: (() => void) | null }) {
  const { row, index, onChange, onRemove } = props;
  const { described, cell } = useProblems(props);
  const label = `Component ${index + 1}`;
  const text = (field: string, name: string, key: 'name' | 'expectedMin' | 'windowMin' | 'levels') =>
    cell(
      field,
      <input
        aria-label={`${label} ${name}`}
        {...described(field)}
        inputMode={key === 'name' || key === 'levels' ? undefined : 'decimal'}
        placeholder={key === 'levels' ? '8, 16, 32' : undefined}
        value={row[key]}
        onChange={(event) => onChange({ [key]: event.target.value })}
      />,
    );
  return (
    <tr>
      {text('name', 'name', 'name')}
      {text('expected_retention_time_sec', 'retention time', 'expectedMin')}
      {text('window_sec', 'window', 'windowMin')}
      <td>
        <input
          type="checkbox"
          aria-label={`${label} is the reference peak`}
          checked={row.isReference}
          onChange={(event) => onChange({ isReference: event.target.checked })}
        />
      </td>
      <CalibrationCells row={row} label={label} onChange={onChange} />
      <td>
        <input
          aria-label={`${label} unit`}
          value={row.amountUnit}
          onChange={(event) => onChange({ amountUnit: event.target.value })}
        />
      </td>
      {text('levels', 'levels', 'levels')}
      <td>{onRemove && <RemoveRowButton label={`Remove component ${index + 1}`} onRemove={onRemove} />}</td>
    </tr>
  );
}

/** The component's calibration model and its weighting (none for an average response factor). */
function CalibrationCells({
  row,
  label,
  onChange,
}: Pick<RowEditorProps, 'row' | 'onChange'> & { label: string }) {
  return (
    <>
      <td>
        <select
          aria-label={`${label} model`}
          value={row.model}
          onChange={(event) => onChange({ model: event.target.value as ComponentRow['model'] })}
        >
          {componentModels.map((model) => (
            <option key={model} value={model}>
              {componentModelLabels[model]}
            </option>
          ))}
        </select>
      </td>
      <td>
        <select
          aria-label={`${label} weighting`}
          value={row.weighting}
          disabled={row.model === 'average_response_factor'}
          onChange={(event) => onChange({ weighting: event.target.value as ComponentRow['weighting'] })}
        >
          {componentWeightings.map((weighting) => (
            <option key={weighting} value={weighting}>
              {componentWeightingLabels[weighting]}
            </option>
          ))}
        </select>
      </td>
    </>
  );
}

export function SuitabilityRowEditor(props: RowEditorProps) {
  const { row, index, onChange } = props;
  const { described, cell } = useProblems(props);
  const name = row.name || `Component ${index + 1}`;
  return (
    <tr>
      <td>{name}</td>
      {limitColumns.map((column) => (
        <Fragment key={column.key}>
          {cell(
            `suitability.${column.key}`,
            <input
              aria-label={`${name} ${column.label}`}
              {...described(`suitability.${column.key}`)}
              inputMode="decimal"
              className="edit-table__number"
              value={row.suitability[column.key]}
              onChange={(event) =>
                onChange({ suitability: { ...row.suitability, [column.key]: event.target.value } })
              }
            />,
          )}
        </Fragment>
      ))}
    </tr>
  );
}
