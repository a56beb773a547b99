// The metamorphic transforms of a run that change no chemistry (issue 30), and the comparison of a
// transformed run's peaks with the unchanged run's.
import type { Peak } from '../figures/peak.ts';
import { nearestOneToOne } from './nearestOneToOne.ts';
import { processChromatogram, type ProcessingResult } from '../pipeline/processChromatogram.ts';

interface Run {
  timeSec: Float64Array;
  values: Float64Array;
}

export interface Transform {
  name: string;
  /** Block size of a decimation (1 for none): sampling resolves a peak when W50 ≥ 4 of its samples. */
  block: number;
  apply: (run: Run, peaks: readonly Peak[]) => Run;
  /** Time factor (minutes: 1/60): the transformed run's times are seconds × factor. */
  timeFactor?: number;
}

function blockMeans(values: Float64Array, size: number): Float64Array {
  return Float64Array.from({ length: Math.floor(values.length / size) }, (_, b) => {
    let sum = 0;
    for (let i = 0; i < size; i++) sum += values[b * size + i]!;
    return sum / size;
  });
}

/** Range of the values (largest less smallest). */
export function span(values: Float64Array): number {
  let low = Infinity;
  let high = -Infinity;
  for (const v of values) {
    low = Math.min(low, v);
    high = Math.max(high, v);
  }
  return high - low;
}

export const TRANSFORMS: Transform[] = [
  {
    name: 'crop to the peaks',
    block: 1,
    apply: (run, peaks) => {
      // From the first peak's start to the last peak's end, with one W50 of the first and last peak
      // beyond them (the run's own baseline before and after is gone).
      const first = peaks[0]!;
      const last = peaks[peaks.length - 1]!;
      const from = first.startSec - (first.widthHalfSec ?? 0);
      const to = last.endSec + (last.widthHalfSec ?? 0);
      const keep = Array.from(run.timeSec.keys()).filter(
        (i) => run.timeSec[i]! >= from && run.timeSec[i]! <= to,
      );
      const a = keep[0]!;
      const b = keep[keep.length - 1]! + 1;
      return { timeSec: run.timeSec.slice(a, b), values: run.values.slice(a, b) };
    },
  },
  ...[2, 4, 8].map((size) => ({
    name: `decimate by ${size}`,
    block: size,
    apply: (run: Run) => ({ timeSec: blockMeans(run.timeSec, size), values: blockMeans(run.values, size) }),
  })),
  ...[1e-3, 1e4].map((factor) => ({
    name: `scale by ${factor}`,
    block: 1,
    apply: (run: Run) => ({ timeSec: run.timeSec, values: run.values.map((v) => v * factor) }),
  })),
  {
    name: 'offset of three spans',
    block: 1,
    apply: (run) => {
      const offset = 3 * span(run.values);
      return { timeSec: run.timeSec, values: run.values.map((v) => v + offset) };
    },
  },
  {
    name: 'drift of 1 % of the largest peak a minute',
    block: 1,
    apply: (run, peaks) => {
      const largest = Math.max(...peaks.map((p) => Math.abs(p.height)));
      const t0 = run.timeSec[0]!;
      return {
        timeSec: run.timeSec,
        values: run.values.map((v, i) => v + (0.01 * largest * (run.timeSec[i]! - t0)) / 60),
      };
    },
  },
  {
    name: 'time in minutes',
    block: 1,
    timeFactor: 1 / 60,
    apply: (run) => ({ timeSec: run.timeSec.map((t) => t / 60), values: run.values }),
  },
];

export interface Comparison {
  /** Reference peaks the sampling still resolves (W50 ≥ 4 transformed samples) and inside the run. */
  compared: number;
  missing: number[];
  /** Largest relative change of an area share among the compared peaks (%). */
  worstShareChangePct: number;
  worstAt: number | null;
}

/**
 * The reference peaks (reported, positive) that sampling still resolves, matched to the transformed run's
 * by retention time within max(W50/2, 1.5 transformed samples), one-to-one and nearest pairs first; each one's share of the matched total
 * area, compared with the reference share over the same peaks.
 */
export function compare(
  reference: readonly Peak[],
  transformed: readonly Peak[],
  stepSec: number,
  transform: Transform,
  range: { from: number; to: number },
): Comparison {
  const factor = transform.timeFactor ?? 1;
  const reported = (peaks: readonly Peak[]) => peaks.filter((p) => !p.negative && !p.belowReportingThreshold);
  const ours = reported(transformed);
  const resolved = reported(reference).filter(
    (p) =>
      (p.widthHalfSec ?? 0) >= 4 * stepSec * transform.block &&
      p.startSec >= range.from &&
      p.endSec <= range.to,
  );
  // One-to-one, nearest pairs first: a peak beside a close neighbour is never matched to the neighbour.
  const matchOf = nearestOneToOne(resolved.length, ours.length, (k, j) => {
    const peak = resolved[k]!;
    const tolerance = Math.max((peak.widthHalfSec ?? 0) / 2, 1.5 * stepSec * transform.block);
    const distance = Math.abs(ours[j]!.retentionTimeSec / factor - peak.retentionTimeSec);
    return distance <= tolerance ? distance : null;
  });
  const missing: number[] = [];
  const pairs: [Peak, Peak][] = [];
  resolved.forEach((peak, k) => {
    const j = matchOf.get(k);
    if (j === undefined) missing.push(peak.retentionTimeSec);
    else pairs.push([peak, ours[j]!]);
  });
  const referenceTotal = pairs.reduce((sum, [r]) => sum + r.area, 0);
  const ourTotal = pairs.reduce((sum, [, o]) => sum + o.area, 0);
  let worst = 0;
  let worstAt: number | null = null;
  for (const [r, o] of pairs) {
    const change = 100 * Math.abs(o.area / ourTotal / (r.area / referenceTotal) - 1);
    if (change > worst) {
      worst = change;
      worstAt = r.retentionTimeSec;
    }
  }
  return { compared: resolved.length, missing, worstShareChangePct: worst, worstAt };
}

/** One change of a run, processed, and compared with the unchanged run's peaks. */
export interface MetamorphicRow {
  transform: Transform;
  result: Comparison;
  /** The unchanged run's and the changed run's processing (the bench prints what detection read on each). */
  unchanged: ProcessingResult;
  changed: ProcessingResult;
}

/**
 * Every change of no chemistry (`TRANSFORMS`) applied to a run, each processed with no template and compared
 * with the unchanged run (`compare`); none when the unchanged run lists no peak (a crop needs a first and a
 * last one). The metamorphic suite's tests and its bench read the same rows.
 */
export function metamorphicRows(run: Run): MetamorphicRow[] {
  const unchanged = processChromatogram(run, {});
  const reference = unchanged.peaks;
  if (!reference.length) return [];
  const stepSec = run.timeSec[1]! - run.timeSec[0]!;
  return TRANSFORMS.map((transform) => {
    const changedRun = transform.apply(run, reference);
    const factor = transform.timeFactor ?? 1;
    const changed = processChromatogram(changedRun, {});
    const range = {
      from: changedRun.timeSec[0]! / factor,
      to: changedRun.timeSec[changedRun.timeSec.length - 1]! / factor,
    };
    return {
      transform,
      result: compare(reference, changed.peaks, stepSec, transform, range),
      unchanged,
      changed,
    };
  });
}
