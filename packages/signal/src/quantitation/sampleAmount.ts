// The amount in the sample as a lab reports it (docs/assay.md "Amounts in the sample"): the amount the curve
// reads is the concentration in the injected solution at the standards' injection volume; a sample injected
// with another volume is scaled by the volume ratio, then by its dilution and per its weight.
//
//   amount in sample = amount from curve × (V standards / V sample) × dilution / weight

export interface SampleFactors {
  /** Injection volume of the standards the curve was made from, µL; null: taken as the sample's. */
  calibrationVolumeUl: number | null;
  /** Injection volume of this sample, µL; null: taken as the standards'. */
  injectionVolumeUl: number | null;
  /** Dilution factor; null: 1. */
  dilution: number | null;
  /** Sample weight, mg; null: not weighed (the amount stays a concentration). */
  weightMg: number | null;
}

/**
 * The factor the curve's amount is multiplied by; 1 when nothing is set.
 * @example sampleAmountFactor({ calibrationVolumeUl: 10, injectionVolumeUl: 5, dilution: 10, weightMg: 50 }) // 0.4
 */
export function sampleAmountFactor(factors: SampleFactors): number {
  const { calibrationVolumeUl, injectionVolumeUl, dilution, weightMg } = factors;
  const volume =
    calibrationVolumeUl !== null && injectionVolumeUl !== null && injectionVolumeUl > 0
      ? calibrationVolumeUl / injectionVolumeUl
      : 1;
  return (volume * (dilution ?? 1)) / (weightMg ?? 1);
}

/** The amount in the sample from the curve's amount; null stays null. */
export function sampleAmount(curveAmount: number | null, factors: SampleFactors): number | null {
  return curveAmount === null ? null : curveAmount * sampleAmountFactor(factors);
}

/** The unit of the amount in the sample: the curve's unit, per mg when the sample was weighed. */
export function sampleAmountUnit(curveUnit: string, weightMg: number | null): string {
  return weightMg === null ? curveUnit : `${curveUnit} per mg`;
}
