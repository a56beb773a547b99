// The template's component table: name, expected retention time and window (min), reference peak,
// calibration model and weighting, unit and level amounts; below it each component's system-suitability
// limits (docs/assay.md). Saved on its own, at any time: results made
// earlier keep the components they were made with; reprocessing applies the new ones.
import { Fragment, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCan } from '../workspaces/usePrivileges.ts';
import {
  calibrationModeLabels,
  calibrationModes,
  componentModelLabels,
  componentModels,
  type CalibrationMode,
  componentWeightingLabels,
  componentWeightings,
} from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { versionsKey } from '../versions/versionsApi.ts';
import { LoadFailure } from '../../components/QueryState.tsx';
import { RemoveRowButton } from '../../components/RemoveRowButton.tsx';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import {
  componentOf,
  emptyRow,
  rowOf,
  rowProblems,
  type ComponentRow,
  type SuitabilityRow,
} from './componentRows.ts';
import { ComponentsRefused, fetchComponents, saveComponents } from './componentsApi.ts';

/** The limit columns: what each tests, in the words of the table head. */
const limitColumns: Array<{ key: keyof SuitabilityRow; head: string; label: string }> = [
  { key: 'plates_min', head: 'Plates ≥', label: 'minimum plates' },
  { key: 'tailing_max', head: 'Tailing ≤', label: 'maximum tailing' },
  { key: 'resolution_min', head: 'Resolution ≥', label: 'minimum resolution' },
  { key: 'signal_to_noise_min', head: 'S/N ≥', label: 'minimum S/N' },
  { key: 'retention_time_window_sec', head: 'RT ± s', label: 'retention time window (s)' },
  { key: 'area_rsd_max_percent', head: 'Area %RSD ≤', label: 'maximum area %RSD of standard replicates' },
  { key: 'check_deviation_max_percent', head: 'Check std. ± %', label: 'check standard deviation (%)' },
];

