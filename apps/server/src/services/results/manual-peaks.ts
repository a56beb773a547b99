// Manual integration on a processed signal: a batch of changes planned with the shared geometry of
// packages/contracts (the same refusals the web app shows), then every changed peak measured again with
// packages/signal (area, apex, widths, plates, tailing) and the run-level figures (area %, resolution, S/N)
// completed again. Pure: no I/O.
import { baselineAt, completeFigures, firstIndexAtOrAfter, measurePeak, type Peak } from '@eluent/signal';
import {
  IntegrationRefusal,
  planIntegration,
  type IntegrationEdit,
  type IntegrationSignal,
  type PlannedPeak,
} from '@eluent/contracts';

export { IntegrationRefusal };

export interface ProcessedSignal extends IntegrationSignal {
  timeSec: Float64Array;
  /** The signal after blank subtraction and run baseline, as automatic integration measured it. */
  values: Float64Array;
}

/** Measures a planned peak over its straight baseline; its apex is the highest sample above it. */
function measure(signal: ProcessedSignal, planned: PlannedPeak): Peak {
  const { timeSec, values } = signal;
  const { startSec, endSec } = planned;
  const baseline = {
    startSec,
    startValue: planned.baselineStartValue,
    endSec,
    endValue: planned.baselineEndValue,
  };
  let apexIndex = -1;
  let best = -Infinity;
  for (let i = firstIndexAtOrAfter(timeSec, startSec); i < timeSec.length; i++) {
    const t = timeSec[i] as number;
    if (t > endSec) break;
    const above = (values[i] as number) - baselineAt(baseline, t);
    if (above > best) {
      best = above;
      apexIndex = i;
    }
  }
  // A peak needs its apex strictly inside the signal.
  if (apexIndex <= 0 || apexIndex >= timeSec.length - 1)
    throw new IntegrationRefusal('integration_too_narrow');
  return measurePeak(timeSec, values, {
    startSec,
    endSec,
    apexIndex,
    baseline,
    startCode: planned.startCode,
    stopCode: planned.stopCode,
  });
}

/**
 * Applies a batch of changes, in order, to the peaks of a result (sorted by retention time) and returns the
 * new peak list, sorted, with run-level figures completed. Peaks the batch left alone keep their figures.
 * @throws IntegrationRefusal naming the refused change and its reason; nothing is applied then.
 */
export function editPeaks(
  signal: ProcessedSignal,
  peaks: Peak[],
  edits: readonly IntegrationEdit[],
  noisePeakToPeak: number | null,
): Peak[] {
  const planned = planIntegration(signal, peaks, edits);
  const next = planned.map((peak, index) => {
    if (peak.keptIndex !== null) return peaks[peak.keptIndex] as Peak;
    try {
      return measure(signal, peak);
    } catch (error) {
      // The change that made this peak is not known here; name the peak as the batch left it.
      if (error instanceof IntegrationRefusal) throw new IntegrationRefusal(error.code, { peak: index + 1 });
      throw error;
    }
  });
  next.sort((x, y) => x.retentionTimeSec - y.retentionTimeSec);
  return completeFigures(next, { noisePeakToPeak });
}
