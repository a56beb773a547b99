import { baselineAt, integrateArea, type BaselineLine } from '../integration/integrateArea.ts';
import { parabolicApex } from '../integration/parabolicApex.ts';
import { firstIndexAtOrAfter } from '../integration/sampleCells.ts';
import type { Peak, SeparationCode } from './peak.ts';
import { FLANK_FLOOR, tangentWidth } from './tangentWidth.ts';
import { crossingAtEnd, flankEnd } from './widthCrossings.ts';

/** Limits of one peak as an integrator draws them. */
export interface PeakLimits {
  startSec: number;
  endSec: number;
  /** Sample index of the apex (highest sample above the baseline). */
  apexIndex: number;
  /**
   * A shoulder's retention time where it has no maximum of its own: the vertex of its curvature well
   * (OpenLab CDS places a shoulder's retention time at its point of most negative curvature); the apex
   * sample's time would move it by up to half a sample as the sampling grid moves.
   */
  apexSec?: number;
  baseline: BaselineLine;
  startCode: SeparationCode;
  stopCode: SeparationCode;
  /** −1 for a negative peak (integrated on the inverted signal). @default 1 */
  sign?: 1 | -1;
  /** A tangent-skimmed rider: position of its parent in the same list, whose area gives up this one's. */
  skimParent?: number;
}

const EIGHT_LN_2 = 8 * Math.LN2;
/** W50/W_b of a Gaussian: 2√(2 ln 2)/4. */
const HALF_TO_TANGENT_WIDTH = Math.sqrt(2 * Math.LN2) / 2;

/**
 * W50 and how it was obtained: both half-height crossings; else twice the half-width on the free side
 * (the valley to a neighbour stands above half height); else from the tangent width.
 */
function halfWidth(
  leftSec: number | null,
  rightSec: number | null,
  apexSec: number,
  widthBaseSec: number | null,
): Pick<Peak, 'widthHalfSec' | 'widthHalfSource'> {
  if (leftSec !== null && rightSec !== null) {
    return { widthHalfSec: rightSec - leftSec, widthHalfSource: 'both_sides' };
  }
  if (leftSec !== null || rightSec !== null) {
    const side = leftSec !== null ? apexSec - leftSec : (rightSec as number) - apexSec;
    if (side > 0) return { widthHalfSec: 2 * side, widthHalfSource: 'free_side' };
  }
  if (widthBaseSec !== null && widthBaseSec > 0) {
    return { widthHalfSec: HALF_TO_TANGENT_WIDTH * widthBaseSec, widthHalfSource: 'tangent' };
  }
  return { widthHalfSec: null, widthHalfSource: null };
}

/**
 * Integrates one peak and measures its shape: area (proportional rectangles), parabolic apex and height,
 * W50 (from the free side when fused with a neighbour above half height), W_b, USP tailing at 5 %,
 * asymmetry at 10 %, plates. Run-level figures (percentages, resolution, S/N, k') are filled in by
 * `completeFigures`.
 */
export function measurePeak(timeSec: ArrayLike<number>, values: ArrayLike<number>, limits: PeakLimits): Peak {
  if (limits.sign === -1) return measureNegativePeak(timeSec, values, limits);
  const { startSec, endSec, apexIndex, baseline } = limits;
  const area = integrateArea(timeSec, values, startSec, endSec, baseline);
  const apex =
    limits.apexSec === undefined
      ? parabolicApex(timeSec, values, apexIndex, baseline)
      : { retentionTimeSec: limits.apexSec, height: heightAt(timeSec, values, limits.apexSec, baseline) };
  const firstIndex = Math.max(0, firstIndexAtOrAfter(timeSec, startSec) - 1);
  const lastIndex = Math.min(timeSec.length - 1, firstIndexAtOrAfter(timeSec, endSec));
  if (!(apex.height > 0)) {
    return peakFigures(limits, area, apex.retentionTimeSec, apex.height, null, null, null, null);
  }
  const height = apex.height;
  // Each flank is walked once, from the apex down to half height (W50, and the tangents' smoothing span),
  // on to 10 % (asymmetry) and on to 5 % (the tailing factor's level and the floor of the inflection
  // search): every sample before a walk's stop stands above its level, so above each lower level too, and
  // the walk to a lower level may go on from where the higher one stopped.
  const halfLevel = height / 2;
  const tenLevel = height * 0.1;
  const floorLevel = FLANK_FLOOR * height;
  const leftHalfEnd = flankEnd(timeSec, values, apexIndex, halfLevel, baseline, firstIndex, -1);
  const rightHalfEnd = flankEnd(timeSec, values, apexIndex, halfLevel, baseline, lastIndex, 1);
  const leftTenEnd = flankEnd(timeSec, values, leftHalfEnd, tenLevel, baseline, firstIndex, -1);
  const rightTenEnd = flankEnd(timeSec, values, rightHalfEnd, tenLevel, baseline, lastIndex, 1);
  const leftFloorEnd = flankEnd(timeSec, values, leftTenEnd, floorLevel, baseline, firstIndex, -1);
  const rightFloorEnd = flankEnd(timeSec, values, rightTenEnd, floorLevel, baseline, lastIndex, 1);
  const crossing = (level: number, end: number, direction: -1 | 1) =>
    crossingAtEnd(timeSec, values, apexIndex, level, baseline, end, direction);
  const leftFive = crossing(floorLevel, leftFloorEnd, -1);
  const five =
    leftFive === null ? null : { leftSec: leftFive, rightSec: crossing(floorLevel, rightFloorEnd, 1) };
  const leftTen = crossing(tenLevel, leftTenEnd, -1);
  const rightTen = leftTen === null ? null : crossing(tenLevel, rightTenEnd, 1);
  const ten = leftTen === null || rightTen === null ? null : { leftSec: leftTen, rightSec: rightTen };
  const leftHalf = crossing(halfLevel, leftHalfEnd, -1);
  const rightHalf = crossing(halfLevel, rightHalfEnd, 1);
  const widthBaseSec = tangentWidth(timeSec, values, apexIndex, height, baseline, firstIndex, lastIndex, {
    leftHalf,
    rightHalf,
    leftFloorEnd,
    rightFloorEnd,
  });
  return peakFigures(
    limits,
    area,
    apex.retentionTimeSec,
    height,
    five && five.rightSec !== null ? { leftSec: five.leftSec, rightSec: five.rightSec } : null,
    ten,
    { leftSec: leftHalf, rightSec: rightHalf },
    widthBaseSec,
  );
}

