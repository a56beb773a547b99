// The peak table of an injection: retention time, area, height, amount and the system suitability figures.
import { DataTable, type Column } from '../components/DataTable.tsx';
import type { ReportPeak } from './reportModel.ts';

const fixed = (value: number | null, digits: number) => (value === null ? '—' : value.toFixed(digits));
const whole = (value: number | null) => (value === null ? '—' : Math.round(value).toLocaleString());

const columns = (unit: string): Array<Column<ReportPeak>> => [
  { head: '#', cell: (peak) => peak.number },
  { head: 'Name', cell: (peak) => peak.name ?? '—' },
  {
    head: 'Code',
    title: 'Separation code: B baseline, V valley, T tangent skim, S shoulder, N negative',
    cell: (peak) => peak.code,
  },
  { head: 'RT (min)', cell: (peak) => (peak.retentionTimeSec / 60).toFixed(3) },
  { head: `Area (${unit}·s)`, cell: (peak) => fixed(peak.area, 3) },
  { head: 'Area %', cell: (peak) => fixed(peak.areaPercent, 2) },
  { head: `Height (${unit})`, cell: (peak) => fixed(peak.height, 3) },
  {
    head: 'Amount',
    cell: (peak) =>
      peak.amount === null ? '—' : `${peak.amount.toFixed(3)} ${peak.amountUnit ?? ''}`.trim(),
  },
  { head: 'Plates', cell: (peak) => whole(peak.platesHalf) },
  { head: 'Tailing', cell: (peak) => fixed(peak.tailing, 2) },
  { head: 'Resolution', cell: (peak) => fixed(peak.resolution, 2) },
  { head: 'S/N', cell: (peak) => fixed(peak.signalToNoise, 1) },
];

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
    <DataTable
      className="peak-table"
      caption={caption}
      columns={columns(unit)}
      rows={peaks}
      rowKey={(peak) => peak.number}
    />
  );
}
