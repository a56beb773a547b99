// The executable schema, built once from the generated SDL. Resolution does not go through graphql-js
// resolvers: the schema validates documents and coerces variables, and compile.ts turns fields into SQL.
import { buildSchema, type GraphQLSchema } from 'graphql';
import { generateSdl } from './sdl.ts';
import { tables } from '../../repositories/graphql/tables.ts';

let built: GraphQLSchema | undefined;

export function graphqlSchema(): GraphQLSchema {
  built ??= buildSchema(generateSdl(tables));
  return built;
}
