/** Least-squares line through the samples from…to (inclusive): means and slope (value per second). */
export interface RegressionLine {
  meanT: number;
  meanY: number;
  slope: number;
}

/**
 * Least-squares line of `values` against `timeSec` over the samples from…to (inclusive, two passes:
 * means, then centred sums). Slope 0 when all times are equal. Scaled by the span, so it holds on any time scale.
 */
export function regressionLine(
  timeSec: ArrayLike<number>,
  values: ArrayLike<number>,
  from: number,
  to: number,
): RegressionLine {
  const count = to - from + 1;
  let meanT = 0;
  let meanY = 0;
  for (let i = from; i <= to; i++) {
    meanT += timeSec[i] as number;
    meanY += values[i] as number;
  }
  meanT /= count;
  meanY /= count;
  // Times in units of the span, so that squares neither underflow nor overflow on any time scale.
  const span = (timeSec[to] as number) - (timeSec[from] as number);
  if (!(span > 0)) return { meanT, meanY, slope: 0 };
  let sxy = 0;
  let sxx = 0;
  for (let i = from; i <= to; i++) {
    const dt = ((timeSec[i] as number) - meanT) / span;
    sxy += dt * ((values[i] as number) - meanY);
    sxx += dt * dt;
  }
  return { meanT, meanY, slope: sxx > 0 ? sxy / sxx / span : 0 };
}
