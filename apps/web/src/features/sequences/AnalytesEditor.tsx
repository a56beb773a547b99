// The analytes of a standard: name, amount with unit, expected retention time (min) and window (s).
import { Icon } from '../../components/Icon.tsx';
import { RemoveRowButton } from '../../components/RemoveRowButton.tsx';
import type { AnalyteValues } from '@eluent/contracts';

export const emptyAnalyte = (): AnalyteValues => ({
  analyte: '',
  amount: null,
  amount_unit: 'µg/mL',
  retention_time_sec: null,
  window_sec: 15,
});

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

export function AnalytesEditor({
  analytes,
  onChange,
}: {
  analytes: AnalyteValues[];
  onChange: (next: AnalyteValues[]) => void;
}) {
  const set = (index: number, patch: Partial<AnalyteValues>) =>
    onChange(analytes.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  return (
    <fieldset className="analytes">
      <legend>Analytes</legend>
      <div className="table-scroll">
        <table className="edit-table">
          <thead>
            <tr>
              <th>Analyte</th>
              <th>Amount</th>
              <th>Unit</th>
              <th>Expected RT, min</th>
              <th>Window, s</th>
              <th aria-label="Remove" />
            </tr>
          </thead>
          <tbody>
            {analytes.map((item, index) => (
              <tr key={index}>
                <td>
                  <input
                    aria-label={`Analyte ${index + 1} name`}
                    value={item.analyte}
                    onChange={(event) => set(index, { analyte: event.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Analyte ${index + 1} amount`}
                    type="number"
                    min={0}
                    step="any"
                    value={item.amount ?? ''}
                    onChange={(event) => set(index, { amount: numberOrNull(event.target.value) })}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Analyte ${index + 1} unit`}
                    value={item.amount_unit}
                    onChange={(event) => set(index, { amount_unit: event.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Analyte ${index + 1} retention time`}
                    type="number"
                    min={0}
                    step="any"
                    value={item.retention_time_sec === null ? '' : +(item.retention_time_sec / 60).toFixed(4)}
                    onChange={(event) => {
                      const minutes = numberOrNull(event.target.value);
                      set(index, { retention_time_sec: minutes === null ? null : minutes * 60 });
                    }}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Analyte ${index + 1} window`}
                    type="number"
                    min={0.1}
                    step="any"
                    value={item.window_sec}
                    onChange={(event) => set(index, { window_sec: Number(event.target.value) || 15 })}
                  />
                </td>
                <td>
                  <RemoveRowButton
                    label={`Remove analyte ${index + 1}`}
                    onRemove={() => onChange(analytes.filter((_, i) => i !== index))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => onChange([...analytes, emptyAnalyte()])}
      >
        <Icon name="add" /> Add analyte
      </button>
    </fieldset>
  );
}
