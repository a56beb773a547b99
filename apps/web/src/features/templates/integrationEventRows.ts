// The template's integration events as the editor's table holds them: one row of text per event (times in
// the editor's time unit), each cell checked with the contract's schema as it is typed, and the events the
// template saves and the preview runs (valid rows only).
import {
  integrationEventSchema,
  pointIntegrationEventKinds,
  valuedIntegrationEventKinds,
  type IntegrationEvent,
  type IntegrationEventKind,
} from '@eluent/contracts';
import type { PlotMarker } from '../../plot/plotTypes.ts';
import type { TimeUnit } from './templateForm.ts';

export interface EventRow {
  /** Stable key of the row for React (not saved). */
  id: number;
  kind: IntegrationEventKind;
  from: string;
  to: string;
  value: string;
}

export type EventCell = 'kind' | 'from' | 'to' | 'value';
export type EventRowErrors = Partial<Record<EventCell, string>>;

/** Chromatographer's name, the vendors' counterparts (tooltip), the value's unit when the kind takes one. */
export const eventKindInfo: Record<
  IntegrationEventKind,
  { label: string; vendor: string; valueUnit?: string }
> = {
  inhibit: {
    label: 'Inhibit integration',
    vendor: 'ChemStation “Integration Off/On”, Empower “Inhibit Integration”',
  },
  threshold: {
    label: 'Threshold',
    vendor: 'ChemStation “Threshold”, Empower “Set Detection Threshold” (S/N multiple or prominence)',
    valueUnit: 'signal',
  },
  peak_width: {
    label: 'Peak width',
    vendor: 'ChemStation “Peak Width”, Empower “Set Peak Width”',
    valueUnit: 's',
  },
  area_reject: {
    label: 'Area reject',
    vendor: 'ChemStation “Area Reject”, Empower “Set Minimum Area”',
    valueUnit: 'signal·s',
  },
  valley_to_valley: {
    label: 'Valley to valley',
    vendor: 'ChemStation “Baseline at Valleys On/Off”, Empower “Valley to Valley”',
  },
  tangent_skim: {
    label: 'Tangent skim',
    vendor: 'ChemStation “Tangent Skim Mode”, Empower “Tangential Skim”',
  },
  exponential_skim: {
    label: 'Exponential skim',
    vendor: 'ChemStation “Exponential skim”, Empower “Exponential Skim”',
  },
  negative_peaks: {
    label: 'Negative peaks',
    vendor: 'ChemStation “Negative Peak On/Off”, Empower “Allow Negative Peaks”',
  },
  force_baseline: {
    label: 'Force baseline',
    vendor: 'ChemStation “Baseline Now”, Empower “Force Drop Line / Force Baseline by Time”',
  },
  baseline_hold: {
    label: 'Baseline hold',
    vendor: 'ChemStation “Baseline Hold”, Empower “Set Baseline Hold”',
  },
  split_peak: { label: 'Split peak', vendor: 'ChemStation “Split Peak”, Empower “Force Drop Line”' },
  shoulders_off: {
    label: 'Shoulders off',
    vendor: 'ChemStation “Shoulders Off”, Empower “Detect Shoulders” not set',
  },
};

export const isPointKind = (kind: IntegrationEventKind) => pointIntegrationEventKinds.includes(kind);
export const isValuedKind = (kind: IntegrationEventKind) => valuedIntegrationEventKinds.includes(kind);

const factorOf = (unit: TimeUnit) => (unit === 'min' ? 60 : 1);
const round = (value: number) => String(Math.round(value * 1e4) / 1e4);

/** A number typed in a cell: undefined when empty, NaN when it does not read as one. */
function cellNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d*\.?\d+(e-?\d+)?$/i.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const cellOfPath: Record<string, EventCell> = {
  kind: 'kind',
  start_sec: 'from',
  end_sec: 'to',
  value: 'value',
};