/** The signal over the baseline at a time, linear between the two samples around it. */
function heightAt(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  tSec: number,
  baseline: BaselineLine,
): number {
  const after = Math.min(timeSec.length - 1, Math.max(1, firstIndexAtOrAfter(timeSec, tSec)));
  const t0 = timeSec[after - 1] as number;
  const t1 = timeSec[after] as number;
  const share = t1 > t0 ? Math.min(1, Math.max(0, (tSec - t0) / (t1 - t0))) : 0;
  const value =
    (values[after - 1] as number) + share * ((values[after] as number) - (values[after - 1] as number));
  return value - baselineAt(baseline, tSec);
}

/** The peak's record from its measured crossings (null when the height is not positive). */
function peakFigures(
  limits: PeakLimits,
  area: number,
  t: number,
  height: number,
  five: { leftSec: number; rightSec: number } | null,
  ten: { leftSec: number; rightSec: number } | null,
  half: { leftSec: number | null; rightSec: number | null } | null,
  widthBaseSec: number | null,
): Peak {
  const { startSec, endSec, baseline } = limits;
  const { widthHalfSec, widthHalfSource } = halfWidth(
    half ? half.leftSec : null,
    half ? half.rightSec : null,
    t,
    widthBaseSec,
  );
  const ratio = (value: number) => (Number.isFinite(value) ? value : null);
  return {
    retentionTimeSec: t,
    startSec,
    endSec,
    baselineStartValue: baselineAt(baseline, startSec),
    baselineEndValue: baselineAt(baseline, endSec),
    startCode: limits.startCode,
    stopCode: limits.stopCode,
    negative: false,
    area,
    areaPercent: 0,
    height,
    heightPercent: 0,
    widthHalfSec,
    widthHalfSource,
    widthBaseSec,
    tailing: five ? ratio((five.rightSec - five.leftSec) / (2 * (t - five.leftSec))) : null,
    asymmetry10: ten ? ratio((ten.rightSec - t) / (t - ten.leftSec)) : null,
    platesHalfHeight: widthHalfSec ? EIGHT_LN_2 * (t / widthHalfSec) ** 2 : null,
    platesTangent: widthBaseSec ? 16 * (t / widthBaseSec) ** 2 : null,
    resolution: null,
    resolutionMethod: null,
    retentionFactor: null,
    signalToNoise: null,
    signalToNoiseSource: null,
  };
}

/**
 * A dip is measured as a peak of the inverted signal (only its own stretch is copied); its height and area
 * are reported negative.
 */
function measureNegativePeak(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  limits: PeakLimits,
): Peak {
  const from = Math.max(0, Math.min(limits.apexIndex, firstIndexAtOrAfter(timeSec, limits.startSec)) - 2);
  const to = Math.min(
    timeSec.length - 1,
    Math.max(limits.apexIndex, firstIndexAtOrAfter(timeSec, limits.endSec)) + 2,
  );
  const times = Float64Array.from({ length: to - from + 1 }, (_, i) => timeSec[from + i] as number);
  const inverted = Float64Array.from({ length: to - from + 1 }, (_, i) => -(values[from + i] as number));
  const { baseline } = limits;
  const measured = measurePeak(times, inverted, {
    ...limits,
    apexIndex: limits.apexIndex - from,
    sign: 1,
    baseline: { ...baseline, startValue: -baseline.startValue, endValue: -baseline.endValue },
  });
  return {
    ...measured,
    negative: true,
    area: -measured.area,
    height: -measured.height,
    baselineStartValue: -measured.baselineStartValue,
    baselineEndValue: -measured.baselineEndValue,
  };
}
