// Every REST write route, driven on a real database with a real simulated instrument, answers within a
// few seconds (never waits on itself: docs/architecture.md "Transactions") and leaves the server healthy.
// The routes come from the Fastify instance itself, so a new write route without a step here fails; and
// every route that changes an object and succeeds must leave an audit event of its user (docs/audit.md), so
// a new write path that forgets the audit trail fails too. Before each route's own request, the same body
// with one key more is sent and must be refused with a 400 naming that key (docs/api.md "Unknown fields").
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, type TestServer } from '../../../test/harness.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { createTemplate, sampleChromatogram, upload } from '../../../test/results-fixtures.ts';
import { storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';
import { within } from '../../../test/within.ts';
import { chainHead } from '../../repositories/audit.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LIMIT_MS = 10_000;
/** Writes that change no object of the lab (sessions, messages, transports): no audit event expected. */
const NOT_AUDITED = new Set([
  'POST /api/accounts/',
  'POST /api/token/',
  'POST /api/token/refresh/',
  'POST /api/token/logout/',
  'POST /api/accounts/::recover-password/',
  'POST /api/accounts/::reset-password/',
  'POST /api/accounts/::google_signin/',
  // Mails a verification link; changes nothing until the link is used (that is audited).
  'POST /api/accounts/me/verification/',
  'POST /api/contact/',
  'POST /api/hasura/auth/share-token',
  // Measures a batch of integration changes without saving it.
  'POST /api/results/:id/integration/preview/',
  // Cancels an import job: the import leaves nothing stored (what it had begun is removed, unaudited as
  // it was never complete); the job row says it was cancelled.
  'DELETE /api/measurements/import/jobs/:id/',
  'POST /api/centrifuge/subscribe',
  'POST /emulation',
  'POST /realtime/http_stream',
  'POST /hasura/v1/graphql',
]);

/** Protocol endpoints that follow their own formats (GraphQL, the Centrifugo proxy and transports). */
const OWN_FORMAT = new Set([
  'POST /api/centrifuge/subscribe',
  'POST /emulation',
  'POST /realtime/http_stream',
  'POST /hasura/v1/graphql',
]);
const EXTRA_KEY = 'unexpected_field';

const shortMethod = {
  name: 'Fast test gradient',
  flow_rate_ml_per_min: 2,
  run_time_min: 1,
  temperature: 30,
  injection_ul: 10,
  gradient: [
    { time_min: 0, percent_b: 10 },
    { time_min: 0.8, percent_b: 90 },
  ],
  data_rate_hz: 10,
};

interface Answer {
  status: number;
  body: any;
}

describe.each(await backends())('every REST write route on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let token: string;
  let instrument: LinkedInstrument;
  let methodId: number;
  let userId: number;
  const driven = new Set<string>();
  /** Routes whose body with an unknown key was refused, and those that sent no body (nothing to refuse). */
  const refusedExtra = new Set<string>();
  const withoutBody = new Set<string>();
  const ids: Record<string, number> = {};
  /** While set, `api` sends the body with one key more and nothing without a body (see `step`). */
  let probe: { called: boolean; sent: boolean } | undefined;
  const api = async (method: string, path: string, body?: unknown, as = token): Promise<Answer> => {
    if (!probe) return request(base, method, path, { token: as, body });
    probe.called = true;
    if (body === undefined) return { status: 0, body: undefined };
    probe.sent = true;
    return request(base, method, path, { token: as, body: { ...(body as object), [EXTRA_KEY]: 1 } });
  };

  /** Runs one write under the time limit; it must answer (not 5xx) and the server must stay healthy. */
  async function step(route: string, run: () => Promise<Answer>): Promise<Answer> {
    driven.add(route);
    const db = server.context.database.db;
    const before = await chainHead(db);
    let answer: Answer;
    if (OWN_FORMAT.has(route)) answer = await within(LIMIT_MS, run(), route);
    else {
      const sent = (probe = { called: false, sent: false });
      const first = await within(LIMIT_MS, run(), `${route} with an unknown key`).finally(() => {
        probe = undefined;
      });
      if (sent.sent) {
        expect(first.status, `${route} with an unknown key: ${JSON.stringify(first.body)}`).toBe(400);
        expect(first.body).toMatchObject({ code: 'invalid', fields: { [EXTRA_KEY]: ['Unknown field'] } });
        expect(first.body.detail).toContain(EXTRA_KEY);
        refusedExtra.add(route);
      } else withoutBody.add(route);
      // A step that sends its request itself (an upload, a stream) has been run once, for real.
      answer = sent.called ? await within(LIMIT_MS, run(), route) : first;
    }
    expect(answer.status, `${route}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
    if (answer.status < 300 && !NOT_AUDITED.has(route)) {
      const events = await db
        .selectFrom('auditEvents')
        .select(['user_id', 'user_email', 'entity', 'action'])
        .where('chain_seq', '>', before.lastSeq)
        .execute();
      expect(
        events.filter((event) => event.user_id === userId && event.user_email),
        `${route} left no audit event of its user`,
      ).not.toEqual([]);
    }
    const health = await within(LIMIT_MS, request(base, 'GET', '/api/health/'), `health after ${route}`);
    expect(health.status, `health after ${route}`).toBe(200);
    return answer;
  }

  beforeAll(async () => {
    ({ server, base, token, userId, instrument } = await startServerWithInstrument(backend, { speed: 20 }));
    methodId = await storeMethod(server, userId);
  });
  afterAll(() => stopServerWithInstrument(server, instrument));

  it('accounts, tokens and contact', async () => {
    const email = `walker-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'correct horse battery';
    const created = await step('POST /api/accounts/', () =>
      api('POST', '/api/accounts/', { email, password }),
    );
    expect(created.status).toBe(201);
    const pair = await step('POST /api/token/', () =>
      api('POST', '/api/token/', { username: email, password }),
    );
    expect(pair.status).toBe(200);
    await step('POST /api/token/refresh/', () =>
      api('POST', '/api/token/refresh/', { refresh: pair.body.refresh }),
    );
    const second = await api('POST', '/api/token/', { username: email, password });
    await step('POST /api/token/logout/', () =>
      api('POST', '/api/token/logout/', { refresh: second.body.refresh }),
    );
    await step('POST /api/accounts/::recover-password/', () =>
      api('POST', '/api/accounts/:recover-password/', { email }),
    );
    await step('POST /api/accounts/::reset-password/', () =>
      api('POST', '/api/accounts/:reset-password/', {
        code: 'not-a-code',
        password: 'another horse battery',
      }),
    );
    await step('POST /api/accounts/::google_signin/', () =>
      api('POST', '/api/accounts/:google_signin/', { id_token: 'not-a-google-token' }),
    );
    await step('POST /api/contact/', () =>
      api('POST', '/api/contact/', { name: 'Ada', email, message: 'Hello from the lab' }),
    );
  });

  it('instruments: claim, order, a direct run with pause, resume and stop, column, Wi-Fi, name, pump and setpoints', async () => {
    const device = `/api/devices/${instrument.deviceId}`;
    await step('POST /api/devices/claim/', () =>
      api('POST', '/api/devices/claim/', { serial_number: 'SIM-UNKNOWN', pairing_code: 'wrong' }),
    );
    await step('PUT /api/devices/order/', () =>
      api('PUT', '/api/devices/order/', { ids: [instrument.deviceId] }),
    );
    await step('POST /api/devices/order/', () =>
      api('POST', '/api/devices/order/', { ids: [instrument.deviceId] }),
    );
    const run = await step('POST /api/devices/:id/run/', () =>
      api('POST', `${device}/run/`, { method: shortMethod, vial: 1 }),
    );
    expect(run.status).toBe(201);
    await step('POST /api/devices/:id/pause/', () => api('POST', `${device}/pause/`));
    await step('POST /api/devices/:id/resume/', () => api('POST', `${device}/resume/`));
    await step('POST /api/devices/:id/stop/', () => api('POST', `${device}/stop/`));
    await step('PUT /api/devices/:id/column/', () =>
      api('PUT', `${device}/column/`, {
        column: { name: 'C18', length_mm: 150, inner_diameter_mm: 4.6, particle_size_um: 5 },
      }),
    );
    await step('POST /api/devices/:id/wifi/scan/', () => api('POST', `${device}/wifi/scan/`));
    await step('POST /api/devices/:id/wifi/join/', () =>
      api('POST', `${device}/wifi/join/`, { ssid: 'LabNet', password: 'chromatography' }),
    );
    // Another user's (here: no one's) instrument, so the instrument the later steps run on stays paired.
    await step('POST /api/devices/:id/pairing/', () => api('POST', '/api/devices/999999999/pairing/'));
    await step('DELETE /api/devices/:id/', () => api('DELETE', '/api/devices/999999999/'));
    await step('PATCH /api/devices/:id/', () => api('PATCH', `${device}/`, { name: 'Walk HPLC' }));
    await step('POST /api/devices/:id/pump/', () => api('POST', `${device}/pump/`, { on: true }));
    await step('PUT /api/devices/:id/setpoints/', () =>
      api('PUT', `${device}/setpoints/`, { flow_ml_per_min: 1, percent_b: 10, temperature_c: 30 }),
    );
    await step('POST /api/devices/:id/purge/', () => api('POST', `${device}/purge/`, {}));
    await step('POST /api/devices/:id/equilibrate/', () => api('POST', `${device}/equilibrate/`, {}));
    // Stop between runs ends the purge or equilibration, so the later runs find the pump ready.
    await api('POST', `${device}/stop/`);
  });

  it('samples, standards, sequences with their table, and a run started, paused, resumed and stopped', async () => {
    const sample = { device_id: instrument.deviceId, method_id: methodId, column_name: 'C18 4.6 × 150 mm' };
    const created = await step('POST /api/samples/', () =>
      api('POST', '/api/samples/', { name: 'Tea', ...sample }),
    );
    ids.sample = created.body.id;
    await step('PATCH /api/samples/:id/', () =>
      api('PATCH', `/api/samples/${ids.sample}/`, { name: 'Green tea' }),
    );
    const standard = await step('POST /api/standards/', () =>
      api('POST', '/api/standards/', {
        name: 'Caffeine 10 mg/L',
        ...sample,
        analytes: [
          { analyte: 'Caffeine', amount: 10, amount_unit: 'mg/L', retention_time_sec: 60, window_sec: 5 },
        ],
      }),
    );
    await step('PATCH /api/standards/:id/', () =>
      api('PATCH', `/api/standards/${standard.body.id}/`, { name: 'Caffeine 10 mg/L (new lot)' }),
    );
    const spare = await api('POST', '/api/samples/', { name: 'Spare', ...sample });
    await step('DELETE /api/samples/:id/', () => api('DELETE', `/api/samples/${spare.body.id}/`));
    await step('DELETE /api/standards/:id/', () => api('DELETE', `/api/standards/${standard.body.id}/`));

    const sequence = await step('POST /api/sequences/', () =>
      api('POST', '/api/sequences/', { name: 'Walk', device_id: instrument.deviceId, method_id: methodId }),
    );
    const path = `/api/sequences/${sequence.body.id}`;
    await step('PATCH /api/sequences/:id/', () => api('PATCH', `${path}/`, { name: 'Walk, renamed' }));
    const first = await step('POST /api/sequences/:id/drafts/', () =>
      api('POST', `${path}/drafts/`, { sample_id: ids.sample, vial: 1 }),
    );
    const second = await api('POST', `${path}/drafts/`, { sample_id: ids.sample, vial: 2 });
    await step('PUT /api/sequences/:id/drafts/', () =>
      api('PUT', `${path}/drafts/`, { drafts: [{ id: first.body.id, vial: 3 }] }),
    );
    await step('PATCH /api/sequences/:id/drafts/:draftId/', () =>
      api('PATCH', `${path}/drafts/${first.body.id}/`, { vial: 4 }),
    );
    await step('POST /api/sequences/:id/drafts/order/', () =>
      api('POST', `${path}/drafts/order/`, { draft_ids: [second.body.id, first.body.id] }),
    );
    await step('DELETE /api/sequences/:id/drafts/:draftId/', () =>
      api('DELETE', `${path}/drafts/${second.body.id}/`),
    );
    await step('POST /api/sequences/:id/start/', () => api('POST', `${path}/start/`));
    await step('PATCH /api/sequences/:id/', () => api('PATCH', `${path}/`, { name: 'Walk, while running' }));
    await step('POST /api/sequences/:id/pause/', () => api('POST', `${path}/pause/`));
    await step('POST /api/sequences/:id/resume/', () => api('POST', `${path}/resume/`));
    // Nothing interrupted here: both answer with a refusal, within the limit.
    await step('POST /api/sequences/:id/continue/', () => api('POST', `${path}/continue/`));
    await step('POST /api/sequences/:id/requeue/', () => api('POST', `${path}/requeue/`));
    await step('POST /api/sequences/:id/stop/', () => api('POST', `${path}/stop/`));
    await step('POST /api/reports/sequence/:id/', () =>
      api('POST', `/api/reports/sequence/${sequence.body.id}/`),
    );
    await step('POST /api/reports/injection/:id/', () => api('POST', '/api/reports/injection/999999/'));
    // Signing asks for the password (Argon2id) and evaluates every injection's current result.
    await step('POST /api/sequences/:id/signatures/', () =>
      api('POST', `${path}/signatures/`, { meaning: 'authored', password: 'correct horse battery' }),
    );
    const doomed = await api('POST', '/api/sequences/', { name: 'Doomed', device_id: instrument.deviceId });
    await step('DELETE /api/sequences/:id/', () => api('DELETE', `/api/sequences/${doomed.body.id}/`));
  });

  it('imports, reprocessing, picking a result, manual integration and share tokens', async () => {
    const file = sampleChromatogram();
    const imported = await step('POST /api/measurements/import/', () =>
      upload(base, token, file.name, file.bytes),
    );
    expect(imported.status).toBe(201);
    const measurementId = imported.body.measurement_id as number;
    const form = new FormData();
    form.append('file', new Blob([file.bytes]), file.name);
    const queued = await fetch(`${base}/api/measurements/import/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, prefer: 'respond-async' },
      body: form,
    });
    expect(queued.status).toBe(202);
    const jobId = ((await queued.json()) as { job_id: number }).job_id;
    await step('DELETE /api/measurements/import/jobs/:id/', () =>
      api('DELETE', `/api/measurements/import/jobs/${jobId}/`),
    );
    const template = await createTemplate(base, token, 'Walk template', {});
    await step('POST /api/processing-jobs/', () =>
      api('POST', '/api/processing-jobs/', { measurement_id: measurementId, template_uuid: template }),
    );
    await step('PUT /api/templates/:uuid/components/', () =>
      api('PUT', `/api/templates/${template}/components/`, {
        components: [{ name: 'Main', expected_retention_time_sec: 60 }],
      }),
    );
    await step('POST /api/templates/:uuid/components/retention-times/', () =>
      api('POST', `/api/templates/${template}/components/retention-times/`, {
        measurement_id: measurementId,
      }),
    );
    const results = await api('GET', `/api/measurements/${measurementId}/results/`);
    const resultId = results.body.results[0].id as number;
    await step('PUT /api/measurements/:id/current-result/', () =>
      api('PUT', `/api/measurements/${measurementId}/current-result/`, { result_id: resultId }),
    );
    await step('POST /api/results/:id/integration/', () =>
      api('POST', `/api/results/${resultId}/integration/`, {
        operation: 'delete',
        peak_number: 1,
        reason: 'Solvent front',
      }),
    );
    await step('POST /api/results/:id/integration/preview/', () =>
      api('POST', `/api/results/${resultId}/integration/preview/`, {
        edits: [{ operation: 'delete', peak_number: 1 }],
      }),
    );
    await step('POST /api/results/:id/integration/batch/', () =>
      api('POST', `/api/results/${resultId}/integration/batch/`, {
        edits: [{ operation: 'delete', peak_number: 1 }],
        reason: 'Solvent front',
      }),
    );
    await step('POST /api/measurements/:id/signatures/', () =>
      api('POST', `/api/measurements/${measurementId}/signatures/`, {
        meaning: 'authored',
        password: 'correct horse battery',
      }),
    );
    const overlay = await step('POST /api/overlays/', () =>
      api('POST', '/api/overlays/', {
        name: 'Walk overlay',
        measurement_ids: [measurementId],
        layout: 'overlay',
        normalisation: 'none',
        peak_time_min: null,
        hidden_ids: [],
      }),
    );
    expect(overlay.status, JSON.stringify(overlay.body)).toBe(201);
    await step('PATCH /api/overlays/:id/', () =>
      api('PATCH', `/api/overlays/${overlay.body.id}/`, { name: 'Walk overlay, renamed' }),
    );
    await step('DELETE /api/overlays/:id/', () => api('DELETE', `/api/overlays/${overlay.body.id}/`));
    const share = await step('POST /api/share-tokens/', () =>
      api('POST', '/api/share-tokens/', { object_type: 'sample', object_id: ids.sample }),
    );
    await step('POST /api/hasura/auth/share-token', () =>
      api('POST', '/api/hasura/auth/share-token', { share_token: share.body.token, id: ids.sample }),
    );
    await step('DELETE /api/share-tokens/:id/', () => api('DELETE', `/api/share-tokens/${share.body.id}/`));
  });

  it('workspaces, members, invitations and e-mail verification', async () => {
    const personal = (await api('GET', '/api/workspaces/')).body.current.id as number;
    const lab = await step('POST /api/workspaces/', () =>
      api('POST', '/api/workspaces/', { name: 'Walk lab' }),
    );
    const labPath = `/api/workspaces/${lab.body.current.id}`;
    await step('PATCH /api/workspaces/:id/', () => api('PATCH', `${labPath}/`, { name: 'Walk lab 2' }));
    await step('PATCH /api/accounts/me/', () =>
      api('PATCH', '/api/accounts/me/', { full_name: 'Walk Analyst' }),
    );
    await step('POST /api/accounts/me/verification/', () => api('POST', '/api/accounts/me/verification/'));
    await step('POST /api/accounts/verify-email/', () =>
      api('POST', '/api/accounts/verify-email/', { code: 'not-a-code' }),
    );
    // Unverified: the invitation is refused, within the limit.
    await step('POST /api/workspaces/:id/invitations/', () =>
      api('POST', `${labPath}/invitations/`, { email: 'colleague@example.com', role: 'analyst' }),
    );
    await step('DELETE /api/workspaces/:id/invitations/:invitationId/', () =>
      api('DELETE', `${labPath}/invitations/1/`),
    );
    await step('POST /api/invitations/accept/', () =>
      api('POST', '/api/invitations/accept/', { code: 'not-a-code' }),
    );
    await step('POST /api/invitations/:id/accept/', () => api('POST', '/api/invitations/1/accept/'));
    await step('PATCH /api/workspaces/:id/members/:userId/', () =>
      api('PATCH', `${labPath}/members/${userId}/`, { role: 'admin' }),
    );
    await step('DELETE /api/workspaces/:id/members/:userId/', () =>
      api('DELETE', `${labPath}/members/${userId}/`),
    );
    await step('PUT /api/workspaces/current/', () =>
      api('PUT', '/api/workspaces/current/', { workspace_id: personal }),
    );
  });

  it('realtime and GraphQL transports (their writes are walked one by one elsewhere)', async () => {
    await step('POST /api/centrifuge/subscribe', () =>
      api('POST', '/api/centrifuge/subscribe', { channels: [`devices:${instrument.deviceId}`] }),
    );
    await step('POST /emulation', () =>
      api('POST', '/emulation', { session: 'none', node: 'none', data: '' }),
    );
    await step('POST /realtime/http_stream', async () => {
      const abort = new AbortController();
      const response = await fetch(`${base}/realtime/http_stream`, {
        method: 'POST',
        body: JSON.stringify({ id: 1, connect: { token } }),
        signal: abort.signal,
      });
      abort.abort();
      return { status: response.status, body: undefined };
    });
    await step('POST /hasura/v1/graphql', () =>
      api('POST', '/hasura/v1/graphql', { query: 'mutation { __typename }' }),
    );
  });

  it('drove every write route the server registers', () => {
    const writes = server.routes
      .filter((route) => WRITE_METHODS.has(route.method))
      .map((route) => `${route.method} ${route.url}`);
    expect(writes.length).toBeGreaterThan(40);
    expect(writes.filter((route) => !driven.has(route))).toEqual([]);
    // Every route that takes a JSON body refused one with an unknown key (the rest sent no body here).
    expect(
      writes.filter((route) => !refusedExtra.has(route) && !withoutBody.has(route) && !OWN_FORMAT.has(route)),
    ).toEqual([]);
    expect(refusedExtra.size).toBeGreaterThan(40);
    console.log(
      `unknown keys: ${refusedExtra.size} routes refused one; ${withoutBody.size} sent no body: ${[...withoutBody].join(', ')}`,
    );
  });
});
