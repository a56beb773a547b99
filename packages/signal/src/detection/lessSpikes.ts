import { medianInPlace } from '../statistics/median.ts';
import { narrowEndWidthSamples } from './detectionSettings.ts';

/**
 * The noise range h over the pharmacopoeial window in SDs of white noise (the expected range of 20–100
 * normal samples is 3.7–5.0 SD; the corpus's S/N uses the same 5).
 */
const RANGE_PER_SD = 5;
/**
 * A spike stands out of each of its neighbours by more than 2 h: its own S/N, 2H/h, then exceeds 4, above
 * the detection limit of 3 (ICH Q2(R1)), so it is one a detection could report; white noise never does it
 * (10 SD).
 */
const SPIKE_RANGES = 2;
/**
 * Spikes are replaced only on a run whose clearly real peaks, the spikes taken out, are resolved: narrow-end
 * W50 of at least 4 samples (the metamorphic suite's rule, about the ten data points OpenLab CDS needs
 * across a peak). An undersampled run's peaks are one or two samples wide and would read as spikes.
 */
const RESOLVED_WIDTH_SAMPLES = 4;

/**
 * Spikes (one-sample excursions: a bubble, an electrical transient) replaced by the mean of their two
 * neighbours, as Metrohm IC Net's spike filter exchanges a spike "with half of the sum of two neighbouring
 * signal values" (Chromeleon's Olympic filter drops it from each average). A sample is a spike where it
 * stands out of both neighbours on the same side, by more than twice the range of the run's
 * sample-to-sample noise (`SPIKE_RANGES`) and by more than half its height over the mean of its second neighbours, each: a
 * peak of W50 2 samples reads exactly half (its neighbours at half height), one of 3 samples 0.38, so no
 * peak a CDS integrates is touched (the apex of a coarsely sampled tailing peak stands out of its lower
 * neighbour by more than half, never of both); a baseline step stands out of one neighbour only. A spike on
 * a steep flank is found where it stands out of the flank's rise per sample by that much (`onFlank`). The noise is the
 * median absolute deviation of the second differences (1.4826 MAD / √6 for white noise), which neither
 * peaks nor spikes move; a quantised run whose second differences are mostly zero reads it from their mean
 * absolute deviation (× √(π/2)), and a run with neither has no spikes. Only on a run whose clearly real
 * peaks are resolved (`RESOLVED_WIDTH_SAMPLES`). Returns the same array when it replaces nothing, with the
 * indices replaced.
 */
export function lessSpikes(values: Float64Array): { values: Float64Array; spikes: number[] } {
  const n = values.length;
  const none = { values, spikes: [] };
  if (n < 5) return none;
  const sd = secondDifferenceSd(values);
  if (!(sd > 0)) return none;
  const limit = SPIKE_RANGES * RANGE_PER_SD * sd;
  const spikes: number[] = [];
  for (let i = 2; i < n - 2; i++) {
    const v = values[i]!;
    const left = v - values[i - 1]!;
    const right = v - values[i + 1]!;
    const least = Math.min(Math.abs(left), Math.abs(right));
    if (Math.sign(left) !== Math.sign(right) || !(least > limit)) continue;
    const height = v - (values[i - 2]! + values[i + 2]!) / 2;
    // The height stands out of the noise too: a neighbour of a spike on a flank stands out of the spike
    // and of its other neighbour (by the flank's slope), not of its second neighbours.
    if (Math.sign(height) !== Math.sign(left) || !(Math.abs(height) > limit)) continue;
    if (!(least > Math.abs(height) / 2) && !onFlank(values, i, limit, height)) continue;
    // A spike's neighbour can read as one (it stands out of the spike and, on a flank, of its other
    // neighbour): of two neighbouring candidates the one further from its neighbours' mean is the spike.
    const previous = spikes[spikes.length - 1];
    if (previous === i - 1) {
      if (Math.abs(excessOf(values, i)) <= Math.abs(excessOf(values, previous))) continue;
      spikes.pop();
    }
    spikes.push(i);
  }
  if (!spikes.length) return none;
  const out = Float64Array.from(values);
  for (const i of spikes) out[i] = (values[i - 1]! + values[i + 1]!) / 2;
  // The run's clearly real peaks, the candidates taken out, must be resolved: where they are not, the
  // candidates are its own undersampled peaks.
  const width = narrowEndWidthSamples(out);
  if (width === null || width < RESOLVED_WIDTH_SAMPLES) return none;
  return { values: out, spikes };
}

/** How far a sample stands from the mean of its two neighbours. */
function excessOf(values: Float64Array, i: number): number {
  return values[i]! - (values[i - 1]! + values[i + 1]!) / 2;
}

/** The noise SD from the median absolute deviation of the second differences (white noise: √6 σ). */
function secondDifferenceSd(values: Float64Array): number {
  const second = new Float64Array(values.length - 2);
  for (let i = 1; i < values.length - 1; i++)
    second[i - 1] = values[i + 1]! - 2 * values[i]! + values[i - 1]!;
  const centre = medianInPlace(second);
  // The deviations in the same array (the median reordered it; the mean and the median do not care).
  let sum = 0;
  for (let i = 0; i < second.length; i++) {
    second[i] = Math.abs(second[i]! - centre);
    sum += second[i]!;
  }
  const mean = sum / second.length;
  const mad = medianInPlace(second);
  if (mad > 0) return (1.4826 * mad) / Math.sqrt(6);
  return (Math.sqrt(Math.PI / 2) * mean) / Math.sqrt(6);
}

/**
 * Whether sample i is a spike on a steep flank, where the flank's fall takes from its rise over the downhill
 * neighbour: read against the flank's slope (its second neighbours' rise per sample) it stands out of both
 * neighbours by more than half its height, and its neighbours lie on one flank through it — the gap across it
 * runs the way the differences outside it run and is no wider than twice the steeper of them (plus the
 * limit). A baseline step's neighbours lie on two levels: on a falling tail the gap across a step up runs
 * upwards (seed 34's `step_22`); a downward spike on a peak's falling flank (seed 37's `spikes_18`, 1.8 out of
 * its downhill neighbour against a depth of 4.2) had its neighbour replaced instead, and the peak was lost.
 */
function onFlank(values: Float64Array, i: number, limit: number, height: number): boolean {
  const slope = (values[i + 2]! - values[i - 2]!) / 4;
  const left = values[i]! - values[i - 1]! - slope;
  const right = values[i]! - values[i + 1]! + slope;
  if (Math.sign(left) !== Math.sign(right)) return false;
  if (!(Math.min(Math.abs(left), Math.abs(right)) > Math.abs(height) / 2)) return false;
  const gap = values[i + 1]! - values[i - 1]!;
  const before = values[i - 1]! - values[i - 2]!;
  const after = values[i + 2]! - values[i + 1]!;
  // One flank: the gap across the spike runs the way the differences outside it run (a step on a falling
  // tail jumps up across it), and is no wider than twice the steeper of them.
  if (!(Math.sign(gap) === Math.sign(before) && Math.sign(gap) === Math.sign(after))) return false;
  return Math.abs(gap) <= 2 * Math.max(Math.abs(before), Math.abs(after)) + limit;
}
