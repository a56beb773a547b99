/**
 * The run's baseline level, taken from its own flat stretches (never from a peak's contacts): windows of the
 * detection signal two narrow-end peak widths long, half a window apart, whose line rises by no more than
 * the noise (plus the baseline's own drift) and whose residual range stays within twice the noise range.
 * A CDS draws its baseline below the signal from such stretches and treats signal that falls clearly under
 * it as baseline penetration (ChemStation), not as a peak's start (Empower's baseline stays below the
 * signal); a dip between two peaks then bends neither peak's baseline.
 */
export interface BaselineLevel {
  /** Centre (sample index) of each flat window, ascending. */
  centres: Int32Array;
  /** Mean of the detection signal over each flat window. */
  levels: Float64Array;
  /**
   * How far beyond the first and last flat window the held level still decides (samples): as far as the
   * baseline's drift (three times the quiet windows' slope, as the contact rule allows) moves it by less
   * than a third of the depth a dip must have. A cropped run keeps its dips; a drifting one is not misread.
   */
  reachSamples: number;
}

export interface BaselineLevelScale {
  /** The detection signal. */
  smoothed: Float64Array;
  /** Narrow-end peak width in samples. */
  widthSamples: number;
  /** Noise range of the detection signal (h). */
  smoothedPeakToPeak: number;
  /** Baseline drift per sample of the quiet windows. */
  driftPerSample: number;
}

/** The held level's drift allowance, as the contact rule's: 3 × the quiet windows' slope. */
const DRIFT_ALLOWANCE = 3;

/** Flat windows are two narrow-end peak widths long: the baseline between peaks spaced apart holds one. */
const WINDOW_WIDTHS = 1;
/** A line needs this many samples before its residual range says anything (as the noise windows). */
const MIN_WINDOW_SAMPLES = 8;
/** A flat window's residual range and rise stay within this many noise ranges. */
const FLAT_NOISE_RANGES = 2;

/**
 * The flat windows of the run and their levels; null when the run holds none. `depth` is how far under the
 * level a dip reaches (it bounds how far the level is held beyond the outermost flat windows).
 */
export function runBaselineLevel(scale: BaselineLevelScale, depth = 0): BaselineLevel | null {
  const { smoothed } = scale;
  const n = smoothed.length;
  const length = Math.max(MIN_WINDOW_SAMPLES, Math.round(WINDOW_WIDTHS * scale.widthSamples));
  if (!(scale.smoothedPeakToPeak > 0) || n < length) return null;
  const noise = FLAT_NOISE_RANGES * scale.smoothedPeakToPeak;
  const centres: number[] = [];
  const levels: number[] = [];
  const meanX = (length - 1) / 2;
  let sxx = 0;
  for (let i = 0; i < length; i++) sxx += (i - meanX) ** 2;
  const stride = Math.max(1, length >> 1);
  for (let from = 0; from + length <= n; from += stride) {
    let sum = 0;
    let sxy = 0;
    for (let i = 0; i < length; i++) {
      sum += smoothed[from + i]!;
      sxy += (i - meanX) * smoothed[from + i]!;
    }
    const mean = sum / length;
    const slope = sxy / sxx;
    if (Math.abs(slope) * length > noise) continue;
    let low = Infinity;
    let high = -Infinity;
    for (let i = 0; i < length; i++) {
      const residual = smoothed[from + i]! - mean - slope * (i - meanX);
      low = Math.min(low, residual);
      high = Math.max(high, residual);
    }
    if (high - low > noise) continue;
    centres.push(from + (length >> 1));
    levels.push(mean);
  }
  if (!centres.length) return null;
  const reachSamples = depth / 3 / Math.max(DRIFT_ALLOWANCE * scale.driftPerSample, Number.MIN_VALUE);
  return { centres: Int32Array.from(centres), levels: Float64Array.from(levels), reachSamples };
}

/**
 * The level at `index`: the line between the nearest flat windows on either side (held beyond the first
 * and last), and the lower of those two windows' levels (beyond the drift's reach of them, −∞: no level
 * to be under).
 */
export function levelAt(level: BaselineLevel, index: number): { line: number; lowest: number } {
  const { centres } = level;
  let high = centres.length;
  let low = 0;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (centres[middle]! <= index) low = middle + 1;
    else high = middle;
  }
  return levelBetween(level, low, index);
}

/** The level at `index` given the first flat window after it (`next`: centres[next − 1] ≤ index < centres[next]). */
function levelBetween(level: BaselineLevel, next: number, index: number): { line: number; lowest: number } {
  const { centres, levels } = level;
  // Outside the first and last flat window the level is held, and decides only within the drift's reach.
  if (next === 0) {
    const held = centres[0]! - index <= level.reachSamples;
    return { line: levels[0]!, lowest: held ? levels[0]! : -Infinity };
  }
  if (next === centres.length) {
    const held = index - centres[next - 1]! <= level.reachSamples;
    return { line: levels[next - 1]!, lowest: held ? levels[next - 1]! : -Infinity };
  }
  const a = centres[next - 1]!;
  const line = levels[next - 1]! + ((levels[next]! - levels[next - 1]!) * (index - a)) / (centres[next]! - a);
  return { line, lowest: Math.min(levels[next - 1]!, levels[next]!) };
}

/** A stretch of the detection signal under the run's baseline level, edges where it meets the level. */
export interface BelowBaselineStretch {
  /** First and last sample under the level. */
  from: number;
  to: number;
}

/**
 * Stretches where the detection signal falls under the run's baseline level and, somewhere inside, more
 * than `depth` under the lower of the flat levels on its two sides (a dip, not the baseline's own wander
 * between two flat windows). Their edges are where the signal comes back to the level.
 */
export function belowBaselineStretches(
  smoothed: Float64Array,
  level: BaselineLevel,
  depth: number,
): BelowBaselineStretch[] {
  const result: BelowBaselineStretch[] = [];
  let from = -1;
  let deep = false;
  let next = 0;
  for (let i = 0; i <= smoothed.length; i++) {
    while (next < level.centres.length && level.centres[next]! <= i) next++;
    const at = i < smoothed.length ? levelBetween(level, next, i) : null;
    const under = at !== null && smoothed[i]! < at.line;
    if (under) {
      if (from < 0) from = i;
      if (smoothed[i]! < at.lowest - depth) deep = true;
      continue;
    }
    if (from >= 0 && deep) result.push({ from, to: i - 1 });
    from = -1;
    deep = false;
  }
  return result;
}
