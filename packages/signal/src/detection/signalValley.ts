/**
 * Valleys on the signal the analyst sees, not on the detection signal. The detection kernel (two moving
 * averages of `m` samples) fills a valley and pulls it towards the smaller of two neighbours: beside a
 * peak fifty times higher the kernel's reach already carries the large peak's front, so the detection
 * valley sits up to `m` samples inside the small peak. A drop line or a contact placed there cuts the small
 * peak short. The signal's own valley lies within the kernel's reach of the detection valley; it is taken
 * when it is lower than the signal at the detection valley by more than the noise, so on a flat, noisy
 * valley the drop line does not wander with the noise.
 */
export interface SignalValleyScale {
  /** Width of the detection kernel in samples: how far the detection valley can have moved. */
  smoothingSamples: number;
  /** Peak-to-peak noise of the raw signal. */
  rawPeakToPeak: number;
}

/** Half-width of the light average the signal valley is read on: a quarter of the detection kernel. */
export function lightHalfWidth(smoothingSamples: number): number {
  return smoothingSamples >> 2;
}

/** Mean of the signal over [index − half, index + half] (clipped to the signal). */
export function lightAt(values: ArrayLike<number>, index: number, half: number): number {
  const from = Math.max(0, index - half);
  const to = Math.min(values.length - 1, index + half);
  let sum = 0;
  for (let i = from; i <= to; i++) sum += values[i] as number;
  return sum / (to - from + 1);
}

/**
 * Index of the signal's valley near the detection valley `index`, strictly between `lower` and `upper`
 * (the two apexes); `index` itself when the signal is not clearly lower elsewhere within the kernel's reach.
 */
export function signalValley(
  values: ArrayLike<number>,
  index: number,
  lower: number,
  upper: number,
  scale: SignalValleyScale,
  sign: 1 | -1 = 1,
): number {
  const reach = Math.max(1, scale.smoothingSamples);
  const half = lightHalfWidth(scale.smoothingSamples);
  const from = Math.max(lower + 1, index - reach);
  const to = Math.min(upper - 1, index + reach);
  let best = index;
  let bestValue = sign * lightAt(values, index, half);
  const here = bestValue;
  for (let i = from; i <= to; i++) {
    const value = sign * lightAt(values, i, half);
    if (value < bestValue) {
      bestValue = value;
      best = i;
    }
  }
  // The light average's own noise range: the raw range over √(samples averaged).
  const significance = scale.rawPeakToPeak / Math.sqrt(2 * half + 1);
  return here - bestValue > significance ? best : index;
}

/**
 * Time of the signal's valley at `index` (parabola through the light average at the sample and its two
 * neighbours, within half a sample), and the light average there.
 */
export function signalValleyPoint(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  index: number,
  smoothingSamples: number,
  sign: 1 | -1 = 1,
): { timeSec: number; value: number } {
  const half = lightHalfWidth(smoothingSamples);
  const t = timeSec[index] as number;
  const b = lightAt(values, index, half);
  if (index <= 0 || index >= values.length - 1) return { timeSec: t, value: b };
  const a = sign * lightAt(values, index - 1, half);
  const c = sign * lightAt(values, index + 1, half);
  const curvature = a - 2 * sign * b + c;
  if (!(curvature > 0)) return { timeSec: t, value: b };
  const delta = Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / curvature));
  const step = delta < 0 ? t - (timeSec[index - 1] as number) : (timeSec[index + 1] as number) - t;
  return { timeSec: t + delta * step, value: b };
}
