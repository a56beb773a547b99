// A shared sample read through GraphQL with the visitor token: the sample, its injections, their
// measurements and the peaks of the latest processing result.
import type { ReportPeak } from '../print/reportModel.ts';
import {
  asList,
  asObject,
  num,
  resultPeaksOf,
  templateName,
  text,
  thresholdOf,
} from '../print/reportModel.ts';

export const SHARED_SAMPLE_QUERY = `query SharedSample($id: Int!) {
  samples_by_pk(id: $id) {
    id name type description column_name created_at
    injections {
      id state replicate vial started_at finished_at method_snapshot
      measurements {
        id name state signal_unit points_count duration_sec
        peaks { number name retention_time_sec area area_percent height amount amount_unit plates_half tailing resolution signal_to_noise
      start_code stop_code }
        processing_results { version template_snapshot figures }
      }
    }
  }
}`;

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

export function sharedSampleOf(data: unknown): SharedSample | null {
  const row = asObject(asObject(data).samples_by_pk);
  if (num(row.id) === null) return null;
  return {
    id: num(row.id)!,
    name: text(row.name) ?? '',
    type: text(row.type) ?? 'sample',
    description: text(row.description) ?? '',
    column: text(row.column_name),
    createdAt: text(row.created_at),
    injections: asList(row.injections).map((injection) => {
      const measurement = asList(injection.measurements)[0] ?? {};
      const results = asList(measurement.processing_results);
      const latest = results.reduce<Record<string, unknown> | null>(
        (best, result) => (best && (num(best.version) ?? 0) >= (num(result.version) ?? 0) ? best : result),
        null,
      );
      return {
        id: num(injection.id) ?? 0,
        state: text(injection.state) ?? '',
        replicate: num(injection.replicate),
        vial: num(injection.vial),
        startedAt: text(injection.started_at),
        method: text(asObject(injection.method_snapshot).name),
        measurementId: num(measurement.id),
        measurementState: text(measurement.state),
        unit: text(measurement.signal_unit) ?? '',
        template: latest ? templateName(latest.template_snapshot) : null,
        processed: latest !== null,
        // The measurement's peaks are the latest result's: flagged at the threshold that result applied.
        peaks: resultPeaksOf(measurement.peaks, latest?.figures),
        reportingThresholdPercent: thresholdOf(latest?.figures),
      };
    }),
  };
}
