// Parsed and validated documents, cached by query text (clients send the same few documents again and again).
import {
  GraphQLError,
  Kind,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { GraphqlRequestError } from '../../lib/graphql-errors.ts';
import { checkOperationSize, limits } from './limits.ts';
import { LruCache } from '../../lib/lru.ts';

export interface PreparedDocument {
  /** Unique per prepared document: the plan caches key on it instead of the query text. */
  id: number;
  document: DocumentNode;
  operations: OperationDefinitionNode[];
  fragments: Record<string, FragmentDefinitionNode>;
}

const MAX_CACHED = 1_000;
let lastId = 0;

export class DocumentCache {
  private readonly entries = new LruCache<PreparedDocument | GraphqlRequestError>(MAX_CACHED);

  constructor(private readonly schema: GraphQLSchema) {}

  get size(): number {
    return this.entries.size;
  }

  /** The prepared document, or throws the (also cached) validation error. */
  prepare(query: string): PreparedDocument {
    let entry = this.entries.get(query);
    if (!entry) {
      entry = this.build(query);
      this.entries.set(query, entry);
    }
    if (entry instanceof GraphqlRequestError) throw entry;
    return entry;
  }

  private build(query: string): PreparedDocument | GraphqlRequestError {
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: limits.queryTokens, noLocation: true });
    } catch (error) {
      const detail = error instanceof GraphQLError ? `: ${error.message}` : '';
      return new GraphqlRequestError('validation-failed', `not a valid graphql query${detail}`, '$.query');
    }
    const errors = validate(this.schema, document, specifiedRules, { maxErrors: 1 });
    if (errors.length > 0) return validationError(errors[0]!);
    const operations: OperationDefinitionNode[] = [];
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const definition of document.definitions) {
      if (definition.kind === Kind.OPERATION_DEFINITION) operations.push(definition);
      else if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
    }
    try {
      for (const operation of operations) checkOperationSize(operation, fragments);
    } catch (error) {
      if (error instanceof GraphqlRequestError) return error;
      throw error;
    }
    lastId += 1;
    return { id: lastId, document, operations, fragments };
  }
}

/**
 * graphql-js's validation error in Hasura's words where Hasura has its own: a field the role may not use
 * (a table without insert, update or delete) does not exist for it.
 */
function validationError(error: GraphQLError): GraphqlRequestError {
  const missing = /^Cannot query field "(\w+)" on type "(\w+)"\./.exec(error.message);
  if (missing)
    return new GraphqlRequestError(
      'validation-failed',
      `field '${missing[1]}' not found in type: '${missing[2]}'`,
      `$.selectionSet.${missing[1]}`,
    );
  return new GraphqlRequestError('validation-failed', error.message, '$.query');
}

export function selectOperation(
  prepared: PreparedDocument,
  operationName: string | undefined,
): OperationDefinitionNode {
  if (operationName) {
    const named = prepared.operations.find((operation) => operation.name?.value === operationName);
    if (!named)
      throw new GraphqlRequestError(
        'validation-failed',
        `no such operation found in the document: "${operationName}"`,
      );
    return named;
  }
  if (prepared.operations.length !== 1) {
    throw new GraphqlRequestError(
      'validation-failed',
      'exactly one operation has to be present in the document when operationName is not specified',
    );
  }
  return prepared.operations[0]!;
}
