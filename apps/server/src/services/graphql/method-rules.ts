// The rules of a method write (spec §4 "Only name is changeable", §8 "Method"): a new method must fit the
// hardware configuration it is written for; afterwards only its name, archived and favorite flags change.
// Every write path calls these (today GraphQL is the only one that writes methods and templates; see
// docs/graphql.md).
import { domainErrorText, interruptedInjectionPolicies, type SequenceState } from '@eluent/contracts';
import type { SequenceUseLock } from '../../repositories/graphql/policy.ts';
import { AppError } from '../../errors.ts';
import { methodConfigurationProblems } from '../../lib/method-configuration.ts';

/** The columns of a stored method that may still change (PRODUCT.md §4: methods are otherwise immutable). */
export const methodChangeableColumns: readonly string[] = ['name', 'archived', 'favorite'];

/**
 * Refuses a new method whose settings its hardware configuration cannot run: a malformed configuration as
 * incompatible, a value outside a part's limits with the catalogue's message for that field (the first one
 * as the detail, every one under `fields`).
 */
export function checkNewMethod(method: Record<string, unknown>): void {
  const problems = methodConfigurationProblems(method);
  if (problems === 'malformed') throw AppError.domain(400, 'method_configuration_incompatible');
  // The shut-offs bound a band the pump runs in: a minimum at or above the maximum would stop every run.
  const { pressure_min: low, pressure_max: high } = method;
  if (typeof low === 'number' && typeof high === 'number' && low >= high) {
    const message = domainErrorText('method_pressure_range_invalid');
    throw new AppError(400, 'method_pressure_range_invalid', message, {
      fields: { pressure_min: [message], pressure_max: [message] },
    });
  }
  const policy = method.on_interrupted_injection;
  if (policy !== undefined && !(interruptedInjectionPolicies as readonly unknown[]).includes(policy)) {
    throw AppError.validation({
      on_interrupted_injection: [`must be one of ${interruptedInjectionPolicies.join(', ')}`],
    });
  }
  const first = problems[0];
  if (!first) return;
  const fields = Object.fromEntries(problems.map((breach) => [breach.limit.quantity, [breach.message]]));
  const code =
    first.limit.max !== undefined && first.value > first.limit.max ? 'method_limit_max' : 'method_limit_min';
  throw new AppError(400, code, `${first.limit.label}: ${first.message}`, { fields });
}

/** Refuses a change that sets any column other than name, archived and favorite. */
export function checkMethodChange(columns: readonly string[]): void {
  if (columns.some((name) => !methodChangeableColumns.includes(name)))
    throw AppError.domain(400, 'method_only_name_changeable');
}

/** The sequence states whose run keeps the method and template it started with. */
const activeRunStates: readonly SequenceState[] = ['RUNNING', 'PAUSED'];

/**
 * A method that a RUNNING or PAUSED sequence uses, as its own method or a row's, is not deleted: the run
 * keeps the method it started with (the same rule refuses a method change on such a sequence). Judged on
 * the locked row inside the delete.
 */
export const methodRemoveRule: SequenceUseLock = {
  use: 'method',
  states: activeRunStates,
  refusal: 'sequence_running_method_locked',
};

/** A template that a RUNNING or PAUSED sequence processes its injections with is not deleted. */
export const templateRemoveRule: SequenceUseLock = {
  use: 'template',
  states: activeRunStates,
  refusal: 'sequence_running_template_locked',
};
