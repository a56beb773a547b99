/**
 * Separation code of a peak boundary, as CDS reports print them: `B` baseline contact, `V` drop line at a
 * valley, `S` drop line between a peak and its shoulder, `T` tangent skim (a rider on a tail).
 */
export type SeparationCode = 'B' | 'V' | 'S' | 'T';

/** One integrated peak with its figures; times in seconds, heights in signal units, areas in unit × s. */
export interface Peak {
  /** Parabolic apex time (model apex for fitted peaks). */
  retentionTimeSec: number;
  startSec: number;
  endSec: number;
  /** Baseline value at startSec and endSec. */
  baselineStartValue: number;
  baselineEndValue: number;
  /** How the peak starts and ends (see `SeparationCode`). */
  startCode: SeparationCode;
  stopCode: SeparationCode;
  /** A negative peak (a dip below the baseline): height and area are negative. */
  negative: boolean;
  area: number;
  /**
   * Share of the total area (%); with the automatic default, of the peaks at or above the reporting
   * threshold only (`belowReportingThreshold`).
   */
  areaPercent: number;
  height: number;
  heightPercent: number;
  /**
   * Width at half height (W50). When the valley to a neighbour stands above half height, twice the free
   * side's half-width (or 0.589 × W_b when neither side reaches half height); see `widthHalfSource`.
   */
  widthHalfSec: number | null;
  /**
   * How W50 was obtained: `both_sides` measured at the two half-height crossings, `free_side` twice the
   * half-width on the side that reaches half height, `tangent` from W_b (Gaussian ratio); null when there
   * is no W50 or its source is not known (a peak rebuilt from a stored row).
   */
  widthHalfSource: 'both_sides' | 'free_side' | 'tangent' | null;
  /** Baseline width between the inflection tangents (W_b). */
  widthBaseSec: number | null;
  /** USP tailing = Ph. Eur. symmetry factor at 5 % height. */
  tailing: number | null;
  /** Asymmetry b/a at 10 % height. */
  asymmetry10: number | null;
  /** Plates at half height, 8 ln 2 (t_R/W50)². */
  platesHalfHeight: number | null;
  /** Plates by tangents, 16 (t_R/W_b)². */
  platesTangent: number | null;
  /** Resolution to the previous peak, 1.18 Δt_R/(W50₁ + W50₂). */
  resolution: number | null;
  /**
   * How `resolution` was obtained: `half_height` from the measured t_R and W50; `overlap_model` for a pair
   * fused at a drop line with the valley above half height of either, from two Gaussians matched to what
   * was measured (corrects the apex shift and W50 widening the overlap causes; exact for Gaussians);
   * null when there is no resolution.
   */
  resolutionMethod: 'half_height' | 'overlap_model' | null;
  /** Retention factor k' = (t_R − t_0)/t_0 when a hold-up time is given. */
  retentionFactor: number | null;
  /** Ph. Eur. S/N = 2H/h with h the peak-to-peak noise. */
  signalToNoise: number | null;
  /**
   * Where h came from: `blank` a blank-injection window of ≥ 5 × W50 centred on the peak (Ph. Eur. 2.2.46),
   * `run` the run's own noise window; null when there is no S/N.
   */
  signalToNoiseSource: 'blank' | 'run' | null;
  /**
   * Below the reporting threshold (default 0.05 % of the total area, ICH Q3A/Q3B): kept in the result,
   * listed apart, out of the area % totals. Absent when reported.
   */
  belowReportingThreshold?: boolean;
  /**
   * The top is flat at the signal's maximum (a saturated detector): one peak, its area and height
   * understated. Absent when not.
   */
  overRange?: boolean;
}
