// A template's integration events, reporting threshold and negative-peak setting (migration 0026) through
// GraphQL as the template editor writes them: stored and read back beside spec §3's groups (the spec's
// documents keep their field lists), refused with the field named when the core could not read them, kept
// in the result's template snapshot and applied when a measurement is reprocessed with the template.
import {
  CREATE_OR_UPDATE_TEMPLATE_WITH_EXTENSIONS,
  POSTPROCESSING_TEMPLATE,
  POSTPROCESSING_TEMPLATE_WITH_EXTENSIONS,
} from '@eluent/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { graphql, graphqlData } from '../../../test/graphql-client.ts';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { syntheticCsv, upload } from '../../../test/results-fixtures.ts';

const events = [
  { kind: 'inhibit', start_sec: 0, end_sec: null },
  { kind: 'area_reject', start_sec: 30, value: 2.5 },
];

function variables(uuid: string, extensions: Record<string, unknown>) {
  return {
    uuid,
    name: 'With events',
    is_favorite: false,
    is_archived: false,
    algorithm_base: 'none',
    algorithm_binj: 'none',
    algorithm_pdet: 'default',
    algorithm_peak: 'default',
    algorithm_nois: 'median',
    params_pdet: {},
    params_peak: {},
    params_base: {},
    params_binj: {},
    params_nois: {},
    params_dtim: {},
    ...extensions,
  };
}

describe.each(await backends('both'))('template extensions on $name', (backend) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    token = (await signUp(server.baseUrl)).access;
  });
  afterAll(async () => server?.dispose());

  const save = (uuid: string, extensions: Record<string, unknown>) =>
    graphql(server.baseUrl, token, CREATE_OR_UPDATE_TEMPLATE_WITH_EXTENSIONS, variables(uuid, extensions));
  const stored = (uuid: string) =>
    server.context.database.db
      .selectFrom('postprocessingTemplates')
      .select(['integration_events', 'reporting_threshold_percent'])
      .where('uuid', '=', uuid)
      .execute();

  it('stores and reads back the events beside the spec fields', async () => {
    const uuid = randomUUID();
    const saved = await save(uuid, {
      integration_events: events,
      reporting_threshold_percent: 0.1,
      peak_detection_negative_peaks: true,
    });
    expect(saved.errors).toBeUndefined();
    const read = await graphqlData(server.baseUrl, token, POSTPROCESSING_TEMPLATE_WITH_EXTENSIONS, { uuid });
    expect(read.postprocessingTemplates[0]).toMatchObject({
      integration_events: events,
      reporting_threshold_percent: 0.1,
      peak_detection_negative_peaks: true,
    });
    // The spec's own document keeps its field list.
    const spec = await graphqlData(server.baseUrl, token, POSTPROCESSING_TEMPLATE, { uuid });
    expect(spec.postprocessingTemplates[0]).not.toHaveProperty('integration_events');
  });

  it.each([
    [
      'a threshold without value',
      { integration_events: [{ kind: 'threshold', start_sec: 5 }] },
      'integration_events.0.value',
    ],
    [
      'an unknown kind',
      { integration_events: [{ kind: 'smudge', start_sec: 5 }] },
      'integration_events.0.kind',
    ],
    [
      'an end before the start',
      { integration_events: [{ kind: 'inhibit', start_sec: 5, end_sec: 1 }] },
      'integration_events.0.end_sec',
    ],
    ['events that are not a list', { integration_events: { kind: 'inhibit' } }, 'integration_events'],
    ['a threshold above 100 %', { reporting_threshold_percent: 120 }, 'reporting_threshold_percent'],
  ])('refuses %s, naming the field, and stores nothing', async (_, extensions, field) => {
    const uuid = randomUUID();
    const refused = await save(uuid, extensions);
    expect(refused.data).toBeUndefined();
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'validation-failed' } });
    expect(refused.errors?.[0]?.message).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: `));
    expect(await stored(uuid)).toEqual([]);
  });

  it('checks the events an update sets', async () => {
    const uuid = randomUUID();
    expect((await save(uuid, {})).errors).toBeUndefined();
    const update = (value: unknown) =>
      graphql(
        server.baseUrl,
        token,
        `
          mutation Set($uuid: uuid!, $events: jsonb) {
            update_postprocessingTemplates(
              where: { uuid: { _eq: $uuid } }
              _set: { integration_events: $events }
            ) {
              affected_rows
            }
          }
        `,
        { uuid, events: value },
      );
    const refused = await update([{ kind: 'split_peak', start_sec: -1 }]);
    expect(refused.errors?.[0]?.message).toMatch(/^integration_events\.0\.start_sec: /);
    expect((await update(events)).errors).toBeUndefined();
    expect((await stored(uuid))[0]?.integration_events).toEqual(events);
  });

  it('keeps the events in the result snapshot and applies them when reprocessing', async () => {
    const imported = await upload(server.baseUrl, token, 'peaks.csv', syntheticCsv());
    expect(imported.status).toBe(201);
    const id = imported.body.measurement_id as number;
    const uuid = randomUUID();
    expect((await save(uuid, { integration_events: events })).errors).toBeUndefined();
    const job = await request(server.baseUrl, 'POST', '/api/processing-jobs/', {
      token,
      body: { measurement_id: id, template_uuid: uuid },
    });
    expect(job.status).toBe(202);
    await eventually(
      async () =>
        (await request(server.baseUrl, 'GET', `/api/processing-jobs/${job.body.id}/`, { token })).body
          .state === 'finished',
      { what: 'the reprocessing job to finish' },
    );
    const results = (await request(server.baseUrl, 'GET', `/api/measurements/${id}/results/`, { token })).body
      .results;
    const [before, after] = results;
    expect(before.peaks.length).toBeGreaterThan(0);
    expect(after.template_snapshot.integration_events).toEqual(events);
    expect(after.peaks).toEqual([]);
    expect(after.errors).toContainEqual(expect.objectContaining({ reason_code: 'inhibited' }));
    expect(after.figures.detection.events.map((event: { kind: string }) => event.kind)).toEqual([
      'inhibit',
      'area_reject',
    ]);
  });
});