/** The row read as an event (seconds) and the message beside each cell that the schema or a number refuses. */
export function readEventRow(
  row: EventRow,
  unit: TimeUnit,
): { event: IntegrationEvent | null; errors: EventRowErrors } {
  const errors: EventRowErrors = {};
  const from = cellNumber(row.from);
  const to = isPointKind(row.kind) ? undefined : cellNumber(row.to);
  const value = isValuedKind(row.kind) ? cellNumber(row.value) : undefined;
  if (from === undefined) errors.from = 'Enter a time';
  for (const [cell, number] of [
    ['from', from],
    ['to', to],
    ['value', value],
  ] as const) {
    if (Number.isNaN(number)) errors[cell] = 'Enter a number';
  }
  if (Object.keys(errors).length > 0) return { event: null, errors };
  const factor = factorOf(unit);
  const candidate = {
    kind: row.kind,
    start_sec: from! * factor,
    ...(to === undefined ? {} : { end_sec: to * factor }),
    ...(isValuedKind(row.kind) ? { value: value ?? null } : {}),
  };
  const parsed = integrationEventSchema.safeParse(candidate);
  if (parsed.success) return { event: parsed.data, errors };
  for (const issue of parsed.error.issues) {
    const cell = cellOfPath[String(issue.path[0] ?? 'kind')] ?? 'kind';
    errors[cell] ??= cellMessage(cell, row.kind);
  }
  return { event: null, errors };
}

function cellMessage(cell: EventCell, kind: IntegrationEventKind): string {
  if (cell === 'from') return 'Must be 0 or later';
  if (cell === 'to') return 'Must be after “from”';
  if (cell === 'value')
    return `Enter a value above 0 (${eventKindInfo[kind].valueUnit ?? ''})`.replace(' ()', '');
  return 'Choose an event';
}

/** The events of the valid rows, in time order; null when there are none (the template's default). */
export function eventsOfRows(rows: readonly EventRow[], unit: TimeUnit): IntegrationEvent[] | null {
  const events = rows.flatMap((row) => {
    const { event } = readEventRow(row, unit);
    return event ? [event] : [];
  });
  return events.length === 0 ? null : events.sort((a, b) => a.start_sec - b.start_sec);
}

/** The rows of stored events, times in `unit`; ids from `firstId`. */
export function rowsOfEvents(
  events: readonly IntegrationEvent[] | null | undefined,
  unit: TimeUnit,
  firstId = 1,
): EventRow[] {
  const factor = factorOf(unit);
  return (events ?? []).map((event, index) => ({
    id: firstId + index,
    kind: event.kind,
    from: round(event.start_sec / factor),
    to: event.end_sec === null || event.end_sec === undefined ? '' : round(event.end_sec / factor),
    value: event.value === null || event.value === undefined ? '' : String(event.value),
  }));
}

/** A row for a time range picked on the plot (seconds); a click (no end) runs to the end of the run. */
export function rowOfPick(
  kind: IntegrationEventKind,
  fromSec: number,
  toSec: number | null,
  unit: TimeUnit,
  id: number,
): EventRow {
  const factor = factorOf(unit);
  const start = Math.max(0, toSec === null ? fromSec : Math.min(fromSec, toSec));
  const end = toSec === null || isPointKind(kind) ? null : Math.max(fromSec, toSec);
  return { id, kind, from: round(start / factor), to: end === null ? '' : round(end / factor), value: '' };
}

/** Every row's times converted to another unit (the editor's minutes/seconds toggle). */
export function convertRows(rows: readonly EventRow[], from: TimeUnit, to: TimeUnit): EventRow[] {
  const factor = factorOf(from) / factorOf(to);
  const convert = (text: string) => {
    const number = cellNumber(text);
    return number === undefined || Number.isNaN(number) ? text : round(number * factor);
  };
  return rows.map((row) => ({ ...row, from: convert(row.from), to: convert(row.to) }));
}

/** The plot's markers for events: a band per range, a line per point event, labelled with the kind (and value). */
export function markersOfEvents(events: readonly IntegrationEvent[] | null | undefined): PlotMarker[] {
  return (events ?? []).map((event) => ({
    label:
      event.value === null || event.value === undefined
        ? eventKindInfo[event.kind].label
        : `${eventKindInfo[event.kind].label} ${event.value}`,
    startSec: event.start_sec,
    endSec: isPointKind(event.kind) ? null : (event.end_sec ?? null),
    point: isPointKind(event.kind),
  }));
}
