// The operations of spec §7 sent as the client sends them, on PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { graphql, graphqlData, searchByNameOrId } from '../../../test/graphql-client.ts';
import * as documents from '../../../test/spec-documents.ts';

describe.each(await backends('both'))('spec §7 GraphQL operations on $name', (backend) => {
  let server: TestServer;
  let token: string;
  const ids: Record<string, number> = {};

  const createMethod = async (object: Record<string, unknown>) => {
    const data = await graphqlData(server.baseUrl, token, documents.CREATE_METHOD, { object });
    return data.insert_methods_one as { id: number; name: string };
  };
  const list = async (overrides: Record<string, unknown> = {}) =>
    graphqlData(server.baseUrl, token, documents.METHODS, documents.methodsVariables(overrides));

  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  // Each test has a user of its own (with a workspace of its own) and four fresh methods: no test reads what
  // another one changed.
  beforeEach(async () => {
    token = (await signUp(server.baseUrl)).access;
    const pump = [{ kind: 'pump', model: 'P1', limits: {} }];
    ids.alpha = (
      await createMethod({ name: 'Alpha 100%_pure', hardware_configuration: pump, flow_rate_ml_per_min: 1 })
    ).id;
    ids.beta = (await createMethod({ name: 'Beta', hardware_configuration: [] })).id;
    ids.gamma = (
      await createMethod({
        name: 'Gamma',
        hardware_configuration: [{ kind: 'detector', model: 'D', limits: {} }],
      })
    ).id;
    ids.delta = (await createMethod({ name: 'delta alpha', hardware_configuration: pump })).id;
  });
  afterAll(async () => server?.dispose());

  it('creates a method with insert_methods_one and reads it by methodId', async () => {
    const data = await graphqlData(server.baseUrl, token, documents.METHOD, { methodId: ids.alpha });
    expect(data.methods_by_pk).toMatchObject({
      id: ids.alpha,
      name: 'Alpha 100%_pure',
      flow_rate_ml_per_min: 1,
      editable: true,
      is_example: false,
      archived: false,
      favorite: false,
    });
    expect(Object.keys(data.methods_by_pk)).toHaveLength(40);
  });

  it('lists methods favorite first then id descending, with the total count and the examples', async () => {
    await graphqlData(server.baseUrl, token, documents.SET_METHOD_FAVORITE_STATUS, {
      methodId: ids.beta,
      isFavorite: true,
    });
    const data = await list({ hasSortingByFavorites: 'desc' });
    const own = data.methods.filter((method: { is_example: boolean }) => !method.is_example);
    expect(own.map((method: { id: number }) => method.id)).toEqual([
      ids.beta,
      ids.delta,
      ids.gamma,
      ids.alpha,
    ]);
    const examples = data.methods.filter((method: { is_example: boolean }) => method.is_example);
    expect(examples.length).toBeGreaterThanOrEqual(3);
    expect(data.methods_aggregate.aggregate.count).toBe(data.methods.length);
  });

  it('pages with limit and offset while the count stays the total', async () => {
    const all = (await list({ limit: 100 })).methods.map((method: { id: number }) => method.id);
    const first = await list({ limit: 2, offset: 0 });
    const second = await list({ limit: 2, offset: 2 });
    expect(first.methods.map((m: { id: number }) => m.id)).toEqual(all.slice(0, 2));
    expect(second.methods.map((m: { id: number }) => m.id)).toEqual(all.slice(2, 4));
    expect(first.methods_aggregate.aggregate.count).toBe(all.length);
  });

  it('filters favorites, archived, excluded ids and hardware configuration (empty or equal)', async () => {
    await graphqlData(server.baseUrl, token, documents.SET_METHOD_FAVORITE_STATUS, {
      methodId: ids.beta,
      isFavorite: true,
    });
    const favorites = await list({ hasOnlyFavorites: true });
    expect(favorites.methods.map((m: { id: number }) => m.id)).toEqual([ids.beta]);
    expect(favorites.methods_aggregate.aggregate.count).toBe(1);

    const excluded = await list({
      methodIdsToExclude: [ids.alpha, ids.beta],
      whereSearchByNameOrId: searchByNameOrId('a'),
    });
    expect(excluded.methods.map((m: { id: number }) => m.id)).not.toContain(ids.alpha);
    expect(excluded.methods.map((m: { id: number }) => m.id)).not.toContain(ids.beta);

    const pump = [{ kind: 'pump', model: 'P1', limits: {} }];
    const compatible = await list({ hardwareConfiguration: pump });
    const compatibleIds = compatible.methods.map((m: { id: number }) => m.id);
    expect(compatibleIds).toEqual(expect.arrayContaining([ids.alpha, ids.beta, ids.delta]));
    expect(compatibleIds).not.toContain(ids.gamma);
    for (const method of compatible.methods) {
      expect([[], pump]).toContainEqual(method.hardware_configuration);
    }
  });

  it('searches by name (case-insensitive contains, wildcards literal) or by id', async () => {
    const byName = await list({ whereSearchByNameOrId: searchByNameOrId('ALPHA') });
    expect(byName.methods.map((m: { id: number }) => m.id)).toEqual([ids.delta, ids.alpha]);
    const percent = await list({ whereSearchByNameOrId: searchByNameOrId('100%_') });
    expect(percent.methods.map((m: { id: number }) => m.id)).toEqual([ids.alpha]);
    const underscore = await list({ whereSearchByNameOrId: searchByNameOrId('a_p') });
    expect(underscore.methods).toEqual([]);
    const byId = await list({ whereSearchByNameOrId: searchByNameOrId(String(ids.gamma)) });
    // The id matches exactly; names containing the digits match too (an example's name may).
    expect(byId.methods.map((m: { id: number }) => m.id)).toContain(ids.gamma);
    expect(
      byId.methods.filter(
        (m: { id: number; name: string }) => m.id !== ids.gamma && !m.name.includes(String(ids.gamma)),
      ),
    ).toEqual([]);
    const injection = await list({ whereSearchByNameOrId: searchByNameOrId("'; drop table methods; --") });
    expect(injection.methods).toEqual([]);
    expect((await list()).methods_aggregate.aggregate.count).toBeGreaterThan(4);
  });

  it('reads MethodsByIds', async () => {
    const data = await graphqlData(server.baseUrl, token, documents.METHODS_BY_IDS, {
      methodIds: [ids.gamma, ids.alpha],
    });
    expect(data.methods.map((m: { id: number }) => m.id)).toEqual([ids.alpha, ids.gamma]);
  });

  it('archives, unarchives and removes a method, returning its id', async () => {
    const archived = await graphqlData(server.baseUrl, token, documents.SET_METHOD_ARCHIVING_STATUS, {
      methodId: ids.gamma,
      isArchived: true,
    });
    expect(archived.update_methods_by_pk).toEqual({ id: ids.gamma });
    expect((await list()).methods.map((m: { id: number }) => m.id)).not.toContain(ids.gamma);
    expect((await list({ isArchived: true })).methods.map((m: { id: number }) => m.id)).toEqual([ids.gamma]);
    await graphqlData(server.baseUrl, token, documents.SET_METHOD_ARCHIVING_STATUS, {
      methodId: ids.gamma,
      isArchived: false,
    });
    const removed = await graphqlData(server.baseUrl, token, documents.REMOVE_METHOD, {
      methodId: ids.delta,
    });
    expect(removed.delete_methods_by_pk).toEqual({ id: ids.delta });
    expect(
      (await graphqlData(server.baseUrl, token, documents.METHOD, { methodId: ids.delta })).methods_by_pk,
    ).toBeNull();
    const again = await graphqlData(server.baseUrl, token, documents.REMOVE_METHOD, { methodId: ids.delta });
    expect(again.delete_methods_by_pk).toBeNull();
  });

  it('changes only name, archived and favorite of a method; other columns are refused', async () => {
    const renamed = await graphqlData(server.baseUrl, token, documents.UPDATE_METHOD, {
      methodId: ids.alpha,
      set: { name: 'Alpha renamed' },
    });
    expect(renamed.update_methods_by_pk).toEqual({ id: ids.alpha, name: 'Alpha renamed' });
    const refused = await graphql(server.baseUrl, token, documents.UPDATE_METHOD, {
      methodId: ids.alpha,
      set: { name: 'x', flow_rate_ml_per_min: 2 },
    });
    expect(refused.status).toBe(200);
    expect(refused.errors?.[0]?.message).toBe('Only name is changeable.');
    const method = await graphqlData(server.baseUrl, token, documents.METHOD, { methodId: ids.alpha });
    expect(method.methods_by_pk).toMatchObject({ name: 'Alpha renamed', flow_rate_ml_per_min: 1 });
  });

  it('reads example methods but cannot change or delete them', async () => {
    const example = (await list({ limit: 100 })).methods.find((m: { is_example: boolean }) => m.is_example);
    const update = await graphqlData(server.baseUrl, token, documents.UPDATE_METHOD, {
      methodId: example.id,
      set: { name: 'mine now' },
    });
    expect(update.update_methods_by_pk).toBeNull();
    const removal = await graphqlData(server.baseUrl, token, documents.REMOVE_METHOD, {
      methodId: example.id,
    });
    expect(removal.delete_methods_by_pk).toBeNull();
    const still = await graphqlData(server.baseUrl, token, documents.METHOD, { methodId: example.id });
    expect(still.methods_by_pk).toMatchObject({ name: example.name, is_example: true, editable: false });
  });

  it('creates a template, updates it on the same uuid, favorites and archives it by uuid', async () => {
    const uuid = randomUUID();
    const created = await graphqlData(
      server.baseUrl,
      token,
      documents.CREATE_OR_UPDATE_TEMPLATE,
      documents.templateVariables(uuid, { name: 'Assay A' }),
    );
    expect(created.insert_postprocessingTemplates_one).toMatchObject({
      uuid,
      name: 'Assay A',
      algorithm_nois: 'median',
      params_dtim: { detection_time_start_sec: 0, detection_time_end_sec: 600 },
    });
    const id = created.insert_postprocessingTemplates_one.id as number;
    const updated = await graphqlData(
      server.baseUrl,
      token,
      documents.CREATE_OR_UPDATE_TEMPLATE,
      documents.templateVariables(uuid, {
        name: 'Assay B',
        algorithm_peak: 'peak_fitting_v1',
        params_dtim: {},
      }),
    );
    expect(updated.insert_postprocessingTemplates_one).toMatchObject({
      uuid,
      id,
      name: 'Assay B',
      algorithm_peak: 'peak_fitting_v1',
      params_dtim: {},
    });
    const other = randomUUID();
    await graphqlData(
      server.baseUrl,
      token,
      documents.CREATE_OR_UPDATE_TEMPLATE,
      documents.templateVariables(other, { name: 'Second' }),
    );

    const favorite = await graphqlData(server.baseUrl, token, documents.SET_TEMPLATE_FAVORITE_STATUS, {
      postprocessingTemplateUuid: uuid,
      isFavorite: true,
    });
    expect(favorite.update_postprocessingTemplates.returning).toEqual([{ uuid }]);
    const listed = await graphqlData(server.baseUrl, token, documents.POSTPROCESSING_TEMPLATES, {
      hasSortingByFavorites: 'desc',
    });
    expect(listed.postprocessingTemplates.map((t: { uuid: string }) => t.uuid)).toEqual([uuid, other]);
    expect(listed.postprocessingTemplates_aggregate.aggregate.count).toBe(2);
    const searched = await graphqlData(server.baseUrl, token, documents.POSTPROCESSING_TEMPLATES, {
      whereSearchByNameOrId: searchByNameOrId('assay'),
    });
    expect(searched.postprocessingTemplates.map((t: { uuid: string }) => t.uuid)).toEqual([uuid]);

    const archived = await graphqlData(server.baseUrl, token, documents.SET_TEMPLATE_ARCHIVING_STATUS, {
      postprocessingTemplateUuid: uuid,
      isArchived: true,
    });
    expect(archived.update_postprocessingTemplates.returning).toEqual([{ uuid }]);
    const active = await graphqlData(server.baseUrl, token, documents.POSTPROCESSING_TEMPLATES, {});
    expect(active.postprocessingTemplates.map((t: { uuid: string }) => t.uuid)).toEqual([other]);
    expect(active.postprocessingTemplates_aggregate.aggregate.count).toBe(1);
  });

  it('records every method and template mutation in the audit trail with old and new values', async () => {
    await graphqlData(server.baseUrl, token, documents.UPDATE_METHOD, {
      methodId: ids.alpha,
      set: { name: 'Alpha renamed' },
    });
    await graphql(server.baseUrl, token, documents.UPDATE_METHOD, {
      methodId: ids.alpha,
      set: { name: 'x', flow_rate_ml_per_min: 2 },
    });
    await graphqlData(server.baseUrl, token, documents.REMOVE_METHOD, { methodId: ids.delta });
    const example = (await list({ limit: 100 })).methods.find((m: { is_example: boolean }) => m.is_example);
    await graphqlData(server.baseUrl, token, documents.UPDATE_METHOD, {
      methodId: example.id,
      set: { name: 'mine now' },
    });
    const uuid = randomUUID();
    for (const name of ['Assay A', 'Assay B'])
      await graphqlData(
        server.baseUrl,
        token,
        documents.CREATE_OR_UPDATE_TEMPLATE,
        documents.templateVariables(uuid, { name }),
      );
    const data = await graphqlData(
      server.baseUrl,
      token,
      `query { auditEvents(order_by: {id: asc}) { entity entity_id action old_values new_values at user_id } }`,
    );
    const events = data.auditEvents as Array<{
      entity: string;
      entity_id: string;
      action: string;
      old_values: any;
      new_values: any;
    }>;
    expect(events.filter((e) => e.entity === 'methods' && e.action === 'insert')).toHaveLength(4);
    expect(events).toContainEqual(
      expect.objectContaining({
        entity: 'methods',
        entity_id: String(ids.alpha),
        action: 'update',
        old_values: { name: 'Alpha 100%_pure' },
        new_values: { name: 'Alpha renamed' },
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        entity: 'methods',
        entity_id: String(ids.delta),
        action: 'delete',
        new_values: null,
      }),
    );
    const templateUpdate = events.find(
      (e) =>
        e.entity === 'postprocessingTemplates' && e.action === 'update' && e.new_values?.name === 'Assay B',
    );
    expect(templateUpdate?.old_values).toMatchObject({ name: 'Assay A' });
    // The refused change and the example-method attempts left no trace.
    expect(events.filter((e) => e.new_values?.name === 'x' || e.new_values?.name === 'mine now')).toEqual([]);
  });

  it('pages by keyset: id below the cursor, id descending, limit', async () => {
    const created: number[] = [];
    for (let index = 0; index < 5; index += 1)
      created.push((await createMethod({ name: `Keyset ${index}` })).id);
    const page = `query Page($cursor: Int, $limit: Int!) {
      methods(where: { id: { _lt: $cursor }, name: { _like: "Keyset %" } }, order_by: { id: desc }, limit: $limit) { id }
    }`;
    const first = await graphqlData(server.baseUrl, token, page, { cursor: null, limit: 2 });
    const second = await graphqlData(server.baseUrl, token, page, { cursor: first.methods[1].id, limit: 2 });
    const third = await graphqlData(server.baseUrl, token, page, { cursor: second.methods[1].id, limit: 2 });
    const seen = [...first.methods, ...second.methods, ...third.methods].map((m: { id: number }) => m.id);
    expect(seen).toEqual([...created].reverse());
  });

  it('answers errors in Hasura form with HTTP 200', async () => {
    const unknownField = await graphql(
      server.baseUrl,
      token,
      `
        query {
          methods {
            id
            nope
          }
        }
      `,
    );
    expect(unknownField.status).toBe(200);
    expect(unknownField.errors?.[0]?.extensions.code).toBe('validation-failed');
    const syntax = await graphql(server.baseUrl, token, `query { methods { id `);
    expect(syntax.errors?.[0]?.extensions.code).toBe('validation-failed');
    const wrongType = await graphql(server.baseUrl, token, documents.METHOD, { methodId: 'one' });
    expect(wrongType.errors?.[0]?.extensions.code).toBe('validation-failed');
    const wrongTypeName = await graphql(
      server.baseUrl,
      token,
      `
        query ($w: method_bool_exp) {
          methods(where: $w) {
            id
          }
        }
      `,
    );
    expect(wrongTypeName.errors?.[0]?.extensions.code).toBe('validation-failed');
    const badUuid = await graphql(server.baseUrl, token, documents.SET_TEMPLATE_FAVORITE_STATUS, {
      postprocessingTemplateUuid: 'not-a-uuid',
      isFavorite: true,
    });
    expect(badUuid.errors?.[0]?.extensions.code).toBe('data-exception');
    const uuid = randomUUID();
    const insertOnce = `mutation ($o: postprocessingTemplates_insert_input!) { insert_postprocessingTemplates_one(object: $o) { id } }`;
    await graphqlData(server.baseUrl, token, insertOnce, { o: { uuid, name: 'Once' } });
    const duplicate = await graphql(server.baseUrl, token, insertOnce, { o: { uuid, name: 'Twice' } });
    expect(duplicate.errors?.[0]?.extensions.code).toBe('constraint-violation');
    expect(duplicate.errors?.[0]?.message).toMatch(
      /^Uniqueness violation\. duplicate key value violates unique constraint "postprocessingTemplates_uuid_key"/,
    );
    const negative = await graphql(server.baseUrl, token, documents.METHODS, { limit: -1 });
    expect(negative.errors?.[0]?.extensions.code).toBe('validation-failed');
  });

  it('answers invalid-jwt for expired and forged tokens, and parse-failed for a body that is not JSON', async () => {
    const expired = await server.context.signer.sign({ token_type: 'access', jti: 'x', user_id: '1' }, -10);
    const response = await graphql(
      server.baseUrl,
      expired,
      `
        query {
          methods {
            id
          }
        }
      `,
    );
    expect(response.status).toBe(200);
    expect(response.errors?.[0]).toEqual({
      message: 'Could not verify JWT: JWTExpired',
      extensions: { path: '$', code: 'invalid-jwt' },
    });
    // Another first character of the signature always changes it (its last one carries padding bits).
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
    expect(
      (
        await graphql(
          server.baseUrl,
          forged,
          `
            query {
              methods {
                id
              }
            }
          `,
        )
      ).errors?.[0]?.extensions.code,
    ).toBe('invalid-jwt');
    const refresh = (await signUp(server.baseUrl)).refresh;
    expect(
      (
        await graphql(
          server.baseUrl,
          refresh,
          `
            query {
              methods {
                id
              }
            }
          `,
        )
      ).errors?.[0]?.extensions.code,
    ).toBe('invalid-jwt');
    const raw = await fetch(`${server.baseUrl}/hasura/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{"query": ',
    });
    expect(raw.status).toBe(200);
    expect(((await raw.json()) as any).errors[0].extensions.code).toBe('parse-failed');
  });

  it('refuses over-deep, over-large and oversized requests without a 500', async () => {
    let deep = 'id';
    for (let level = 0; level < 6; level += 1) deep = `id drafts { id sequence { ${deep} } }`;
    const tooDeep = await graphql(server.baseUrl, token, `query { sequences { ${deep} } }`);
    expect(tooDeep.errors?.[0]?.message).toMatch(/maximum depth/);
    const bomb = `query { ${Array.from({ length: 60 }, (_, i) => `a${i}: methods { ...F }`).join(' ')} } fragment F on methods { ${Array.from({ length: 40 }, (_, i) => `f${i}: id`).join(' ')} }`;
    const tooMany = await graphql(server.baseUrl, token, bomb);
    expect(tooMany.errors?.[0]?.extensions.code).toBe('validation-failed');
    const hugeVariables = await graphql(server.baseUrl, token, documents.METHODS_BY_IDS, {
      methodIds: Array.from({ length: 20_000 }, (_, i) => i + 1),
    });
    expect(hugeVariables.errors?.[0]?.message).toMatch(/variables are larger/);
    const hugeBody = await graphql(
      server.baseUrl,
      token,
      `
        query {
          methods {
            id
          }
        }
      `,
      { padding: 'x'.repeat(600_000) },
    );
    expect(hugeBody.status).toBe(200);
    expect(hugeBody.errors?.[0]?.extensions.code).toBe('validation-failed');
  });

  it('rolls back every root field of a mutation when one fails (no partial write)', async () => {
    const before = (await list({ limit: 500 })).methods_aggregate.aggregate.count;
    const mutation = `mutation { a: insert_methods_one(object: {name: "Rolled back"}) { id } b: insert_methods_one(object: {name: null}) { id } }`;
    const response = await graphql(server.baseUrl, token, mutation);
    expect(response.errors?.[0]?.extensions.code).toBe('constraint-violation');
    expect(response.errors?.[0]?.message).toMatch(/^Not-NULL violation\./);
    expect((await list({ limit: 500 })).methods_aggregate.aggregate.count).toBe(before);
  });
});
