// A shared sample read through GraphQL with the visitor token (SHARED_SAMPLE, its result type generated from
// the server's schema): the sample, its injections, their measurements and the peaks of the latest result.
import type { SharedSampleQuery } from '@eluent/contracts';
import type { ReportPeak } from '../print/reportModel.ts';
import { figuresOf, resultPeaksOf, snapshotName, thresholdOf } from '../print/reportParts.ts';

type SharedSampleRow = NonNullable<SharedSampleQuery['samples_by_pk']>;
type SharedInjectionRow = SharedSampleRow['injections'][number];

export interface SharedInjection {
  id: number;
  state: string;
  replicate: number | null;
  vial: number | null;
  startedAt: string | null;
  method: string | null;
  measurementId: number | null;
  measurementState: string | null;
  unit: string;
  template: string | null;
  /** A processing result is stored (its peaks, possibly none, are the latest). */
  processed: boolean;
  peaks: ReportPeak[];
  /** The reporting threshold (%) the latest result applied; null when it applied none. */
  reportingThresholdPercent: number | null;
}

export interface SharedSample {
  id: number;
  name: string;
  type: string;
  description: string;
  column: string | null;
  createdAt: string | null;
  injections: SharedInjection[];
}

function injectionOf(injection: SharedInjectionRow): SharedInjection {
  const measurement = injection.measurements[0] ?? null;
  const latest = (measurement?.processing_results ?? []).reduce<
    SharedInjectionRow['measurements'][number]['processing_results'][number] | null
  >((best, result) => (best && best.version >= result.version ? best : result), null);
  const figures = figuresOf(latest?.figures);
  return {
    id: injection.id,
    state: injection.state,
    replicate: injection.replicate,
    vial: injection.vial,
    startedAt: injection.started_at,
    method: snapshotName(injection.method_snapshot),
    measurementId: measurement?.id ?? null,
    measurementState: measurement?.state ?? null,
    unit: measurement?.signal_unit ?? '',
    template: latest ? snapshotName(latest.template_snapshot) : null,
    processed: latest !== null,
    // The measurement's peaks are the latest result's: flagged at the threshold that result applied.
    peaks: resultPeaksOf(measurement?.peaks ?? [], figures),
    reportingThresholdPercent: thresholdOf(figures),
  };
}

export function sharedSampleOf(data: SharedSampleQuery): SharedSample | null {
  const row = data.samples_by_pk;
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    column: row.column_name,
    createdAt: row.created_at,
    injections: row.injections.map(injectionOf),
  };
}
