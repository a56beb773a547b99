// Query plans are compiled once per document, role and variable shape, and the shared plan answers byte for
// byte what a fresh compilation answers: two users and a visitor read representative documents (nested
// relations, aggregates, where/order/limit, null fields, unicode) on PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { graphqlData, searchByNameOrId } from '../../../test/graphql-client.ts';
import { METHODS, methodsVariables } from '../../../test/spec-documents.ts';
import { workspaceOf } from '../../../test/workspaces.ts';
import type { Viewer } from '../../repositories/graphql/policy.ts';
import { createGraphqlService, type GraphqlService } from '../../services/graphql/execute.ts';

const SAMPLES = `query Samples($name: String!, $limit: Int!) {
  samples(where: {name: {_ilike: $name}}, order_by: {id: desc}, limit: $limit) {
    id name description
    standards(order_by: {amount: asc}) { analyte amount }
    injections { id }
  }
  samples_aggregate(where: {name: {_ilike: $name}}) { aggregate { count max { name } min { id } } }
}`;

const SEQUENCES = `query Sequences($minimum: Int!) {
  sequences(where: {id: {_gte: $minimum}}) {
    name state
    device { name installed_column }
    drafts(order_by: {vial: asc}) { vial sample { name standards { analyte } } method { name favorite } }
  }
}`;

const METHOD_BY_PK = `query Method($id: Int!) { methods_by_pk(id: $id) { id name comment flow_rate_ml_per_min } }`;

