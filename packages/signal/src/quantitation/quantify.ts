import type { Peak } from '../figures/peak.ts';
import { amountFromResponse, type Calibration } from './fitCalibration.ts';

/** Error codes of spec §8 (messages live in packages/contracts errors). */
export type QuantitationErrorCode =
  | 'measurement_no_injection'
  | 'measurement_no_peak'
  | 'measurement_no_standard'
  | 'measurement_no_response_factor';

export interface Analyte {
  name: string;
  expectedRetentionTimeSec: number;
  /** Half-width of the matching window around the expected retention time. */
  windowSec: number;
  /** Response factor RF = area/amount from a single standard. */
  responseFactor?: number | null;
  /** Calibration line (takes precedence over the response factor). */
  calibration?: Calibration | null;
  /** Whether any standard exists for this analyte (false → measurement_no_standard). @default true */
  hasStandard?: boolean;
}

export type AnalyteResult =
  | { name: string; ok: true; amount: number; area: number; retentionTimeSec: number; peakIndex: number }
  | { name: string; ok: false; error: QuantitationErrorCode };

/** Response factor of a standard peak: area per unit amount. */
export function responseFactor(area: number, amount: number): number | null {
  return amount > 0 && Number.isFinite(area) ? area / amount : null;
}

/**
 * Amounts of analytes in a sample: each analyte takes the largest peak whose retention time lies within
 * ±windowSec of its expected time, then reads its area through the calibration (or divides by the response
 * factor). Failures carry the spec §8 measurement error code instead of throwing.
 */
export function quantify(
  peaks: readonly Peak[] | null,
  analytes: readonly Analyte[],
  dilution = 1,
): AnalyteResult[] {
  return analytes.map((analyte): AnalyteResult => {
    if (!peaks) return { name: analyte.name, ok: false, error: 'measurement_no_injection' };
    if (analyte.hasStandard === false)
      return { name: analyte.name, ok: false, error: 'measurement_no_standard' };
    let best = -1;
    peaks.forEach((peak, index) => {
      if (Math.abs(peak.retentionTimeSec - analyte.expectedRetentionTimeSec) > analyte.windowSec) return;
      if (best < 0 || peak.area > (peaks[best] as Peak).area) best = index;
    });
    if (best < 0) return { name: analyte.name, ok: false, error: 'measurement_no_peak' };
    const peak = peaks[best] as Peak;
    let amount: number | null = null;
    if (analyte.calibration && analyte.calibration.slope !== 0)
      amount = amountFromResponse(analyte.calibration, peak.area);
    else if (analyte.responseFactor) amount = peak.area / analyte.responseFactor;
    if (amount === null || !Number.isFinite(amount)) {
      return { name: analyte.name, ok: false, error: 'measurement_no_response_factor' };
    }
    return {
      name: analyte.name,
      ok: true,
      amount: amount * dilution,
      area: peak.area,
      retentionTimeSec: peak.retentionTimeSec,
      peakIndex: best,
    };
  });
}
