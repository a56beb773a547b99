import type { PeakLimits } from '../figures/measurePeak.ts';
import { baselineAt } from '../integration/integrateArea.ts';
import { firstIndexAtOrAfter } from '../integration/sampleCells.ts';
import { levelAt } from './levelAt.ts';
import { ofKind, type TimedEvent } from './timedEvents.ts';
import { valleyToValley } from './valleyToValley.ts';

/** One peak's limits with its skim parent held by reference while peaks are split and re-based. */
interface Node {
  limit: PeakLimits;
  parent?: Node;
}

interface Signal {
  timeSec: Float64Array;
  values: Float64Array;
}

/**
 * The events that move integration limits and baselines, each kind in time order, in this order: inhibit
 * (a peak crossing the edge of the range ends at the edge), valley_to_valley, force_baseline, split_peak,
 * baseline_hold. Skim parents (`skimParent`, positions in the list) are kept through splits.
 */
export function applyLimitEvents(
  limits: readonly PeakLimits[],
  events: readonly TimedEvent[],
  signal: Signal,
): PeakLimits[] {
  if (events.length === 0) return [...limits];
  let nodes: Node[] = limits.map((limit) => ({ limit }));
  nodes.forEach((node, k) => {
    const parent = limits[k]!.skimParent;
    if (parent !== undefined) node.parent = nodes[parent];
  });
  for (const event of ofKind(events, 'inhibit')) clipAtInhibit(nodes, event, signal);
  for (const event of ofKind(events, 'valley_to_valley')) valleyToValley(nodes, event, signal);
  for (const event of ofKind(events, 'force_baseline')) nodes = forceBaseline(nodes, event.fromSec, signal);
  for (const event of ofKind(events, 'split_peak')) nodes = splitPeak(nodes, event.fromSec, signal);
  for (const event of ofKind(events, 'baseline_hold')) baselineHold(nodes, event, signal);
  const position = new Map(nodes.map((node, k) => [node, k]));
  return nodes.map((node) => ({
    ...node.limit,
    skimParent: node.parent ? position.get(node.parent) : undefined,
  }));
}

/** No peak starts or ends inside an inhibit range: one crossing an edge ends (or starts) at that edge. */
function clipAtInhibit(nodes: Node[], event: TimedEvent, signal: Signal): void {
  const from = event.fromSec;
  const to = event.toSec;
  for (const node of nodes) {
    const limit = node.limit;
    const apexSec = signal.timeSec[limit.apexIndex]!;
    if (apexSec < from && limit.endSec > from) node.limit = { ...limit, endSec: from, stopCode: 'B' };
    else if (apexSec > to && limit.startSec < to) node.limit = { ...limit, startSec: to, startCode: 'B' };
  }
}

/** The sample of the extreme (by sign) of the signal over [fromSec, toSec]. */
function apexWithin(signal: Signal, fromSec: number, toSec: number, sign: 1 | -1): number {
  const { timeSec, values } = signal;
  let best = Math.min(values.length - 1, firstIndexAtOrAfter(timeSec, fromSec));
  for (let i = best; i < values.length && timeSec[i]! <= toSec; i++)
    if (sign * values[i]! > sign * values[best]!) best = i;
  return best;
}

/** Splits a peak at a time into two with the same baseline: the left ends, the right starts there. */
function splitAt(node: Node, tSec: number, signal: Signal, code: PeakLimits['stopCode']): [Node, Node] {
  const limit = node.limit;
  const sign = limit.sign ?? 1;
  const left: Node = {
    limit: {
      ...limit,
      endSec: tSec,
      stopCode: code,
      apexIndex: apexWithin(signal, limit.startSec, tSec, sign),
    },
    parent: node.parent,
  };
  const right: Node = {
    limit: {
      ...limit,
      startSec: tSec,
      startCode: code,
      apexIndex: apexWithin(signal, tSec, limit.endSec, sign),
    },
    parent: node.parent,
  };
  return [left, right];
}

/** Replaces a node by its two parts, moving the skim children of the old node to the nearer part. */
function replaceBySplit(nodes: Node[], k: number, parts: [Node, Node], tSec: number): Node[] {
  const old = nodes[k]!;
  for (const node of nodes)
    if (node.parent === old) node.parent = node.limit.startSec >= tSec ? parts[1] : parts[0];
  return [...nodes.slice(0, k), ...parts, ...nodes.slice(k + 1)];
}

/** split_peak: a drop line at the time splits the peak holding it into two peaks on the same baseline. */
function splitPeak(nodes: Node[], tSec: number, signal: Signal): Node[] {
  const k = nodes.findIndex((node) => node.limit.startSec < tSec && node.limit.endSec > tSec);
  if (k < 0) return nodes;
  return replaceBySplit(nodes, k, splitAt(nodes[k]!, tSec, signal, 'V'), tSec);
}

/**
 * force_baseline: the signal at the time is a baseline contact. Every peak under a baseline spanning the
 * time (a cluster's common line) is based on the line to or from that contact instead; a peak holding the
 * time is split there, both parts on their new lines (code B at the contact).
 */
function forceBaseline(nodes: Node[], tSec: number, signal: Signal): Node[] {
  const contact = levelAt(signal.timeSec, signal.values, tSec);
  let result = nodes;
  const k = result.findIndex(
    (node) => node.limit.startSec < tSec && node.limit.endSec > tSec && node.limit.startCode !== 'T',
  );
  if (k >= 0) result = replaceBySplit(result, k, splitAt(result[k]!, tSec, signal, 'B'), tSec);
  for (const node of result) {
    const { baseline, startSec, endSec, startCode } = node.limit;
    if (startCode === 'T' || !(baseline.startSec < tSec && baseline.endSec > tSec)) continue;
    if (endSec <= tSec) {
      const line = { ...baseline, endSec: tSec, endValue: contact, tail: undefined };
      node.limit = { ...node.limit, baseline: line, stopCode: endSec === tSec ? 'B' : node.limit.stopCode };
    } else if (startSec >= tSec) {
      const line = { ...baseline, startSec: tSec, startValue: contact, tail: undefined };
      node.limit = { ...node.limit, baseline: line, startCode: startSec === tSec ? 'B' : startCode };
    }
  }
  return result;
}

/**
 * baseline_hold: from the event's start to its end the baseline is horizontal at its level at the start
 * (the baseline drawn there, else the signal's own level), for every peak that lies in the range.
 */
function baselineHold(nodes: Node[], event: TimedEvent, signal: Signal): void {
  const under = nodes.find(
    (node) => node.limit.baseline.startSec <= event.fromSec && node.limit.baseline.endSec >= event.fromSec,
  );
  const level = under
    ? baselineAt(under.limit.baseline, event.fromSec)
    : levelAt(signal.timeSec, signal.values, event.fromSec);
  for (const node of nodes) {
    const limit = node.limit;
    if (limit.endSec <= event.fromSec || limit.startSec >= event.toSec || limit.startCode === 'T') continue;
    const line = { startSec: limit.startSec, startValue: level, endSec: limit.endSec, endValue: level };
    node.limit = { ...limit, baseline: line, startCode: 'B', stopCode: 'B' };
  }
}
