// Why a component has no calibration, as stored with the sequence's calibrations and shown by the
// calibration view, the results and reports. The words come from the catalogue (errors.ts).
import { z } from 'zod';
import { domainErrors } from '../errors.ts';

export const calibrationProblemSchema = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('component_not_found'),
    component: z.string(),
    expected_retention_time_sec: z.number(),
    window_sec: z.number(),
    /** The retention time of the standard's peak nearest the expected time; null without peaks. */
    nearest_retention_time_sec: z.number().nullable(),
    /** The standard (sample) the component was looked for in. */
    standard: z.string().nullable(),
  }),
  z.object({
    code: z.literal('calibration_too_few_levels'),
    model: z.string(),
    levels_needed: z.number().int(),
    levels_given: z.number().int(),
  }),
  z.object({
    code: z.enum(['calibration_amount_not_positive', 'calibration_not_finite', 'calibration_flat']),
  }),
]);
export type CalibrationProblem = z.infer<typeof calibrationProblemSchema>;

const minutes = (seconds: number) => (seconds / 60).toFixed(2);

/**
 * The sentence a user reads for a calibration problem.
 * @example calibrationProblemText({ code: 'component_not_found', component: 'Caffeine', expected_retention_time_sec: 180, window_sec: 6, nearest_retention_time_sec: 332.4, standard: 'Std 1' })
 * // 'Component not found in the standard. Caffeine: no peak in Std 1 within 3.00 ± 0.10 min (nearest peak at 5.54 min).'
 */
export function calibrationProblemText(problem: CalibrationProblem): string {
  switch (problem.code) {
    case 'component_not_found': {
      const where = problem.standard ? ` in ${problem.standard}` : '';
      const nearest =
        problem.nearest_retention_time_sec === null
          ? 'the standard has no peaks'
          : `nearest peak at ${minutes(problem.nearest_retention_time_sec)} min`;
      return `${domainErrors.component_not_found} ${problem.component}: no peak${where} within ${minutes(problem.expected_retention_time_sec)} ± ${minutes(problem.window_sec)} min (${nearest}).`;
    }
    case 'calibration_too_few_levels':
      return `${domainErrors.calibration_too_few_levels} ${problem.model.replaceAll('_', ' ')} needs ${problem.levels_needed} amount level${problem.levels_needed === 1 ? '' : 's'}, the standards give ${problem.levels_given}.`;
    case 'calibration_amount_not_positive':
    case 'calibration_not_finite':
    case 'calibration_flat':
      return domainErrors[problem.code];
  }
}
