// The template's integration events (a CDS timetable): one row per event — what it does, from when, to when,
// its value where the kind takes one — each cell checked against the contract as it is typed, the message
// beside the cell. Rows can also be placed on the live preview's plot ("Add event" there).
import { useId } from 'react';
import { integrationEventKinds, type IntegrationEventKind } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { RemoveRowButton } from '../../components/RemoveRowButton.tsx';
import { Tooltip } from '../../components/Tooltip.tsx';
import {
  eventKindInfo,
  isPointKind,
  isValuedKind,
  readEventRow,
  type EventCell,
  type EventRow,
  type EventRowErrors,
} from './integrationEventRows.ts';
import type { TimeUnit } from './templateForm.ts';

function Cell({
  label,
  cell,
  row,
  errors,
  disabled,
  placeholder,
  onChange,
}: {
  label: string;
  cell: Exclude<EventCell, 'kind'>;
  row: EventRow;
  errors: EventRowErrors;
  disabled?: boolean;
  placeholder?: string;
  onChange: (row: EventRow) => void;
}) {
  const id = useId();
  const error = disabled ? undefined : errors[cell];
  return (
    <div className={`field event-row__cell ${error ? 'field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="decimal"
        value={disabled ? '' : row[cell]}
        disabled={disabled}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        onChange={(event) => onChange({ ...row, [cell]: event.target.value })}
      />
      <div className="field__error" id={`${id}-error`} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </div>
    </div>
  );
}

function EventRowFields({
  row,
  index,
  timeUnit,
  signalUnit,
  onChange,
  onRemove,
}: {
  row: EventRow;
  index: number;
  timeUnit: TimeUnit;
  signalUnit: string;
  onChange: (row: EventRow) => void;
  onRemove: () => void;
}) {
  const kindId = useId();
  const info = eventKindInfo[row.kind];
  const { errors } = readEventRow(row, timeUnit);
  const valueUnit = info.valueUnit?.replace('signal', signalUnit);
  return (
    <li className="event-row" aria-label={`Event ${index + 1}: ${info.label}`}>
      <div className="event-row__kind field">
        <label htmlFor={kindId}>Event</label>
        <Tooltip content={info.vendor}>
          <select
            id={kindId}
            value={row.kind}
            onChange={(event) => onChange({ ...row, kind: event.target.value as IntegrationEventKind })}
          >
            {integrationEventKinds.map((kind) => (
              <option key={kind} value={kind}>
                {eventKindInfo[kind].label}
              </option>
            ))}
          </select>
        </Tooltip>
        <RemoveRowButton label={`Remove event ${index + 1}`} onRemove={onRemove} />
      </div>
      <div className="event-row__cells">
        <Cell label={`From, ${timeUnit}`} cell="from" row={row} errors={errors} onChange={onChange} />
        <Cell
          label={`To, ${timeUnit}`}
          cell="to"
          row={row}
          errors={errors}
          disabled={isPointKind(row.kind)}
          placeholder={isPointKind(row.kind) ? 'point' : 'end of run'}
          onChange={onChange}
        />
        <Cell
          label={valueUnit ? `Value, ${valueUnit}` : 'Value'}
          cell="value"
          row={row}
          errors={errors}
          disabled={!isValuedKind(row.kind)}
          placeholder={isValuedKind(row.kind) ? undefined : '—'}
          onChange={onChange}
        />
      </div>
    </li>
  );
}

export function IntegrationEventsEditor({
  rows,
  timeUnit,
  signalUnit,
  onChange,
}: {
  rows: readonly EventRow[];
  timeUnit: TimeUnit;
  signalUnit: string;
  onChange: (rows: EventRow[]) => void;
}) {
  const nextId = rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;
  return (
    <section className="card template-step" aria-label="Integration events">
      <h2>
        <Icon name="event_note" /> Integration events
      </h2>
      <p className="template-step__lead">
        Timed changes to integration, as a CDS method&apos;s timetable has them. Add them here or on the live
        preview&apos;s plot.
      </p>
      {rows.length > 0 && (
        <ol className="event-rows" aria-label="Integration events">
          {rows.map((row, index) => (
            <EventRowFields
              key={row.id}
              row={row}
              index={index}
              timeUnit={timeUnit}
              signalUnit={signalUnit}
              onChange={(next) => onChange(rows.map((item) => (item.id === row.id ? next : item)))}
              onRemove={() => onChange(rows.filter((item) => item.id !== row.id))}
            />
          ))}
        </ol>
      )}
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => onChange([...rows, { id: nextId, kind: 'inhibit', from: '', to: '', value: '' }])}
      >
        <Icon name="add" /> Add row
      </button>
    </section>
  );
}
