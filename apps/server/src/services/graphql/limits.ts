// Request limits, checked before any SQL is built: sizes of the request parts, and the depth and number of
// selections of the operation with fragments expanded (a fragment "bomb" stops at the limit).
import {
  Kind,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { GraphqlRequestError } from '../../lib/graphql-errors.ts';

export const limits = {
  /** Characters of the query document. */
  queryChars: 100_000,
  /** Tokens the parser accepts (graphql-js stops early beyond it). */
  queryTokens: 20_000,
  /** Characters of the variables, as JSON. */
  variablesChars: 64 * 1024,
  /** Nesting of selection sets. */
  depth: 10,
  /** Field selections in the operation, fragments expanded. */
  selections: 2_000,
  /** Root fields of one operation. */
  rootFields: 50,
  /** Request body, bytes. */
  bodyBytes: 512 * 1024,
  /** A request is cut after this long. */
  timeoutMs: 120_000,
};

export function checkOperationSize(
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
): void {
  let count = 0;
  const walk = (selectionSet: SelectionSetNode, depth: number): void => {
    if (depth > limits.depth) {
      throw new GraphqlRequestError(
        'validation-failed',
        `the query exceeds the maximum depth of ${limits.depth}`,
      );
    }
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        count += 1;
        if (count > limits.selections) {
          throw new GraphqlRequestError(
            'validation-failed',
            `the query exceeds the maximum of ${limits.selections} selections`,
          );
        }
        if (selection.selectionSet) walk(selection.selectionSet, depth + 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, depth);
      } else {
        const fragment = fragments[selection.name.value];
        if (fragment) walk(fragment.selectionSet, depth);
      }
    }
  };
  walk(operation.selectionSet, 1);
  const roots = operation.selectionSet.selections.length;
  if (roots > limits.rootFields) {
    throw new GraphqlRequestError(
      'validation-failed',
      `the query exceeds the maximum of ${limits.rootFields} root fields`,
    );
  }
}
