// The peak table of an injection: retention time, area, height, amount and the system suitability figures.
import type { ReportPeak } from './reportModel.ts';

const fixed = (value: number | null, digits: number) => (value === null ? '—' : value.toFixed(digits));
const whole = (value: number | null) => (value === null ? '—' : Math.round(value).toLocaleString());

export function PeakTable({
  peaks,
  unit,
  caption,
}: {
  peaks: readonly ReportPeak[];
  unit: string;
  caption?: string;
}) {
  if (peaks.length === 0) return <p className="peak-table__empty">No peaks were found.</p>;
  return (
    <table className="peak-table">
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Name</th>
          <th
            scope="col"
            title="Separation code: B baseline, V valley, T tangent skim, S shoulder, N negative"
          >
            Code
          </th>
          <th scope="col">RT (min)</th>
          <th scope="col">Area ({unit}·s)</th>
          <th scope="col">Area %</th>
          <th scope="col">Height ({unit})</th>
          <th scope="col">Amount</th>
          <th scope="col">Plates</th>
          <th scope="col">Tailing</th>
          <th scope="col">Resolution</th>
          <th scope="col">S/N</th>
        </tr>
      </thead>
      <tbody>
        {peaks.map((peak) => (
          <tr key={peak.number}>
            <td>{peak.number}</td>
            <td>{peak.name ?? '—'}</td>
            <td>{peak.code}</td>
            <td>{(peak.retentionTimeSec / 60).toFixed(3)}</td>
            <td>{fixed(peak.area, 3)}</td>
            <td>{fixed(peak.areaPercent, 2)}</td>
            <td>{fixed(peak.height, 3)}</td>
            <td>
              {peak.amount === null ? '—' : `${peak.amount.toFixed(3)} ${peak.amountUnit ?? ''}`.trim()}
            </td>
            <td>{whole(peak.platesHalf)}</td>
            <td>{fixed(peak.tailing, 2)}</td>
            <td>{fixed(peak.resolution, 2)}</td>
            <td>{fixed(peak.signalToNoise, 1)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
