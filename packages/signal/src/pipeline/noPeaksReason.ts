// Why a processed run has no peaks, in words a chromatographer reads: the run is flat, no peak rose above
// the detection limit (with the noise it was scaled by), the peaks lay outside the detection window, were
// dips with negative peaks off, had no area above their baseline, or fell below the reporting threshold.
import type { DetectionSettings } from '../detection/detectionSettings.ts';
import { QUANTITATION_PROMINENCE_FACTOR } from '../detection/detectAutomatic.ts';

export type NoPeaksCode =
  | 'flat'
  | 'step_failed'
  | 'below_detection_limit'
  | 'outside_window'
  | 'only_dips'
  | 'no_area'
  | 'below_reporting_threshold'
  | 'below_quantitation_limit'
  | 'inhibited';

/** Why a result has no peaks: a code for programs and a sentence for people. */
export interface NoPeaksReason {
  code: NoPeaksCode;
  text: string;
}

/** What processing saw on the way to an empty peak list. */
export interface NoPeaksFacts {
  unit: string;
  /** Lowest and highest value of the signal as processed (after blank and baseline). */
  range: { min: number; max: number };
  /** The first error of the detection or integration step, if one failed. */
  stepError: { step: string; error: string } | null;
  detection: DetectionSettings | null;
  detectionWindowSec: { start: number; end: number };
  /** Whether the detection window is the whole run. */
  wholeRun: boolean;
  /** Apexes detection found over the whole run, and of them inside the window. */
  found: number;
  inWindow: number;
  /** Of those inside the window, dips left unreported because negative peaks are off. */
  dips: number;
  /** Peaks integration measured (before the reporting limits). */
  integrated: number;
  /** Apexes removed because they lie where an inhibit event turned integration off. @default 0 */
  inhibited?: number;
}

const figure = (value: number) => {
  if (value === 0 || !Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  return magnitude >= 1e-4 && magnitude < 1e6 ? String(Number(value.toPrecision(3))) : value.toExponential(2);
};
const amount = (value: number, unit: string) => `${figure(value)} ${unit}`.trim();
const minutes = (sec: number) => (sec / 60).toFixed(2);
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The template's minimums that were applied, in words (`prominence ≥ 2 mAU, width ≥ 1.5 s`). */
function minimumsText(detection: DetectionSettings, unit: string): string {
  const parts = [
    ['prominence', detection.minProminence, unit],
    ['height', detection.minHeight, unit],
    ['width', detection.minWidthSec, 's'],
    ['distance', detection.minDistanceSec, 's'],
  ] as const;
  return parts
    .flatMap(([name, applied, u]) =>
      applied.value === null || applied.automatic ? [] : [`${name} ≥ ${amount(applied.value, u)}`],
    )
    .join(', ');
}

/** The reason for an empty result; null when processing reported peaks. */
export function noPeaksReason(facts: NoPeaksFacts, peaks: number): NoPeaksReason | null {
  if (peaks > 0) return null;
  const { unit, range, detection } = facts;
  const span = range.max - range.min;
  if (!(span > Math.max(Math.abs(range.max), Math.abs(range.min), 1) * 1e-9)) {
    return {
      code: 'flat',
      text: `the run is flat: the signal stays at ${amount(range.max, unit)} from start to end`,
    };
  }
  if (facts.stepError) {
    return {
      code: 'step_failed',
      text: `the ${facts.stepError.step === 'pdet' ? 'peak detection' : 'integration'} step failed: ${facts.stepError.error}`,
    };
  }
  const window = facts.detectionWindowSec;
  if (facts.inWindow === 0 && (facts.inhibited ?? 0) > 0) {
    return {
      code: 'inhibited',
      text: `integration is off (inhibit events) where ${count(facts.inhibited ?? 0, 'peak was', 'peaks were')} found`,
    };
  }
  if (facts.found > 0 && facts.inWindow === 0 && !facts.wholeRun) {
    return {
      code: 'outside_window',
      text: `${count(facts.found, 'peak was', 'peaks were')} found, all outside the detection window ${minutes(window.start)}–${minutes(window.end)} min`,
    };
  }
  if (facts.inWindow === 0) {
    const where = facts.wholeRun
      ? ''
      : ` in the detection window ${minutes(window.start)}–${minutes(window.end)} min`;
    if (detection?.minProminence.automatic && detection.minProminence.value !== null) {
      const limit = detection.minProminence.value;
      return {
        code: 'below_detection_limit',
        text:
          `no peak rose above ${QUANTITATION_PROMINENCE_FACTOR * 2} × the noise (S/N ≥ 10: prominence ≥ ` +
          `${amount(limit, unit)}; baseline noise ${amount(detection.noisePeakToPeak, unit)} peak to peak)${where}`,
      };
    }
    const minimums = detection ? minimumsText(detection, unit) : '';
    return {
      code: 'below_detection_limit',
      text: `no peak met the template's detection minimums${minimums ? ` (${minimums})` : ''}${where}`,
    };
  }
  if (facts.dips === facts.inWindow) {
    return {
      code: 'only_dips',
      text: `only ${count(facts.dips, 'dip')} below the baseline ${facts.dips === 1 ? 'was' : 'were'} found, and negative peaks are off in the template`,
    };
  }
  if (facts.integrated === 0) {
    return {
      code: 'no_area',
      text: `${count(facts.inWindow - facts.dips, 'candidate')} had no area above the baseline (steps of the baseline, not peaks)`,
    };
  }
  const threshold = detection?.reportingThreshold;
  if (threshold && threshold.below > 0) {
    return {
      code: 'below_reporting_threshold',
      text: `all ${count(facts.integrated, 'peak')} fell below the reporting threshold of ${figure(threshold.percent)} % of the total area`,
    };
  }
  return {
    code: 'below_quantitation_limit',
    text: `all ${count(facts.integrated, 'peak')} fell below the reporting limit (S/N ≥ ${detection?.quantitationLimit?.signalToNoise ?? 10})`,
  };
}
