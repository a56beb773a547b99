// A calibrating standard as a lab reviews it (docs/assay.md "Back-calculated standards"): its amount read
// back through the curve it made, beside its nominal amount and the deviation between them, as Empower's
// and Chromeleon's calibration reports give it. The server's calibration points carry the back-calculated
// amount of each standard injection; this finds an injection's and puts it on the standard's own scale.

/** The fields of a calibration (the server's answer) this reads. */
export interface BackCalculationSource {
  analyte: string;
  residuals: ReadonlyArray<{
    measurement_id?: number | undefined;
    amount: number;
    back_calculated_amount: number | null;
  }>;
}

export interface BackCalculated {
  /** The amount the curve reads for the standard's response, in the standard's own amounts. */
  amount: number;
  /** What the standard holds (its own or its level's amount). */
  nominal: number;
  /** 100 × (back-calculated − nominal) / nominal. */
  deviationPercent: number;
}

/**
 * The back-calculated amount of `component` in the standard injection `measurementId`, or null when the
 * injection is no point of a curve (a sample, a check standard, an uncalibrated component). `nominal` is the
 * standard's known amount: a point injected with another volume is on the curve's scale, so the amount read
 * is scaled back by nominal / point amount (the deviation is the same on both scales).
 */
export function backCalculatedOf(
  calibrations: readonly BackCalculationSource[],
  measurementId: number,
  component: string,
  nominal: number | null,
): BackCalculated | null {
  for (const calibration of calibrations) {
    if (calibration.analyte !== component) continue;
    const point = calibration.residuals.find((r) => r.measurement_id === measurementId);
    if (!point || point.back_calculated_amount === null || !(point.amount > 0)) continue;
    const scale = nominal !== null && nominal > 0 ? nominal / point.amount : 1;
    return {
      amount: point.back_calculated_amount * scale,
      nominal: point.amount * scale,
      deviationPercent: (100 * (point.back_calculated_amount - point.amount)) / point.amount,
    };
  }
  return null;
}

/** "+0.52 %", "−1.60 %": a deviation from nominal with its sign, to 0.01 % (— when there is none). */
export function deviationText(percent: number | null): string {
  if (percent === null || !Number.isFinite(percent)) return '—';
  const shown = Math.abs(percent).toFixed(2);
  const sign = shown === '0.00' ? '' : percent > 0 ? '+' : '−';
  return `${sign}${shown} %`;
}
