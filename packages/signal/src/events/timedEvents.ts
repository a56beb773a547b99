/**
 * Timed integration events of a template (docs/processing.md "Integration events"): the ChemStation timed
 * events, Empower integration events and Chromeleon detection parameters a method carries. The contract's
 * zod schema (packages/contracts, `integrationEventSchema`) checks them at every boundary; here an event of
 * an unknown kind is skipped.
 */
export interface IntegrationEventInput {
  kind: string;
  start_sec: number;
  end_sec?: number | null;
  value?: number | null;
}

/** An event the run saw, with the time range it acts over ([from, to]; from = to for a point event). */
export interface TimedEvent {
  kind: string;
  start_sec: number;
  end_sec: number | null;
  value: number | null;
  fromSec: number;
  toSec: number;
}

/** The record of an applied event kept in the result (`detection.events`). */
export type AppliedEvent = Pick<TimedEvent, 'kind' | 'start_sec' | 'end_sec' | 'value'>;

const POINT_KINDS = new Set(['force_baseline', 'split_peak']);
/** Kinds that set a value from their start until the next event of the same kind (ChemStation's rule). */
const VALUE_KINDS = new Set(['threshold', 'peak_width', 'area_reject']);
const RANGE_KINDS = new Set([
  'inhibit',
  'valley_to_valley',
  'tangent_skim',
  'exponential_skim',
  'negative_peaks',
  'baseline_hold',
  'shoulders_off',
]);

/**
 * The events in time order (stable for equal starts) with their ranges, keeping only those that act inside
 * the run [firstSec, lastSec]: an event wholly outside the run changes nothing and is not recorded.
 */
export function timedEvents(
  events: readonly IntegrationEventInput[] | null | undefined,
  firstSec: number,
  lastSec: number,
): TimedEvent[] {
  const known = (events ?? []).filter(
    (event) =>
      (POINT_KINDS.has(event.kind) || VALUE_KINDS.has(event.kind) || RANGE_KINDS.has(event.kind)) &&
      (!VALUE_KINDS.has(event.kind) || (event.value ?? 0) > 0),
  );
  const sorted = known
    .map((event, order) => ({ event, order }))
    .sort((a, b) => a.event.start_sec - b.event.start_sec || a.order - b.order)
    .map(({ event }) => event);
  const timed = sorted.map((event, k): TimedEvent => {
    const end = event.end_sec ?? null;
    let toSec = end ?? Infinity;
    if (POINT_KINDS.has(event.kind)) toSec = event.start_sec;
    else if (VALUE_KINDS.has(event.kind) && end === null) {
      const next = sorted.slice(k + 1).find((later) => later.kind === event.kind);
      toSec = next ? next.start_sec : Infinity;
    }
    return {
      kind: event.kind,
      start_sec: event.start_sec,
      end_sec: POINT_KINDS.has(event.kind) ? null : end,
      value: event.value ?? null,
      fromSec: event.start_sec,
      toSec,
    };
  });
  return timed.filter((event) =>
    POINT_KINDS.has(event.kind)
      ? event.fromSec > firstSec && event.fromSec < lastSec
      : event.fromSec <= lastSec && event.toSec >= firstSec,
  );
}

/** The events of one kind. */
export function ofKind(events: readonly TimedEvent[], kind: string): TimedEvent[] {
  return events.filter((event) => event.kind === kind);
}

/** Whether a time lies in one of the events' ranges (from inclusive, to exclusive). */
export function inRanges(events: readonly TimedEvent[], tSec: number): boolean {
  return events.some((event) => tSec >= event.fromSec && tSec < event.toSec);
}

/** The event of the list whose range holds a time (the latest started), or null. */
export function eventAt(events: readonly TimedEvent[], tSec: number): TimedEvent | null {
  let found: TimedEvent | null = null;
  for (const event of events) if (tSec >= event.fromSec && tSec < event.toSec) found = event;
  return found;
}

/** What a result records of the events it applied. */
export function appliedEvents(events: readonly TimedEvent[]): AppliedEvent[] {
  return events.map(({ kind, start_sec, end_sec, value }) => ({ kind, start_sec, end_sec, value }));
}
