// A standard's calibration level on its sequence row (docs/assay.md "Standards entered once"): the amounts
// live in the template's component table, the row names the level and shows what it reads from there,
// read-only, with a link to the table; "Own amounts" keeps the standard's amounts (older sequences).
import { levelAmounts, levelCount, type Component } from '@eluent/contracts';
import { Link } from 'react-router-dom';

interface Props {
  row: number;
  level: number | null;
  components: readonly Component[];
  templateUuid: string | null;
  disabled: boolean;
  onChange: (level: number | null) => void;
}

/** "caffeine 25 µg/mL · theobromine 10 µg/mL": what a level holds, as the component table gives it. */
export function levelText(components: readonly Component[], level: number): string {
  const amounts = levelAmounts(components, level);
  if (amounts.length === 0) return 'not in the component table';
  return amounts
    .map((a) => `${a.analyte} ${a.amount}${a.amount_unit ? ` ${a.amount_unit}` : ''}`)
    .join(' · ');
}

export function LevelCell({ row, level, components, templateUuid, disabled, onChange }: Props) {
  const count = Math.max(levelCount(components), level ?? 0);
  return (
    <div className="sequence-table__level">
      <select
        aria-label={`Row ${row} calibration level`}
        disabled={disabled}
        value={level ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">Own amounts</option>
        {Array.from({ length: count }, (_, index) => (
          <option key={index + 1} value={index + 1}>
            Level {index + 1}
          </option>
        ))}
      </select>
      {level !== null && (
        <span className="sequence-table__level-amounts" aria-label={`Row ${row} amounts`}>
          {levelText(components, level)}
          {templateUuid && (
            <>
              {' '}
              <Link to={`/app/templates/${templateUuid}`}>component table</Link>
            </>
          )}
        </span>
      )}
    </div>
  );
}
