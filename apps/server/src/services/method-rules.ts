// The rules of a method write (spec §4 "Only name is changeable", §8 "Method"): a new method must fit the
// hardware configuration it is written for; afterwards only its name, archived and favorite flags change.
// Every write path calls these (today GraphQL is the only one that writes methods; see docs/graphql.md).
import { AppError } from '../errors.ts';
import { methodConfigurationCompatible } from './method-configuration.ts';

/** The columns of a stored method that may still change (PRODUCT.md §4: methods are otherwise immutable). */
export const methodChangeableColumns: readonly string[] = ['name', 'archived', 'favorite'];

/** Refuses a new method whose settings its hardware configuration cannot run. */
export function checkNewMethod(method: Record<string, unknown>): void {
  if (!methodConfigurationCompatible(method)) throw AppError.domain(400, 'method_configuration_incompatible');
}

/** Refuses a change that sets any column other than name, archived and favorite. */
export function checkMethodChange(columns: readonly string[]): void {
  if (columns.some((name) => !methodChangeableColumns.includes(name)))
    throw AppError.domain(400, 'method_only_name_changeable');
}
