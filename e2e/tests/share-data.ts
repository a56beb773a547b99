// Data for the share and report tests, made through the public API as the demo user: a sample run on a
// simulated instrument with a template, and share tokens for it.
import { expect, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { testTimeScale } from '../../scripts/test-time.mjs';
import { DEMO } from './helpers.ts';

/**
 * The demo user's access token. A context that already holds the server's `csrftoken` cookie (from an earlier
 * answer) echoes it, as the web app does: a cookie-carrying request without a bearer token must (csrf.ts).
 */
export async function demoToken(request: APIRequestContext): Promise<string> {
  const { cookies } = await request.storageState();
  const csrf = cookies.find((cookie) => cookie.name === 'csrftoken')?.value;
  const response = await request.post('/api/token/', {
    data: { username: DEMO.email, password: DEMO.password },
    headers: csrf ? { 'X-CSRFToken': csrf } : {},
  });
  expect(response.ok(), `sign-in answered ${response.status()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { access: string }).access;
}

export async function graphql<T>(
  request: APIRequestContext,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await request.post('/hasura/v1/graphql', {
    headers: { Authorization: `Bearer ${token}` },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data!;
}

/** A REST call as `token`'s user that must succeed; its JSON answer. */
export async function api<T>(
  request: APIRequestContext,
  token: string,
  method: string,
  path: string,
  data?: unknown,
) {
  const response = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data: method === 'GET' ? undefined : (data ?? {}),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export interface FinishedRun {
  sampleId: number;
  sampleName: string;
  sequenceId: number;
  injectionId: number;
  injectionIds: number[];
}

export interface StartedRun {
  sampleId: number;
  sequenceId: number;
  /** The injection running now. */
  injectionId: number;
}

/** The newest idle simulated instrument (else the newest) and the first example method. */
export async function idleInstrument(
  request: APIRequestContext,
  token: string,
): Promise<{ device: { id: number }; methodId: number }> {
  const { devices, methods } = await graphql<{
    devices: { id: number; state: string }[];
    methods: { id: number }[];
  }>(
    request,
    token,
    '{ devices(order_by: {id: desc}) { id state } methods(where: {is_example: {_eq: true}}, order_by: {id: asc}, limit: 1) { id } }',
  );
  const device = devices.find((candidate) => candidate.state === 'idle') ?? devices[0]!;
  return { device, methodId: methods[0]!.id };
}

/** The template's detection: a given minimum prominence finds the sample's peak (and applies no threshold). */
const REPORT_PEAKS = { peak_detection_min_prominence: 5 };

/**
 * A copy of the example method that runs `runTimeMin` minutes: a run a test watches while it records lasts
 * long enough for a page to open on a slow machine (the simulators run at ELUENT_SIM_SPEED, e2e/server.ts).
 */
async function longMethod(
  request: APIRequestContext,
  token: string,
  exampleId: number,
  runTimeMin: number,
): Promise<number> {
  const fields =
    'flow_rate_ml_per_min temperature injection_ul gradient detector_single_channel hardware_configuration';
  const { methods } = await graphql<{ methods: Array<Record<string, unknown>> }>(
    request,
    token,
    `query($id: Int!) { methods(where: { id: { _eq: $id } }) { ${fields} } }`,
    { id: exampleId },
  );
  const created = await graphql<{ insert_methods_one: { id: number } }>(
    request,
    token,
    'mutation($o: methods_insert_input!) { insert_methods_one(object: $o) { id } }',
    { o: { ...methods[0], name: `Long run ${randomUUID().slice(0, 8)}`, run_time_min: runTimeMin } },
  );
  return created.insert_methods_one.id;
}

/** Starts a run of a new sample on an idle simulated instrument, with a template that finds its peak. */
export async function startSampleRun(
  request: APIRequestContext,
  token: string,
  sampleName: string,
  injectionsCount = 1,
  detection: Record<string, unknown> = REPORT_PEAKS,
  runTimeMin?: number,
): Promise<StartedRun> {
  const { device, methodId: exampleId } = await idleInstrument(request, token);
  const methodId =
    runTimeMin === undefined ? exampleId : await longMethod(request, token, exampleId, runTimeMin);
  const templateUuid = randomUUID();
  await graphql(
    request,
    token,
    'mutation($o: postprocessingTemplates_insert_input!) { insert_postprocessingTemplates_one(object: $o) { uuid } }',
    {
      o: { uuid: templateUuid, name: 'Report peaks', params_pdet: detection },
    },
  );
  const sample = await api<{ id: number }>(request, token, 'POST', '/api/samples/', {
    name: sampleName,
    device_id: device.id,
    method_id: methodId,
    column_name: 'C18',
  });
  const sequence = await api<{ id: number }>(request, token, 'POST', '/api/sequences/', {
    name: `${sampleName} run`,
    device_id: device.id,
    method_id: methodId,
    template_uuid: templateUuid,
  });
  await api(request, token, 'POST', `/api/sequences/${sequence.id}/drafts/`, {
    sample_id: sample.id,
    vial: 3,
    injections_count: injectionsCount,
  });
  const started = await api<{ current_injection_id: number }>(
    request,
    token,
    'POST',
    `/api/sequences/${sequence.id}/start/`,
  );
  return { sampleId: sample.id, sequenceId: sequence.id, injectionId: started.current_injection_id };
}

/** Runs the injections of a new sample and waits for their processed results. */
export async function runSample(
  request: APIRequestContext,
  token: string,
  sampleName: string,
  injectionsCount = 1,
  detection: Record<string, unknown> = REPORT_PEAKS,
): Promise<FinishedRun> {
  const started = await startSampleRun(request, token, sampleName, injectionsCount, detection);
  const sequence = { id: started.sequenceId };
  await expect
    .poll(
      async () =>
        (await api<{ state: string }>(request, token, 'GET', `/api/sequences/${sequence.id}/`)).state,
      // The run's time scale, as every wait of the browser tests (scaled() in fixtures.ts).
      { timeout: Math.round(90_000 * testTimeScale()) },
    )
    .toBe('FINISHED');
  const results = await api<{ injections: { injection_id: number; result: unknown }[] }>(
    request,
    token,
    'GET',
    `/api/sequences/${sequence.id}/results/`,
  );
  expect(results.injections[0]?.result).toBeTruthy();
  const sampleId = (
    await api<{ drafts: { sample_id: number }[] }>(request, token, 'GET', `/api/sequences/${sequence.id}/`)
  ).drafts[0]!.sample_id;
  return {
    sampleId,
    sampleName,
    sequenceId: sequence.id,
    injectionId: results.injections[0]!.injection_id,
    injectionIds: results.injections.map((injection) => injection.injection_id),
  };
}

/** A new share token for a sample, injection or sequence of the demo user (REST: share links). */
export async function createShareToken(
  request: APIRequestContext,
  token: string,
  objectType: 'sample' | 'injection' | 'sequence',
  objectId: number,
): Promise<{ id: number; token: string }> {
  return api<{ id: number; token: string }>(request, token, 'POST', '/api/share-tokens/', {
    object_type: objectType,
    object_id: objectId,
  });
}

export async function revokeShareToken(request: APIRequestContext, token: string, id: number) {
  const response = await request.delete(`/api/share-tokens/${id}/`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(204);
}
