// A user's bearer token is checked inside the GraphQL read's own statement: a token the server has already
// verified (and keeps in memory) is refused with invalid-jwt and no data once its session is signed out or
// its user's token version raised, on reads, mutations, introspection and requests that fail anyway; the
// user's other session reads on. A read is one statement: no separate check runs for it. PGlite and
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, graphqlData, type GraphqlResponse } from '../../../test/graphql-client.ts';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import type { TokenStanding, Viewer } from '../../repositories/graphql/policy.ts';
import { createGraphqlService, type GraphqlService } from '../../services/graphql/execute.ts';

const READ = 'query { methods(where: {is_example: {_eq: false}}) { id name } }';
const MUTATION =
  'mutation { update_methods(where: {id: {_gt: 0}}, _set: {favorite: true}) { affected_rows } }';
const INTROSPECTION = '{ __schema { queryType { name } } }';
/** A request that fails in the database on its own (a malformed uuid): still answered as a refused token. */
const DATA_ERROR = 'query { postprocessingTemplates(where: {uuid: {_eq: "not-a-uuid"}}) { id } }';
const VALIDATION_ERROR = 'query { methods { no_such_field } }';

/** The claims of a token, read without verifying it (the server issued it). */
function claimsOf(token: string): { sid?: string; ver: number } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

function expectRefused(response: GraphqlResponse): void {
  expect(response.data).toBeUndefined();
  expect(response.errors).toEqual([
    {
      message: 'Could not verify JWT: JWTInvalidClaims',
      extensions: { path: '$', code: 'invalid-jwt' },
    },
  ]);
}

describe.each(await backends('both'))('GraphQL token standing on $name', (backend) => {
  let server: TestServer;
  const services: GraphqlService[] = [];

  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(async () => {
    for (const service of services) await service.close();
    await server?.dispose();
  });

  /** A user with one method of its own, so a leaked read would show a row. */
  async function userWithMethod() {
    const user = await signUp(server.baseUrl);
    await graphqlData(
      server.baseUrl,
      user.access,
      'mutation ($name: String!) { insert_methods_one(object: {name: $name}) { id } }',
      { name: `Caffeine ${user.id}` },
    );
    return user;
  }

  it("refuses a signed-out session's token already in use, and no data leaves", async () => {
    const user = await userWithMethod();
    const other = await request(server.baseUrl, 'POST', '/api/token/', {
      body: { username: user.email, password: user.password },
    });
    expect(other.status).toBe(200);
    // Read twice before the sign-out: the token is verified and remembered, the read's plan cached.
    for (let time = 0; time < 2; time += 1) {
      const before = await graphqlData(server.baseUrl, user.access, READ);
      expect(before.methods).toEqual([{ id: expect.any(Number), name: `Caffeine ${user.id}` }]);
    }
    const logout = await request(server.baseUrl, 'POST', '/api/token/logout/', {
      body: { refresh: user.refresh },
    });
    expect(logout.status).toBe(204);
    expectRefused(await graphql(server.baseUrl, user.access, READ));
    for (const query of [MUTATION, INTROSPECTION, DATA_ERROR, VALIDATION_ERROR]) {
      expectRefused(await graphql(server.baseUrl, user.access, query));
    }
    // The other sign-in is another session: it reads on.
    const still = await graphqlData(server.baseUrl, other.body.access as string, READ);
    expect(still.methods).toHaveLength(1);
  });

  it("refuses a token in use once its user's token version is raised", async () => {
    const user = await userWithMethod();
    expect((await graphqlData(server.baseUrl, user.access, READ)).methods).toHaveLength(1);
    await server.context.database.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', user.id)
      .execute();
    expectRefused(await graphql(server.baseUrl, user.access, READ));
    expectRefused(await graphql(server.baseUrl, user.access, MUTATION));
  });

  it('checks a read in its own statement and anything else with a statement of its own', async () => {
    const user = await userWithMethod();
    const claims = claimsOf(user.access);
    const separateChecks: TokenStanding[] = [];
    const service = createGraphqlService({
      db: server.context.database.db,
      kind: backend.name,
      databaseUrl: server.databaseUrl,
      log: (error) => {
        throw error;
      },
      tokenStands: (standing) => {
        separateChecks.push(standing);
        return server.context.sessions.stillStands(standing.userId, standing.version, standing.sid);
      },
    });
    services.push(service);
    const viewer: Viewer = { kind: 'user', userId: user.id };
    const standing: TokenStanding = { userId: user.id, version: claims.ver, sid: claims.sid };
    const ask = async (query: string, asked: TokenStanding) =>
      JSON.parse(await service.execute(viewer, { query }, asked)) as GraphqlResponse;

    for (let time = 0; time < 3; time += 1) {
      expect((await ask(READ, standing)).data.methods).toHaveLength(1);
    }
    expect(separateChecks).toEqual([]);
    expectRefused(await ask(READ, { ...standing, version: claims.ver + 1 }));
    expect(separateChecks).toEqual([]);
    expect((await ask(MUTATION, standing)).data.update_methods.affected_rows).toBe(1);
    expect(separateChecks).toEqual([standing]);

    await request(server.baseUrl, 'POST', '/api/token/logout/', { body: { refresh: user.refresh } });
    expectRefused(await ask(READ, standing));
    expect(separateChecks).toHaveLength(1);
    // Without a token to check (a visitor's is checked in the row predicates), a read is the read alone.
    expect(JSON.parse(await service.execute(viewer, { query: READ })).data.methods).toHaveLength(1);
  });
});
