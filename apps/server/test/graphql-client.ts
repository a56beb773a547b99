// GraphQL helpers for medium tests: send a document as the web client does and return the parsed body.
import { request } from './harness.ts';

export interface GraphqlResponse {
  status: number;
  data?: any;
  errors?: Array<{ message: string; extensions: { code: string; path: string } }>;
}

export async function graphql(
  baseUrl: string,
  token: string | undefined,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphqlResponse> {
  const response = await request(baseUrl, 'POST', '/hasura/v1/graphql', {
    token,
    body: { query, variables },
  });
  return { status: response.status, ...(response.body as object) };
}

/** Like graphql() but fails on errors and returns data. */
export async function graphqlData(
  baseUrl: string,
  token: string | undefined,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<any> {
  const response = await graphql(baseUrl, token, query, variables);
  if (response.errors) throw new Error(`GraphQL errors: ${JSON.stringify(response.errors)}`);
  return response.data;
}

/** The client's search condition (spec §5): name contains (wildcards escaped), or the id when numeric. */
export function searchByNameOrId(text: string): Array<Record<string, unknown>> {
  const escaped = text.replace(/[\\%_]/g, (character) => `\\${character}`);
  const conditions: Array<Record<string, unknown>> = [{ name: { _ilike: `%${escaped}%` } }];
  if (/^\d+$/.test(text) && Number(text) > 0 && Number(text) <= 2_147_483_647) {
    conditions.push({ id: { _eq: Number(text) } });
  }
  return conditions;
}
