// Test-only access to the synthetic known-answer chromatograms (fixtures/synthetic_chromatograms.json,
// written by fixtures/make_synthetic_chromatograms.py) and the matching of found peaks to the truth.
import type { Peak } from '../src/figures/peak.ts';
import { readFixture } from './files.ts';

/** One true EMG component; area and height are signed (negative for a dip). */
export interface TrueComponent {
  kind: 'positive' | 'negative';
  area: number;
  retentionTimeSec: number;
  heightAboveBaseline: number;
  sigmaSec: number;
  tauSec: number;
  centreSec: number;
  widthHalfSec: number;
  /** Area SD (%) the noise alone gives an integrator that knows the boundaries: a yardstick. */
  areaNoiseSdPct: number;
}

export interface SyntheticCase {
  name: string;
  description: string;
  unit: string;
  startSec: number;
  dtSec: number;
  n: number;
  noiseSd: number;
  baseline: {
    offset: number;
    slope: number;
    sineAmplitude: number;
    sinePeriodSec: number;
    sinePhase: number;
  };
  truth: TrueComponent[];
  notes: string;
  gaps?: { index: number; length: number; kind: 'aia_null' | 'nan' }[];
  /** Samples; null is a NaN dropout, -9999 the AIA null. */
  values: (number | null)[];
}

const AIA_NULL = -9999;
const cases = (JSON.parse(readFixture('synthetic_chromatograms.json')) as { cases: SyntheticCase[] }).cases;

export function syntheticCase(name: string): SyntheticCase {
  const found = cases.find((c) => c.name === name);
  if (!found) throw new Error(`no synthetic case ${name}`);
  return found;
}

/** Time axis and values as an AIA reader hands them over: dropouts (null and -9999) become NaN. */
export function signalOf(c: SyntheticCase): { timeSec: Float64Array; values: Float64Array } {
  const timeSec = Float64Array.from({ length: c.n }, (_, i) => c.startSec + i * c.dtSec);
  const values = Float64Array.from(c.values, (v) => (v === null || v === AIA_NULL ? Number.NaN : v));
  return { timeSec, values };
}

/** The true drift (baseline) of a case at time t. */
export function trueBaseline(c: SyntheticCase, tSec: number): number {
  const b = c.baseline;
  return (
    b.offset +
    b.slope * tSec +
    b.sineAmplitude * Math.sin((2 * Math.PI * tSec) / b.sinePeriodSec + b.sinePhase)
  );
}

/** A peak reported as negative: a `negative` flag, or a negative area. */
export function isNegative(peak: Peak): boolean {
  return ('negative' in peak && peak.negative === true) || peak.area < 0;
}

export interface Match {
  truth: TrueComponent;
  peak: Peak | null;
  rtErrorSec: number | null;
  areaErrorPct: number | null;
}

/**
 * Pairs each true component with the nearest unused peak of the same sign whose apex lies within half the
 * component's W50 (at least one sample); the peaks left over are extra.
 */
export function matchPeaks(
  peaks: Peak[],
  truth: TrueComponent[],
  dtSec: number,
): { matches: Match[]; extra: Peak[] } {
  const used = new Set<Peak>();
  const matches = truth.map((component): Match => {
    const reach = Math.max(component.widthHalfSec / 2, dtSec);
    let best: Peak | null = null;
    for (const peak of peaks) {
      if (used.has(peak) || isNegative(peak) !== (component.kind === 'negative')) continue;
      const distance = Math.abs(peak.retentionTimeSec - component.retentionTimeSec);
      if (distance > reach) continue;
      if (!best || distance < Math.abs(best.retentionTimeSec - component.retentionTimeSec)) best = peak;
    }
    if (!best) return { truth: component, peak: null, rtErrorSec: null, areaErrorPct: null };
    used.add(best);
    return {
      truth: component,
      peak: best,
      rtErrorSec: best.retentionTimeSec - component.retentionTimeSec,
      areaErrorPct: 100 * (Math.abs(best.area) / Math.abs(component.area) - 1),
    };
  });
  return { matches, extra: peaks.filter((peak) => !used.has(peak)) };
}

/** Measured errors as one line per component; printed when SYNTHETIC_REPORT is set (for tuning). */
export function reportMatches(name: string, matches: Match[], extra: Peak[], dtSec: number): string {
  const rows = matches.map((m) => {
    const rt =
      m.rtErrorSec === null
        ? 'missed'
        : `${m.rtErrorSec.toFixed(3)} s (${(m.rtErrorSec / dtSec).toFixed(2)} samples)`;
    const area =
      m.areaErrorPct === null ? '' : `area ${m.areaErrorPct >= 0 ? '+' : ''}${m.areaErrorPct.toFixed(3)} %`;
    return `  ${m.truth.kind} @${m.truth.retentionTimeSec.toFixed(2)} s: RT ${rt} ${area}`;
  });
  const extras = extra
    .slice(0, 8)
    .map((p) => `${p.retentionTimeSec.toFixed(2)} s (area ${p.area.toPrecision(4)})`);
  if (extra.length > 8) extras.push('…');
  const text = [
    `${name}: ${matches.filter((m) => m.peak).length}/${matches.length} found, ${extra.length} extra${extras.length ? `: ${extras.join(', ')}` : ''}`,
    ...rows,
  ].join('\n');
  if (process.env.SYNTHETIC_REPORT) console.log(text);
  return text;
}
