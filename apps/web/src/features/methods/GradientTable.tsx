// The pump programme as a chromatographer writes it: one row per step (time, %B, with %A beside), checked
// as typed, and the plot redrawn from the valid rows on every keystroke.
import { Icon } from '../../components/Icon.tsx';
import { GradientChart } from './GradientChart.tsx';
import { gradientRowErrors, plottableSteps, type GradientRow } from './gradientRows.ts';

function percentA(percentB: string): string {
  const value = Number(percentB);
  return percentB.trim() !== '' && value >= 0 && value <= 100
    ? String(Number((100 - value).toFixed(3)))
    : '—';
}

function nextRow(rows: readonly GradientRow[], runTime: string): GradientRow {
  const last = rows[rows.length - 1];
  if (!last) return { time: '0', percentB: '50' };
  const lastTime = Number(last.time);
  const end = Number(runTime);
  const time = Number.isFinite(lastTime) ? (end > lastTime ? end : lastTime + 1) : '';
  return { time: String(time), percentB: last.percentB };
}

export function GradientTable({
  rows,
  runTime,
  showErrors,
  onChange,
}: {
  rows: GradientRow[];
  runTime: string;
  /** After a submit every cell's message shows, not only the cells typed in. */
  showErrors: boolean;
  onChange: (rows: GradientRow[]) => void;
}) {
  const errors = gradientRowErrors(rows, runTime);
  const runTimeMin = Number(runTime) > 0 ? Number(runTime) : null;
  const set = (index: number, patch: Partial<GradientRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch, touched: true } : row)));
  return (
    <div className="gradient-editor">
      <GradientChart steps={plottableSteps(rows, runTime)} runTimeMin={runTimeMin} />
      <table className="gradient-table">
        <caption>Gradient</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Time, min</th>
            <th scope="col">%B</th>
            <th scope="col">%A</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const show = showErrors || row.touched === true;
            const timeError = show ? errors[index]?.time : undefined;
            const percentError = show ? errors[index]?.percentB : undefined;
            const step = index + 1;
            return (
              <tr key={index}>
                <th scope="row">{step}</th>
                <td className={timeError ? 'field--error' : undefined}>
                  <input
                    inputMode="decimal"
                    aria-label={`Time of step ${step}, min`}
                    aria-invalid={timeError ? true : undefined}
                    aria-describedby={timeError ? `gradient-${index}-time-error` : undefined}
                    value={row.time}
                    onChange={(event) => set(index, { time: event.target.value })}
                  />
                  {timeError && (
                    <div className="field__error" id={`gradient-${index}-time-error`} role="alert">
                      {timeError}
                    </div>
                  )}
                </td>
                <td className={percentError ? 'field--error' : undefined}>
                  <input
                    inputMode="decimal"
                    aria-label={`%B of step ${step}`}
                    aria-invalid={percentError ? true : undefined}
                    aria-describedby={percentError ? `gradient-${index}-b-error` : undefined}
                    value={row.percentB}
                    onChange={(event) => set(index, { percentB: event.target.value })}
                  />
                  {percentError && (
                    <div className="field__error" id={`gradient-${index}-b-error`} role="alert">
                      {percentError}
                    </div>
                  )}
                </td>
                <td className="gradient-table__a">{percentA(row.percentB)}</td>
                <td>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Remove step ${step}`}
                    disabled={rows.length === 1}
                    onClick={() => onChange(rows.filter((_, at) => at !== index))}
                  >
                    <Icon name="delete" />
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => onChange([...rows, nextRow(rows, runTime)])}
        disabled={rows.length >= 50}
      >
        <Icon name="add" /> Add step
      </button>
    </div>
  );
}
