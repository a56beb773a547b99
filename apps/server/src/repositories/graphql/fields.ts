// Walking a validated operation: fields of a selection set (fragments expanded, @skip/@include applied,
// same response keys merged) and the coerced arguments of a field.
import {
  getArgumentValues,
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';
import type { AccessPolicy, Viewer } from './policy.ts';
import { GraphqlRequestError } from '../../lib/graphql-errors.ts';

export interface CompileScope {
  viewer: Viewer;
  /** Who may do what with each table, and its write rules: given by the service. */
  access: AccessPolicy;
  variables: Record<string, unknown>;
  fragments: Record<string, FragmentDefinitionNode>;
  aliasCount: number;
}

export interface Field {
  /** Response key: the alias, or the field name. */
  key: string;
  name: string;
  nodes: FieldNode[];
  path: string;
}

function included(scope: CompileScope, node: SelectionNode): boolean {
  const skip = getDirectiveValues(GraphQLSkipDirective, node, scope.variables);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node, scope.variables);
  return include?.if !== false;
}

function collectInto(
  scope: CompileScope,
  selectionSet: SelectionSetNode,
  path: string,
  out: Map<string, Field>,
): void {
  for (const selection of selectionSet.selections) {
    if (!included(scope, selection)) continue;
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      const existing = out.get(key);
      if (existing) existing.nodes.push(selection);
      else out.set(key, { key, name: selection.name.value, nodes: [selection], path: `${path}.${key}` });
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      collectInto(scope, selection.selectionSet, path, out);
    } else {
      const fragment = scope.fragments[selection.name.value];
      if (fragment) collectInto(scope, fragment.selectionSet, path, out);
    }
  }
}

/** Fields of a selection set in response order. Every type here is an object type, so fragments apply as is. */
export function collectFields(scope: CompileScope, selectionSet: SelectionSetNode, path: string): Field[] {
  const out = new Map<string, Field>();
  collectInto(scope, selectionSet, path, out);
  return [...out.values()];
}

/** Fields selected under a field (its selection sets merged). */
export function subFields(scope: CompileScope, field: Field): Field[] {
  const out = new Map<string, Field>();
  for (const node of field.nodes) {
    if (node.selectionSet) collectInto(scope, node.selectionSet, field.path, out);
  }
  return [...out.values()];
}

/** Coerced arguments of a field, defaults applied, missing variables omitted. */
export function argumentsOf(
  scope: CompileScope,
  parent: GraphQLObjectType,
  field: Field,
): Record<string, unknown> {
  const definition = parent.getFields()[field.name];
  if (!definition) {
    throw new GraphqlRequestError(
      'validation-failed',
      `field '${field.name}' not found in type: '${parent.name}'`,
      field.path,
    );
  }
  return getArgumentValues(definition, field.nodes[0]!, scope.variables);
}

export function nextAlias(scope: CompileScope, prefix = '_t'): string {
  scope.aliasCount += 1;
  return `${prefix}${scope.aliasCount}`;
}
