import type { IntegrationEventInput } from '../events/timedEvents.ts';

/** The flattened post-processing template (spec §3) as the processing core reads it; null = default. */
export interface ProcessingTemplate {
  algorithm_base?: string | null;
  algorithm_binj?: string | null;
  algorithm_pdet?: string | null;
  algorithm_peak?: string | null;
  algorithm_nois?: string | null;
  detection_time_start_sec?: number | null;
  detection_time_end_sec?: number | null;
  baseline_correction_anchor_point?: number | null;
  /** `manual` baseline points: `{ time_sec, value }` objects or `[timeSec, value]` pairs. */
  baseline_correction_points?:
    readonly ({ time_sec: number; value: number } | readonly [number, number])[] | null;
  blank_injection_measurement_ulid?: string | null;
  blank_injection_measurement_id?: number | null;
  peak_detection_min_distance?: number | null;
  peak_detection_min_height?: number | null;
  peak_detection_min_width?: number | null;
  peak_detection_min_prominence?: number | null;
  peak_integration_quality_threshold?: number | null;
  /** Detect negative peaks (dips) too; null/false = off, the CDS default (docs/processing.md). */
  peak_detection_negative_peaks?: boolean | null;
  /**
   * Reporting threshold in percent of the total area (ICH Q3A/Q3B reporting threshold 0.05 %); smaller
   * peaks stay in the result flagged `belowReportingThreshold` and out of Area %. null = 0.05; 0 = off.
   */
  reporting_threshold_percent?: number | null;
  value_at_start?: number | null;
  value_at_end?: number | null;
  /** Timed integration events (docs/processing.md "Integration events"); null/empty = none. */
  integration_events?: readonly IntegrationEventInput[] | null;
}

/** Algorithm keys per step (spec §3), with what a null key means. */
export const algorithmKeys = {
  binj: { keys: ['none', 'simple_subtraction'], default: 'none' },
  base: {
    keys: ['none', 'diagonal_correction', 'horizontal_correction', 'manual', 'simple_subtraction'],
    default: 'none',
  },
  nois: { keys: ['none', 'start', 'median', 'finish'], default: 'median' },
  pdet: { keys: ['default', 'wavelet_v1'], default: 'default' },
  peak: { keys: ['none', 'default', 'peak_fitting_v1', 'first_derivative'], default: 'default' },
} as const;

/** Version of each algorithm's implementation, recorded in every result. */
export const algorithmVersions: Record<string, string> = {
  'binj/none': '1',
  'binj/simple_subtraction': '1 (linear interpolation onto the sample grid, ends held)',
  'base/none': '1',
  'base/diagonal_correction': '1 (5-sample local levels at the window ends)',
  'base/horizontal_correction': '1 (5-sample local level at the anchor, else min of the window ends)',
  'base/manual': '1 (piecewise linear through the points, ends held)',
  'base/simple_subtraction': '1 (blank subtraction)',
  'nois/none': '1',
  'nois/start':
    '2 (window 5 × W50 of the largest peak, p-p after drift removal; S/N from a blank over 5 × W50 when given)',
  'nois/median':
    '2 (median over windows of 5 × W50 of the largest peak; S/N from a blank over 5 × W50 when given)',
  'nois/finish':
    '2 (window 5 × W50 of the largest peak, p-p after drift removal; S/N from a blank over 5 × W50 when given)',
  'pdet/default':
    '2 (null minimums automatic: prominence 5 × the baseline noise range of the detection signal (S/N 10), width from the peaks; shoulders from curvature; negative peaks; given minimums as scipy find_peaks 1.17)',
  'pdet/wavelet_v1': '1 (Ricker CWT ridges, simplified tracker)',
  'peak/none': '1',
  'peak/default':
    '2 (contacts within the noise, clusters with drop lines, valley-to-valley re-anchoring, exponential/tangent skim of tail riders; W_b from the actual inflection tangents; W50 free side for fused peaks; overlap-model Rs for critical pairs)',
  'peak/peak_fitting_v1': '2 (EMG per peak, bounded Levenberg–Marquardt, R = Σ|fit|/Σ|signal|)',
  'peak/first_derivative':
    '2 (ChemClipse-style slope detector, noise-scaled threshold, limits extended along the tails; value_at_start/end = baseline levels)',
};

export const UNKNOWN_POSTPROCESSING_VALUE = 'Unknown postprocessing value';
