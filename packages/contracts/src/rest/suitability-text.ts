// System-suitability tests in words, as the sequence page, the printed report and the results CSV show
// them (docs/assay.md "System suitability").
import type { SuitabilityCheck, SuitabilityTest } from './results.ts';

export const suitabilityTestLabels: Record<SuitabilityTest, string> = {
  found: 'peak found',
  plates: 'plates',
  tailing: 'tailing',
  resolution: 'resolution',
  signal_to_noise: 'S/N',
  retention_time: 'Δt (s)',
  area_rsd: 'area %RSD',
  check_deviation: 'deviation %',
};

const minimums: readonly SuitabilityTest[] = ['plates', 'resolution', 'signal_to_noise'];
const bands: readonly SuitabilityTest[] = ['retention_time', 'check_deviation'];

/**
 * A test's value against its limit, with the comparison that holds.
 * @example suitabilityCheckText({ test: 'tailing', limit: 2, value: 2.31, pass: false }) // 'tailing 2.31 > 2'
 * @example suitabilityCheckText({ test: 'plates', limit: 2000, value: 5400, pass: true }) // 'plates 5400 ≥ 2000'
 */
export function suitabilityCheckText(check: SuitabilityCheck): string {
  const label = suitabilityTestLabels[check.test];
  if (check.value === null) return `${label} not measured`;
  const value = Number(check.value.toPrecision(4)).toString();
  const band = bands.includes(check.test);
  const limit = band ? `±${check.limit}` : `${check.limit}`;
  const sign = minimums.includes(check.test)
    ? check.pass
      ? '≥'
      : '<'
    : check.pass
      ? band
        ? 'within'
        : '≤'
      : band
        ? 'outside'
        : '>';
  return `${label} ${value} ${sign} ${limit}`;
}

/**
 * Found of planned injections, as the summary, the report and system suitability print it.
 * @example replicateCountText(3, 4) // '3 of 4'
 */
export function replicateCountText(count: number, planned: number): string {
  return `${count} of ${Math.max(planned, count)}`;
}

/** A sequence verdict in words: a result set with a missing injection is `Incomplete`, never `Pass`. */
export const suitabilityStatusText = { pass: 'Pass', fail: 'Fail', incomplete: 'Incomplete' } as const;
