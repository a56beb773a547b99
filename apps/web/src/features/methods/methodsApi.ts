// Methods through GraphQL with the documents of spec §7 (Hasura names); only name, archived and favorite change.
import {
  CREATE_METHOD,
  METHOD_WITH_EXTENSIONS,
  METHODS_WITH_TABLE_COLUMNS,
  SET_METHOD_ARCHIVING_STATUS,
  SET_METHOD_FAVORITE_STATUS,
  UPDATE_METHOD,
  type Methods_Insert_Input,
  type MethodsWithTableColumnsQuery,
  type MethodWithExtensionsQuery,
} from '@eluent/contracts';
import { graphql } from '../../api/client.ts';
import { aggregateCount, createDeduplicatedQuery } from '../../api/graphql.ts';
import { listVariables, type ListParams } from '../../lib/listQuery.ts';

/** A method as the editor reads it: the result type generated from the server's schema. */
export type Method = NonNullable<MethodWithExtensionsQuery['methods_by_pk']>;

export type MethodListItem = MethodsWithTableColumnsQuery['methods'][number];

export interface MethodsPage {
  methods: MethodListItem[];
  total: number;
}

/** Identical list requests share one pending result (spec §3 shared client state). */
const methodsQuery = createDeduplicatedQuery((variables: Record<string, unknown>) =>
  graphql.query(METHODS_WITH_TABLE_COLUMNS, variables),
);

export async function fetchMethods(params: ListParams): Promise<MethodsPage> {
  const data = await methodsQuery(listVariables(params));
  return { methods: data.methods, total: aggregateCount(data.methods_aggregate.aggregate) };
}

export async function fetchMethod(methodId: number): Promise<Method | null> {
  const data = await graphql.query(METHOD_WITH_EXTENSIONS, { methodId });
  return data.methods_by_pk;
}

/** A mutation on a row the user may not change (an example) returns null instead of the row. */
function changed<T>(row: T | null): T {
  if (row === null) throw new Error('Example methods are read-only.');
  return row;
}

export async function setMethodFavorite(methodId: number, isFavorite: boolean): Promise<void> {
  const data = await graphql.query(SET_METHOD_FAVORITE_STATUS, {
    methodId,
    isFavorite,
  });
  changed(data.update_methods_by_pk);
}

export async function setMethodArchived(methodId: number, isArchived: boolean): Promise<void> {
  const data = await graphql.query(SET_METHOD_ARCHIVING_STATUS, {
    methodId,
    isArchived,
  });
  changed(data.update_methods_by_pk);
}

export async function renameMethod(methodId: number, name: string): Promise<void> {
  const data = await graphql.query(UPDATE_METHOD, {
    methodId,
    set: { name },
  });
  changed(data.update_methods_by_pk);
}

export type NewMethod = Methods_Insert_Input & { name: string };

export async function createMethod(object: NewMethod): Promise<{ id: number; name: string }> {
  const data = await graphql.query(CREATE_METHOD, { object });
  const { id, name } = changed(data.insert_methods_one);
  return { id, name };
}
