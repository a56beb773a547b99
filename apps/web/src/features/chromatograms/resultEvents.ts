// What a stored result says about its integration: the events it applied (`detection.events` of its
// figures, else its template snapshot's `integration_events`) and the reporting threshold it flagged peaks at.
import { integrationEventSchema, type IntegrationEvent } from '@eluent/contracts';

/** The contract's limit of events in a template (`integrationEventsSchema`). */
const MAX_EVENTS = 200;

interface StoredResult {
  template_snapshot: Record<string, unknown>;
  figures: unknown;
}

const detectionOf = (figures: unknown): Record<string, unknown> | null => {
  const detection = (figures as { detection?: unknown } | null)?.detection;
  return detection && typeof detection === 'object' ? (detection as Record<string, unknown>) : null;
};

/** The events a result was integrated with; an empty list when it names none or what it names does not read. */
export function resultEvents(result: StoredResult | null | undefined): IntegrationEvent[] {
  if (!result) return [];
  const applied = detectionOf(result.figures)?.events;
  const source = applied ?? result.template_snapshot.integration_events ?? [];
  if (!Array.isArray(source)) return [];
  // Each event on its own: one that does not read is left out, the others still drawn.
  return source.slice(0, MAX_EVENTS).flatMap((item: unknown) => {
    const parsed = integrationEventSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The reporting threshold (%) the result flagged its peaks at; null when it does not say. */
export function resultThresholdPercent(result: StoredResult | null | undefined): number | null {
  const threshold = detectionOf(result?.figures)?.reportingThreshold as { percent?: unknown } | undefined;
  if (typeof threshold?.percent === 'number') return threshold.percent;
  const snapshot = result?.template_snapshot.reporting_threshold_percent;
  return typeof snapshot === 'number' ? snapshot : null;
}