/** A user with a device, methods, two samples (one with standards), a sequence with a draft. */
async function seedUser(server: TestServer, label: string) {
  const account = await signUp(server.baseUrl);
  const db = server.context.database.db;
  const workspace = await workspaceOf(db, account.id);
  const device = await db
    .insertInto('devices')
    .values({
      owner_id: account.id,
      workspace_id: workspace,
      serial_number: `SN-${randomUUID()}`,
      name: `HPLC ${label} — Säule ①`,
      pairing_code_hash: 'x',
      hardware_configuration: '[]',
      installed_column: JSON.stringify({ name: 'C18 “Ω”' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const method = await graphqlData(
    server.baseUrl,
    account.access,
    `mutation ($name: String!) { insert_methods_one(object: {name: $name}) { id } }`,
    { name: `Kofein ${label} ☕ 咖啡因 "quoted" \\ back` },
  );
  const post = async (path: string, body: Record<string, unknown>) => {
    const response = await request(server.baseUrl, 'POST', path, { token: account.access, body });
    expect(response.status, path).toBe(201);
    return response.body as { id: number };
  };
  const methodId = method.insert_methods_one.id as number;
  const sample = await post('/api/samples/', {
    name: `Probe ${label} ✓`,
    device_id: device.id,
    method_id: methodId,
    column_name: 'C18 “Ω”',
  });
  await post('/api/samples/', {
    name: `Probe ${label} without standards`,
    device_id: device.id,
    method_id: methodId,
    column_name: 'C18 “Ω”',
  });
  for (const [analyte, amount] of [
    ['caffeine', 10],
    ['théobromine', 2.5],
  ] as const) {
    await db
      .insertInto('standards')
      .values({ owner_id: account.id, workspace_id: workspace, sample_id: sample.id, analyte, amount })
      .execute();
  }
  const sequence = await post('/api/sequences/', { name: `Run ${label}`, device_id: device.id });
  await post(`/api/sequences/${sequence.id}/drafts/`, { sample_id: sample.id, method_id: methodId, vial: 3 });
  const share = await post('/api/share-tokens/', { object_type: 'sample', object_id: sample.id });
  const user: Viewer = { kind: 'user', userId: account.id };
  const visitor: Viewer = {
    kind: 'visitor',
    shareTokenId: share.id,
    objectType: 'sample',
    objectId: sample.id,
  };
  return { user, visitor, methodId, sequenceId: sequence.id };
}

describe.each(await backends('both'))('GraphQL read plans on $name', (backend) => {
  let server: TestServer;
  let a: Awaited<ReturnType<typeof seedUser>>;
  let b: Awaited<ReturnType<typeof seedUser>>;
  const services: GraphqlService[] = [];

  /** A service of its own over the server's database: its caches start empty. */
  const newService = () => {
    const service = createGraphqlService({
      db: server.context.database.db,
      kind: backend.name,
      databaseUrl: server.databaseUrl,
      log: (error) => {
        throw error;
      },
    });
    services.push(service);
    return service;
  };
  const ask = (service: GraphqlService, viewer: Viewer, query: string, variables: Record<string, unknown>) =>
    service.execute(viewer, { query, variables });

  beforeAll(async () => {
    server = await startTestServer({ backend });
    a = await seedUser(server, 'A');
    b = await seedUser(server, 'B');
  });
  afterAll(async () => {
    for (const service of services) await service.close();
    await server?.dispose();
  });

  it('compiles a document once for every user of a role and every value of its variables', async () => {
    const service = newService();
    const search = (viewer: Viewer, text: string) =>
      ask(service, viewer, METHODS, methodsVariables({ whereSearchByNameOrId: searchByNameOrId(text) }));
    const first = JSON.parse(await search(a.user, 'kofein'));
    expect(first.data.methods.map((method: { name: string }) => method.name)).toContain(
      'Kofein A ☕ 咖啡因 "quoted" \\ back',
    );
    expect(await service.compilations()).toBe(1);
    const texts = ['☕', "o'brien", '100%_pure', 'ümlaut', 'Kofein B', '"; drop table methods; --'];
    for (const text of texts) await search(b.user, text);
    await search(a.user, 'kofein');
    expect(await service.compilations()).toBe(1);
    const plans = await service.sharedPlans();
    expect(plans).toHaveLength(1);
    for (const text of texts) expect(plans[0]!.text).not.toContain(text);
    const seenByB = JSON.parse(await search(b.user, 'kofein'));
    expect(seenByB.data.methods.map((method: { name: string }) => method.name)).toEqual([
      'Kofein B ☕ 咖啡因 "quoted" \\ back',
    ]);
  });

  it('compiles another statement for another role', async () => {
    const service = newService();
    const variables = { name: '%Probe%', limit: 10 };
    const asUser = JSON.parse(await ask(service, a.user, SAMPLES, variables));
    const asVisitor = JSON.parse(await ask(service, b.visitor, SAMPLES, variables));
    expect(asUser.data.samples).toHaveLength(2);
    expect(asVisitor.data.samples.map((sample: { name: string }) => sample.name)).toEqual(['Probe B ✓']);
    expect(await service.compilations()).toBe(2);
    const plans = await service.sharedPlans();
    expect(plans).toHaveLength(2);
    expect(new Set(plans.map((plan) => plan.role)).size).toBe(2);
    expect(plans[0]!.text).not.toBe(plans[1]!.text);
  });

  it('answers from a shared plan byte for byte what a fresh compilation answers', async () => {
    const cases: Array<[string, string, (seed: typeof a) => Record<string, unknown>, 'user' | 'visitor']> = [
      ['nested relations, aggregates, unicode', SAMPLES, () => ({ name: '%probe%', limit: 5 }), 'user'],
      ['the visitor scope', SAMPLES, () => ({ name: '%', limit: 5 }), 'visitor'],
      ['object relationships and jsonb', SEQUENCES, (seed) => ({ minimum: seed.sequenceId }), 'user'],
      ['null fields by primary key', METHOD_BY_PK, (seed) => ({ id: seed.methodId }), 'user'],
      [
        'the Methods list with search, order and limit',
        METHODS,
        () => methodsVariables({ whereSearchByNameOrId: searchByNameOrId('☕'), limit: 3 }),
        'user',
      ],
    ];
    const shared = newService();
    for (const [what, query, variablesOf, role] of cases) {
      // A learns the plan; B's request is then answered from it without compiling.
      await ask(shared, a[role], query, variablesOf(a));
      const before = await shared.compilations();
      const fromPlan = await ask(shared, b[role], query, variablesOf(b));
      expect(await shared.compilations(), what).toBe(before);
      const fresh = await ask(newService(), b[role], query, variablesOf(b));
      expect(fromPlan, what).toBe(fresh);
      expect(JSON.parse(fromPlan).errors, what).toBeUndefined();
    }
    const sequences = JSON.parse(await ask(shared, b.user, SEQUENCES, { minimum: b.sequenceId }));
    expect(sequences.data.sequences).toEqual([
      {
        name: 'Run B',
        state: expect.any(String),
        device: { name: 'HPLC B — Säule ①', installed_column: { name: 'C18 “Ω”' } },
        drafts: [
          {
            vial: 3,
            sample: { name: 'Probe B ✓', standards: [{ analyte: 'caffeine' }, { analyte: 'théobromine' }] },
            method: { name: 'Kofein B ☕ 咖啡因 "quoted" \\ back', favorite: false },
          },
        ],
      },
    ]);
    const method = JSON.parse(await ask(shared, b.user, METHOD_BY_PK, { id: b.methodId }));
    expect(method.data.methods_by_pk).toMatchObject({ id: b.methodId, comment: null });
  });

  it("never lets one user's plan read another user's rows", async () => {
    const service = newService();
    await ask(service, a.user, METHOD_BY_PK, { id: a.methodId });
    const foreign = JSON.parse(await ask(service, b.user, METHOD_BY_PK, { id: a.methodId }));
    expect(foreign).toEqual({ data: { methods_by_pk: null } });
    const visitorA = JSON.parse(await ask(service, a.visitor, SAMPLES, { name: '%', limit: 5 }));
    const visitorB = JSON.parse(await ask(service, b.visitor, SAMPLES, { name: '%', limit: 5 }));
    expect(visitorA.data.samples.map((sample: { name: string }) => sample.name)).toEqual(['Probe A ✓']);
    expect(visitorB.data.samples.map((sample: { name: string }) => sample.name)).toEqual(['Probe B ✓']);
  });
});
