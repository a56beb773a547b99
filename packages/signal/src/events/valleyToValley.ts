import type { PeakLimits } from '../figures/measurePeak.ts';
import { baselineAt } from '../integration/integrateArea.ts';
import { levelAt } from './levelAt.ts';
import type { TimedEvent } from './timedEvents.ts';

interface Signal {
  timeSec: Float64Array;
  values: Float64Array;
}

const dropped = (code: PeakLimits['startCode']) => code === 'V' || code === 'S';

/**
 * valley_to_valley (ChemStation "Baseline at valleys"): every drop-lined peak with its apex in the range
 * keeps its limits and is re-based from contact to contact. A drop-line end (V, or S: the shoulder's split
 * point is its "valley") becomes a contact at the signal's level there; an outer end (B) keeps the
 * cluster's line. Where a line runs above the signal (a shoulder's split point lies on a flank, above
 * the foot before it and the course after it) the baseline follows the signal (ChemStation's baseline
 * penetration rule, `clipToSignal`): every area stays positive and the cluster's sum shrinks by exactly the
 * area between the drop-line baseline and that one.
 */
export function valleyToValley(nodes: { limit: PeakLimits }[], event: TimedEvent, signal: Signal): void {
  const chosen = nodes
    .filter(({ limit }) => {
      const apexSec = signal.timeSec[limit.apexIndex]!;
      if (apexSec < event.fromSec || apexSec > event.toSec || limit.startCode === 'T') return false;
      return dropped(limit.startCode) || dropped(limit.stopCode);
    })
    .sort((a, b) => a.limit.startSec - b.limit.startSec);
  const contacts = new Map<number, { level: number }>();
  const contact = (tSec: number, limit: PeakLimits) => {
    const level = Math.min(levelAt(signal.timeSec, signal.values, tSec), signal.values[limit.apexIndex]!);
    contacts.set(tSec, { level: Math.min(level, contacts.get(tSec)?.level ?? level) });
  };
  for (const { limit } of chosen) {
    if (dropped(limit.startCode)) contact(limit.startSec, limit);
    if (dropped(limit.stopCode)) contact(limit.endSec, limit);
  }
  for (const node of chosen) {
    const limit = node.limit;
    const at = (tSec: number, code: PeakLimits['startCode']) =>
      (dropped(code) ? contacts.get(tSec)?.level : undefined) ?? baselineAt(limit.baseline, tSec);
    const line = {
      startSec: limit.startSec,
      startValue: at(limit.startSec, limit.startCode),
      endSec: limit.endSec,
      endValue: at(limit.endSec, limit.stopCode),
    };
    node.limit = { ...limit, baseline: { ...line, clipToSignal: true } };
  }
}