function ComponentsTable({
  uuid,
  initial,
  initialMode,
}: {
  uuid: string;
  initial: ComponentRow[];
  initialMode: CalibrationMode;
}) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(initial);
  // Readers (reviewer, auditor) see the components without the means to change them. A template that a
  // signed or running sequence uses stays editable: the save is its next version (docs/signatures.md).
  const editable = useCan()('templates.update');
  const [mode, setMode] = useState(initialMode);
  const [problems, setProblems] = useState(new Map<number, Record<string, string>>());
  const save = useMutation({
    mutationFn: () => saveComponents(uuid, rows.map(componentOf), mode),
    onSuccess: (saved) => {
      setProblems(new Map());
      setRows(saved.components.map(rowOf));
      setMode(saved.calibration_mode);
      queryClient.setQueryData(['template-components', uuid], saved);
      void queryClient.invalidateQueries({ queryKey: versionsKey({ kind: 'template', uuid }) });
      notifySuccess('Components saved');
    },
    onError: (error) => {
      if (error instanceof ComponentsRefused) setProblems(rowProblems(error.fields));
      notifyError(error.message);
    },
  });
  const set = (index: number, patch: Partial<ComponentRow>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const problem = (index: number, field: string) => problems.get(index)?.[field];
  const errorId = (index: number, field: string) => `component-${index}-${field}-error`;
  /** The input's link to its reason, so a screen reader reads the reason with the field. */
  const described = (index: number, field: string) =>
    problem(index, field)
      ? { 'aria-invalid': true, 'aria-describedby': errorId(index, field) }
      : { 'aria-invalid': false };
  const cell = (index: number, field: string, input: ReactNode) => (
    <td>
      {input}
      {problem(index, field) && (
        <span className="field__error" role="alert" id={errorId(index, field)}>
          {problem(index, field)}
        </span>
      )}
    </td>
  );
  return (
    <>
      <div className="table-scroll">
        <table className="edit-table components-table" aria-label="Components">
          <thead>
            <tr>
              <th>Name</th>
              <th>Expected RT, min</th>
              <th>Window ±, min</th>
              <th>Reference</th>
              <th>Model</th>
              <th>Weighting</th>
              <th>Unit</th>
              <th>Levels</th>
              <th aria-label="Remove" />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const label = `Component ${index + 1}`;
              return (
                <tr key={index}>
                  {cell(
                    index,
                    'name',
                    <input
                      aria-label={`${label} name`}
                      {...described(index, 'name')}
                      value={row.name}
                      onChange={(event) => set(index, { name: event.target.value })}
                    />,
                  )}
                  {cell(
                    index,
                    'expected_retention_time_sec',
                    <input
                      aria-label={`${label} retention time`}
                      {...described(index, 'expected_retention_time_sec')}
                      inputMode="decimal"
                      value={row.expectedMin}
                      onChange={(event) => set(index, { expectedMin: event.target.value })}
                    />,
                  )}
                  {cell(
                    index,
                    'window_sec',
                    <input
                      aria-label={`${label} window`}
                      {...described(index, 'window_sec')}
                      inputMode="decimal"
                      value={row.windowMin}
                      onChange={(event) => set(index, { windowMin: event.target.value })}
                    />,
                  )}
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${label} is the reference peak`}
                      checked={row.isReference}
                      onChange={(event) => set(index, { isReference: event.target.checked })}
                    />
                  </td>
                  <td>
                    <select
                      aria-label={`${label} model`}
                      value={row.model}
                      onChange={(event) => set(index, { model: event.target.value as ComponentRow['model'] })}
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
                      onChange={(event) =>
                        set(index, { weighting: event.target.value as ComponentRow['weighting'] })
                      }
                    >
                      {componentWeightings.map((weighting) => (
                        <option key={weighting} value={weighting}>
                          {componentWeightingLabels[weighting]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <input
                      aria-label={`${label} unit`}
                      value={row.amountUnit}
                      onChange={(event) => set(index, { amountUnit: event.target.value })}
                    />
                  </td>
                  {cell(
                    index,
                    'levels',
                    <input
                      aria-label={`${label} levels`}
                      {...described(index, 'levels')}
                      placeholder="8, 16, 32"
                      value={row.levels}
                      onChange={(event) => set(index, { levels: event.target.value })}
                    />,
                  )}
                  <td>
                    {editable && (
                      <RemoveRowButton
                        label={`Remove component ${index + 1}`}
                        onRemove={() => setRows(rows.filter((_, i) => i !== index))}
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="field components-mode">
        <label htmlFor={`calibration-mode-${uuid}`}>Calibration</label>
        <select
          id={`calibration-mode-${uuid}`}
          value={mode}
          disabled={!editable}
          onChange={(event) => setMode(event.target.value as CalibrationMode)}
        >
          {calibrationModes.map((item) => (
            <option key={item} value={item}>
              {calibrationModeLabels[item]}
            </option>
          ))}
        </select>
      </div>
      <p className="template-step__hint">
        Whole sequence: every standard calibrates every sample. Bracketing standards: each sample is read
        through the standards run just before and after it. Check standards (marked in the sequence table)
        never calibrate.
      </p>
      <h3 className="components-limits__title">System suitability limits</h3>
      <p className="template-step__hint">
        Empty: not tested. Plates, tailing, resolution, S/N and the retention time are tested on every
        injection&apos;s peak; the area %RSD over each standard injected more than once; a check
        standard&apos;s amount against its known amount.
      </p>
      <div className="table-scroll">
        <table className="edit-table components-table" aria-label="System suitability limits">
          <thead>
            <tr>
              <th>Component</th>
              {limitColumns.map((column) => (
                <th key={column.key}>{column.head}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                <td>{row.name || `Component ${index + 1}`}</td>
                {limitColumns.map((column) => (
                  <Fragment key={column.key}>
                    {cell(
                      index,
                      `suitability.${column.key}`,
                      <input
                        aria-label={`${row.name || `Component ${index + 1}`} ${column.label}`}
                        {...described(index, `suitability.${column.key}`)}
                        inputMode="decimal"
                        className="edit-table__number"
                        value={row.suitability[column.key]}
                        onChange={(event) =>
                          set(index, {
                            suitability: { ...row.suitability, [column.key]: event.target.value },
                          })
                        }
                      />,
                    )}
                  </Fragment>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editable && (
        <div className="components-actions">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setRows([...rows, emptyRow()])}
          >
            <Icon name="add" /> Add component
          </button>
          <button
            type="button"
            className="button button--small"
            disabled={save.isPending}
            onClick={() => save.mutate()}
          >
            <Icon name="save" /> Save components
          </button>
        </div>
      )}
    </>
  );
}

export function ComponentsEditor({ uuid }: { uuid: string | undefined }) {
  const components = useQuery({
    queryKey: ['template-components', uuid],
    queryFn: () => fetchComponents(uuid!),
    enabled: uuid !== undefined,
  });
  return (
    <section className="card template-step template-components" aria-label="Components">
      <h2>Components</h2>
      <p className="template-step__hint">
        Peaks within the window of a component&apos;s expected time get its name; standards calibrate it with
        its model. Levels are the standards&apos; amounts, lowest first: a standard&apos;s row in a sequence
        names its level and reads its amounts from here. Reprocess to apply changes to earlier results.
      </p>
      {uuid === undefined ? (
        <p className="template-step__hint">Save the template first, then add its components.</p>
      ) : components.isError ? (
        <LoadFailure error={components.error} onRetry={() => void components.refetch()} />
      ) : components.data ? (
        <ComponentsTable
          key={uuid}
          uuid={uuid}
          initial={components.data.components.map(rowOf)}
          initialMode={components.data.calibration_mode}
        />
      ) : null}
    </section>
  );
}
