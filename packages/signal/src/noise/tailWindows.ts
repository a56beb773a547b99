import { noiseWindowIndices, type NoiseFigures } from './measureNoise.ts';
import { regressionLine } from './regressionLine.ts';

/**
 * The standard normal's upper 1 % point: the bound on the lag-1 autocorrelation of a white window's
 * residuals (about 0, standard error 1/√n), past which the reference window is not read as white noise.
 */
const WHITE_Z = 2.326;
/**
 * The standard normal's upper 0.1 % point: a window of the same white noise as the reference reads this
 * many standard errors above it (in log variance) once in a thousand windows, so a baseline window is left
 * out of the median that rarely.
 */
const APART_Z = 3.09;

/** Lag-1 autocorrelation of the residuals of `values[from..to]` about their least-squares line. */
function residualCorrelation(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  from: number,
  to: number,
): number {
  const { meanT, meanY, slope } = regressionLine(timeSec, values, from, to);
  let products = 0;
  let squares = 0;
  let previous = 0;
  for (let i = from; i <= to; i++) {
    const residual = (values[i] as number) - meanY - slope * ((timeSec[i] as number) - meanT);
    squares += residual * residual;
    if (i > from) products += residual * previous;
    previous = residual;
  }
  return squares > 0 ? products / squares : 0;
}

/**
 * The noise windows without those holding a peak's tail, read against the run's own end (ChemStation reads
 * the noise at the start and end of the run: Agilent, _Understanding Your ChemStation_, "Autointegrate"; the
 * pharmacopoeial h is measured on baseline only, Ph. Eur. 2.2.46). A run whose largest peak is 10⁴–10⁶
 * times its noise has tails that outlast every gap between its integrated peaks (each peak ends where its
 * slope meets the noise, not where its level does), so the median over those gaps read 5–45 × the noise.
 *
 * The reference is the quieter of the windows at the run's start and end (the other may hold the last
 * peak's tail), taken only when its residuals are white (lag-1 autocorrelation within `WHITE_Z` standard
 * errors of 0): then each window holds one degree of freedom a sample less the line's two, and a window
 * whose variance stands `APART_Z` standard errors of the log-variance ratio (√(2/d₁ + 2/d₂), F's normal
 * approximation) above the reference's holds another signal and is left out. A detector's filtered noise,
 * or a real trace's wandering one, has correlated residuals at its ends and keeps every window (the
 * shared vendor files all do, but `EXAMPLE.CDF`, whose windows are all its own noise). A window reading
 * low is never left out: the median stays the median of the baseline's windows.
 */
export function withoutTailWindows(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  windows: NoiseFigures[],
  startSec: number,
  endSec: number,
): NoiseFigures[] {
  const ends = windows.filter((window) => window.startSec <= startSec || window.endSec >= endSec);
  if (windows.length < 2 || ends.length === 0) return windows;
  const reference = ends.reduce((quieter, window) => (window.rms < quieter.rms ? window : quieter));
  const { from, to } = noiseWindowIndices(timeSec, reference.startSec, reference.endSec);
  const samples = to - from + 1;
  if (!(reference.rms > 0) || samples < 4) return windows;
  if (residualCorrelation(timeSec, values, from, to) > WHITE_Z / Math.sqrt(samples)) return windows;
  const referenceDof = samples - 2;
  return windows.filter((window) => {
    const span = noiseWindowIndices(timeSec, window.startSec, window.endSec);
    const dof = Math.max(1, span.to - span.from - 1);
    const ratio = Math.log((window.rms / reference.rms) ** 2);
    return ratio <= APART_Z * Math.sqrt(2 / dof + 2 / referenceDof);
  });
}
