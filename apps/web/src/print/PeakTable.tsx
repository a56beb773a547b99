// The peak table of an injection: retention time, area, height, amount and the system suitability figures.
// Peaks below the reporting threshold the result applied (ICH Q3A/Q3B, 0.05 % by default) follow apart, their
// Area % "—": printed under their own sub-heading; in the shared view, a collapsed group as in the viewer.
import { useState } from 'react';
import { DataTable, type Column } from '../components/DataTable.tsx';
import {
  DEFAULT_THRESHOLD_PERCENT,
  splitReported,
  thresholdText,
} from '../features/chromatograms/peakRows.ts';
import type { ReportPeak } from './reportModel.ts';

const fixed = (value: number | null, digits: number) => (value === null ? '—' : value.toFixed(digits));
const whole = (value: number | null) => (value === null ? '—' : Math.round(value).toLocaleString());

/** The printed peak table's columns; a figure the data lacks prints "—". */
export const peakColumns = (unit: string): Array<Column<ReportPeak>> => [
  { head: '#', cell: (peak) => peak.number },
  { head: 'Name', cell: (peak) => peak.name ?? '—' },
  {
    head: 'Code',
    title: 'Separation code: B baseline, V valley, T tangent skim, S shoulder, N negative',
    cell: (peak) => peak.code,
  },
  { head: 'RT (min)', cell: (peak) => (peak.retentionTimeSec / 60).toFixed(3) },
  { head: `Area (${unit}·s)`, cell: (peak) => fixed(peak.area, 3) },
  {
    head: 'Area %',
    cell: (peak) => (peak.belowReportingThreshold ? '—' : fixed(peak.areaPercent, 2)),
  },
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

function Table({
  peaks,
  unit,
  caption,
  label,
}: {
  peaks: readonly ReportPeak[];
  unit: string;
  caption?: string;
  label?: string;
}) {
  return (
    <DataTable
      className="peak-table"
      caption={caption}
      label={label}
      columns={peakColumns(unit)}
      rows={peaks}
      rowKey={(peak) => peak.number}
      rowData={(peak): Record<`data-${string}`, boolean> =>
        peak.belowReportingThreshold ? { 'data-below': true } : {}
      }
    />
  );
}

/** The peaks below the threshold: a sub-heading and their table, or (collapsible) a group opened on demand. */
function BelowGroup({
  peaks,
  unit,
  percent,
  collapsible,
}: {
  peaks: readonly ReportPeak[];
  unit: string;
  percent: number | null;
  collapsible: boolean;
}) {
  const [open, setOpen] = useState(false);
  const heading = `Below the reporting threshold (${percent ?? DEFAULT_THRESHOLD_PERCENT} %)`;
  if (!collapsible) {
    return (
      <div className="peak-table__below-group">
        <h4>{heading}</h4>
        <Table peaks={peaks} unit={unit} label={heading} />
      </div>
    );
  }
  return (
    <div className="peak-table__below-group">
      <button
        type="button"
        className="peak-table__group-head"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {thresholdText(peaks.length, percent)}
      </button>
      {open && <Table peaks={peaks} unit={unit} label={heading} />}
    </div>
  );
}

export function PeakTable({
  peaks,
  unit,
  caption,
  reportingThresholdPercent = null,
  collapsible = false,
}: {
  peaks: readonly ReportPeak[];
  unit: string;
  caption?: string;
  /** The threshold the below-threshold peaks were flagged at (%); null when the result names none. */
  reportingThresholdPercent?: number | null;
  /** The below-threshold peaks in a collapsed group (the shared view) rather than printed under a sub-heading. */
  collapsible?: boolean;
}) {
  if (peaks.length === 0) return <p className="peak-table__empty">No peaks were found.</p>;
  const { reported, below } = splitReported(peaks);
  return (
    <>
      <Table peaks={reported} unit={unit} caption={caption} />
      {below.length > 0 && (
        <BelowGroup peaks={below} unit={unit} percent={reportingThresholdPercent} collapsible={collapsible} />
      )}
    </>
  );
}
