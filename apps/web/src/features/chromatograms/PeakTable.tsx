// The peak table: separation code, RT, area, area %, height, W50, tailing, plates, resolution, S/N and amount.
// Negative peaks keep their sign and carry N in their code. Peaks below the reporting threshold (ICH Q3A/Q3B,
// default 0.05 % of the total area) follow the reported ones in a collapsed group: kept, not counted in Area %.
import { useState } from 'react';
import { describeSeparationCode } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { splitReported, thresholdText, type PeakRow } from './peakRows.ts';
import './chromatograms.css';

const fixed = (value: number | null, digits: number) =>
  value === null || !Number.isFinite(value) ? '—' : value.toFixed(digits);
const whole = (value: number | null) =>
  value === null || !Number.isFinite(value) ? '—' : Math.round(value).toLocaleString();

function PeakRowCells({ row, hasAmounts }: { row: PeakRow; hasAmounts: boolean }) {
  return (
    <>
      <td>{row.number}</td>
      <td>{row.name ?? '—'}</td>
      <td className="peak-table__code" title={describeSeparationCode(row.code)}>
        {row.code}
      </td>
      <td>{fixed(row.retentionTimeSec / 60, 3)}</td>
      <td>{fixed(row.area, 3)}</td>
      <td>{row.belowReportingThreshold ? '—' : fixed(row.areaPercent, 2)}</td>
      <td>{fixed(row.height, 3)}</td>
      <td>{fixed(row.widthHalfSec, 2)}</td>
      <td>{fixed(row.tailing, 2)}</td>
      <td>{whole(row.plates)}</td>
      <td>{fixed(row.resolution, 2)}</td>
      <td>{fixed(row.signalToNoise, 1)}</td>
      {hasAmounts && (
        <td>
          {fixed(row.amount, 3)} {row.amountUnit ?? ''}
        </td>
      )}
    </>
  );
}

function Rows({
  rows,
  selected,
  hasAmounts,
}: {
  rows: readonly PeakRow[];
  selected: readonly number[];
  hasAmounts: boolean;
}) {
  return rows.map((row) => (
    <tr
      key={row.number}
      className={
        [
          row.negative ? 'peak-table__negative' : '',
          row.belowReportingThreshold ? 'peak-table__below' : '',
          selected.includes(row.number) ? 'peak-table__selected' : '',
        ]
          .join(' ')
          .trim() || undefined
      }
      data-code={row.code}
      data-below={row.belowReportingThreshold || undefined}
      data-selected={selected.includes(row.number) || undefined}
    >
      <PeakRowCells row={row} hasAmounts={hasAmounts} />
    </tr>
  ));
}

export function PeakTable({
  rows,
  unit,
  caption,
  selected = [],
  empty = 'No peaks found.',
  reportingThresholdPercent = null,
}: {
  rows: readonly PeakRow[];
  unit: string;
  caption?: string;
  /** What an empty table says: the result's reason when it has one (`noPeaksText`). */
  empty?: string | null;
  /** Numbers of the peaks selected on the plot (manual integration), shown highlighted. */
  selected?: readonly number[];
  /** The threshold the below-threshold peaks were flagged at (%); null when not known (0.05 % said then). */
  reportingThresholdPercent?: number | null;
}) {
  const [showBelow, setShowBelow] = useState(false);
  if (rows.length === 0) return <p className="peak-table__empty">{empty ?? 'No peaks found.'}</p>;
  const hasAmounts = rows.some((row) => row.amount !== null);
  const { reported, below } = splitReported(rows);
  const columns = 12 + (hasAmounts ? 1 : 0);
  return (
    <div className="peak-table-wrap">
      <table className="peak-table" aria-label={caption ?? 'Peaks'}>
        <thead>
          <tr>
            <th>#</th>
            <th>Name</th>
            <th title="Separation code: B baseline, V valley, T tangent skim, S shoulder, N negative">
              Code
            </th>
            <th title="Retention time">RT, min</th>
            <th>Area, {unit}·s</th>
            <th title="Share of the reported peaks' total area">Area %</th>
            <th>Height, {unit}</th>
            <th title="Width at half height">W50, s</th>
            <th>Tailing</th>
            <th title="Plates at half height">Plates</th>
            <th>Resolution</th>
            <th>S/N</th>
            {hasAmounts && <th>Amount</th>}
          </tr>
        </thead>
        <tbody>
          <Rows rows={reported} selected={selected} hasAmounts={hasAmounts} />
        </tbody>
        {below.length > 0 && (
          <tbody className="peak-table__below-group">
            <tr className="peak-table__group-head">
              <td colSpan={columns}>
                <button type="button" aria-expanded={showBelow} onClick={() => setShowBelow(!showBelow)}>
                  <Icon name={showBelow ? 'expand_less' : 'expand_more'} />{' '}
                  {thresholdText(below.length, reportingThresholdPercent)}
                </button>
              </td>
            </tr>
            {showBelow && <Rows rows={below} selected={selected} hasAmounts={hasAmounts} />}
          </tbody>
        )}
      </table>
    </div>
  );
}
