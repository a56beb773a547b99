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

/**
 * The reporting threshold (%) the result's detection applied (`detection.reportingThreshold`); null when it
 * applied none (a given minimum prominence, the wavelet detector, a result from before the threshold).
 */
export function resultThresholdPercent(result: StoredResult | null | undefined): number | null {
  const threshold = detectionOf(result?.figures)?.reportingThreshold as { percent?: unknown } | undefined;
  return typeof threshold?.percent === 'number' && Number.isFinite(threshold.percent)
    ? threshold.percent
    : null;
}
