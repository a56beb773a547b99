// A measurement as an Allotrope Simple Model liquid-chromatography document: its signal, its current
// result's peaks and the processing that made them, and the run's facts kept at import.
import { asmSupportsUnit, writeAsm, type AsmPeak } from '@eluent/signal';
import { AppError } from '../../errors.ts';
import type { MeasurementRow } from '../../repositories/sequences-runs.ts';
import type { PeakRow, ResultRow } from '../../repositories/results.ts';
import { APP_VERSION } from '../../version.ts';

function asmPeak(peak: PeakRow): AsmPeak {
  return {
    number: peak.number,
    name: peak.name,
    retentionTimeSec: peak.retention_time_sec,
    startSec: peak.start_sec,
    endSec: peak.end_sec,
    area: peak.area,
    height: peak.height ?? 0,
    areaPercent: peak.area_percent,
    heightPercent: peak.height_percent,
    widthHalfSec: peak.width_half_sec,
    widthBaseSec: peak.width_base_sec,
    plates: peak.plates_half,
    resolution: peak.resolution,
  };
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export function asmDocumentOf(
  measurement: MeasurementRow,
  signal: { timeSec: ArrayLike<number>; signal: ArrayLike<number> },
  result: ResultRow | undefined,
  peaks: PeakRow[],
): Record<string, unknown> {
  if (!asmSupportsUnit(measurement.signal_unit)) {
    throw AppError.domain(422, 'measurement_asm_unit', {
      reason: `ASM has no chromatogram for the unit ${measurement.signal_unit} (absorbance or voltage only)`,
    });
  }
  const metadata = (measurement.metadata ?? {}) as Record<string, unknown>;
  const snapshot = result?.template_snapshot ?? {};
  return writeAsm({
    timeSec: signal.timeSec,
    values: signal.signal,
    signalUnit: measurement.signal_unit,
    peaks: peaks.map(asmPeak),
    measurementIdentifier: `eluent-measurement-${measurement.id}`,
    sampleName: text(metadata.sample_name) ?? measurement.name,
    injectionTime: measurement.created_at.toISOString(),
    analyst: text(metadata.operator) ?? `Eluent user ${measurement.owner_id}`,
    methodName: text(metadata.method_name),
    instrument: text(metadata.instrument) ?? text(metadata.detector),
    channelName: measurement.channel_name ?? text(metadata.signal_description),
    processing: {
      templateName:
        text(snapshot.name) ?? (result?.template_uuid ? `template ${result.template_uuid}` : 'default'),
      version: result?.version ?? 0,
      algorithms: JSON.stringify(result?.algorithm_versions ?? {}),
    },
    software: { name: 'Eluent', version: APP_VERSION },
  });
}
