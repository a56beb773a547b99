// The template's component table: name, expected retention time and window (min), reference peak,
// calibration model and weighting, unit and level amounts; below it each component's system-suitability
// limits (docs/assay.md). Saved on its own, at any time: results made
// earlier keep the components they were made with; reprocessing applies the new ones.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCan } from '../workspaces/usePrivileges.ts';
import { calibrationModeLabels, calibrationModes, type CalibrationMode } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { versionsKey } from '../versions/versionsApi.ts';
import { LoadFailure } from '../../components/QueryState.tsx';
import { ComponentRowEditor, limitColumns, SuitabilityRowEditor } from './ComponentRowEditors.tsx';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { componentOf, emptyRow, rowOf, rowProblems, type ComponentRow } from './componentRows.ts';
import { ComponentsRefused, fetchComponents, saveComponents } from './componentsApi.ts';

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
            {rows.map((row, index) => (
              <ComponentRowEditor
                key={index}
                row={row}
                index={index}
                problems={problems.get(index)}
                onChange={(patch) => set(index, patch)}
                onRemove={editable ? () => setRows(rows.filter((_, i) => i !== index)) : null}
              />
            ))}
          </tbody>
        </table>
      </div>
      <CalibrationModeField uuid={uuid} mode={mode} disabled={!editable} onChange={setMode} />
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
              <SuitabilityRowEditor
                key={index}
                row={row}
                index={index}
                problems={problems.get(index)}
                onChange={(patch) => set(index, patch)}
              />
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

interface CalibrationModeFieldProps {
  uuid: string;
  mode: CalibrationMode;
  disabled: boolean;
  onChange: (mode: CalibrationMode) => void;
}

function CalibrationModeField({ uuid, mode, disabled, onChange }: CalibrationModeFieldProps) {
  return (
    <div className="field components-mode">
      <label htmlFor={`calibration-mode-${uuid}`}>Calibration</label>
      <select
        id={`calibration-mode-${uuid}`}
        value={mode}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as CalibrationMode)}
      >
        {calibrationModes.map((item) => (
          <option key={item} value={item}>
            {calibrationModeLabels[item]}
          </option>
        ))}
      </select>
    </div>
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
