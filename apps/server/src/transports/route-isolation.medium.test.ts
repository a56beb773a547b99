// Workspace isolation on every REST route, enumerated from the server's own route table rather than from
// a list kept by hand: a route added tomorrow is covered (or the test names it and asks where its ids come
// from). For each route, an account of another workspace calls it with the real ids of workspace A's
// records and must be refused (403/404) — never answered with A's data, never allowed to change it — and a
// caller without a token gets 401 unless the route is public by design.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../test/harness.ts';
import {
  createTemplate,
  fileUnderSequence,
  sampleChromatogram,
  upload,
} from '../../test/results-fixtures.ts';
import { linkInstrument, storeMethod, type LinkedInstrument } from '../../test/sequences-fixtures.ts';
import { scaled } from '../../test/eventually.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

/** Routes that answer without a token by design (sign-up, sign-in, recovery, public configuration, share). */
const PUBLIC_ROUTES = new Set([
  'POST /api/accounts/',
  'GET /api/accounts/::check-reset-password/',
  'POST /api/accounts/::google_signin/',
  'POST /api/accounts/::recover-password/',
  'POST /api/accounts/::reset-password/',
  'POST /api/accounts/verify-email/',
  'GET /api/client-config/',
  'POST /api/contact/',
  'GET /api/google_signin/client_id/',
  'POST /api/hasura/auth/share-token',
  'GET /api/health/',
  // Checks an invitation code before the invitee has an account (the code is the credential).
  'GET /api/invitations/',
  'POST /api/token/',
  'POST /api/token/refresh/',
  'POST /api/token/logout/',
]);

/**
 * Routes that act on the caller's own account or workspace, or list only the caller's own records: they
 * take no id of another workspace's record, so the outsider is answered — and the answer must not hold A's
 * records (checked by the marker in every name).
 */
const CALLER_SCOPED = new Set([
  'GET /api/accounts/me/',
  'PATCH /api/accounts/me/',
  'POST /api/accounts/me/verification/',
  'GET /api/audit/',
  'GET /api/audit/filters/',
  'GET /api/audit/verification/',
  'GET /api/devices/',
  'POST /api/devices/claim/',
  'POST /api/devices/order/',
  'PUT /api/devices/order/',
  'GET /api/invitations/mine/',
  'POST /api/invitations/accept/',
  'POST /api/measurements/import/',
  'POST /api/centrifuge/subscribe',
  'GET /api/overlays/',
  'POST /api/overlays/',
  'GET /api/processing-jobs/',
  'POST /api/processing-jobs/',
  'GET /api/samples/',
  'POST /api/samples/',
  'GET /api/standards/',
  'POST /api/standards/',
  'GET /api/sequences/',
  'POST /api/sequences/',
  'GET /api/share-tokens/',
  'POST /api/share-tokens/',
  'GET /api/workspaces/',
  'POST /api/workspaces/',
  'PUT /api/workspaces/current/',
]);

/**
 * A body the route would accept from A's own users, so that a refusal is about the record, not the body:
 * the caller-scoped writes name A's records in it; the others are valid requests on A's record.
 */
function bodyFor(key: string, ids: Ids, password: string): unknown {
  switch (key) {
    case 'PUT /api/sequences/:id/drafts/':
      return { drafts: [{ id: ids.draft, vial: 2 }] };
    case 'POST /api/results/:id/integration/':
      return { operation: 'delete', peak_number: 1, reason: 'Taken' };
    case 'POST /api/results/:id/integration/batch/':
      return { edits: [{ operation: 'delete', peak_number: 1 }], reason: 'Taken' };
    case 'POST /api/results/:id/integration/preview/':
      return { edits: [{ operation: 'delete', peak_number: 1 }] };
    case 'PUT /api/templates/:uuid/components/':
      return { components: [{ name: 'Taken', expected_retention_time_sec: 60 }] };
    case 'POST /api/templates/:uuid/components/retention-times/':
      return { measurement_id: ids.measurement };
    case 'POST /api/sequences/:id/signatures/':
    case 'POST /api/measurements/:id/signatures/':
      return { meaning: 'authored', password };
    case 'PATCH /api/overlays/:id/':
    case 'PATCH /api/sequences/:id/':
    case 'PATCH /api/devices/:id/':
    case 'PATCH /api/workspaces/:id/':
      return { name: 'Taken' };
    case 'PUT /api/measurements/:id/current-result/':
      return { result_id: ids.result };
    case 'POST /api/centrifuge/subscribe':
      return {
        channels: [`sequences:${ids.sequence}`, `devices:${ids.device}`, `measurements:${ids.measurement}`],
      };
    case 'POST /api/processing-jobs/':
      return { measurement_id: ids.measurement };
    case 'POST /api/overlays/':
      return { name: 'Taken', measurement_ids: [ids.measurement] };
    case 'POST /api/share-tokens/':
      return { object_type: 'sequence', object_id: ids.sequence };
    case 'PUT /api/workspaces/current/':
      return { id: ids.workspace, workspace_id: ids.workspace };
    case 'POST /api/devices/order/':
    case 'PUT /api/devices/order/':
      return { ids: [ids.device] };
    case 'POST /api/sequences/':
      return { name: 'Taken', device_id: ids.device, method_id: ids.method };
    case 'POST /api/samples/':
    case 'POST /api/standards/':
      return { name: 'Taken', device_id: ids.device, method_id: ids.method };
    default:
      return {};
  }
}

/** Query strings some routes need besides the path (the subscription endpoint takes its token there). */
const QUERIES: Record<string, (token: string) => string> = {
  'POST /api/centrifuge/subscribe': (token) => `?token=${token}`,
  'GET /api/measurements/:id/spectrum/': () => '?time_sec=60',
  'GET /api/measurements/:id/band/': () => '?centre_nm=254',
};

interface Ids {
  workspace: number;
  owner: number;
  device: number;
  method: number;
  template: string;
  sample: number;
  sequence: number;
  draft: number;
  injection: number;
  measurement: number;
  result: number;
  overlay: number;
  shareToken: number;
  invitation: number;
  job: number;
  importJob: number;
}

/** The id a path parameter takes, from the route's resource and the parameter's name. */
function idFor(url: string, param: string, ids: Ids): string | undefined {
  const byParam: Record<string, string | number> = {
    uuid: ids.template,
    draftId: ids.draft,
    sampleId: ids.sample,
    userId: ids.owner,
    invitationId: ids.invitation,
  };
  if (param in byParam) return String(byParam[param]);
  if (param === 'kind') return 'sequence';
  if (param === 'version') return '1';
  if (param !== 'id') return undefined;
  const byResource: Array<[RegExp, number]> = [
    [/^\/api\/devices\//, ids.device],
    [/^\/api\/methods\//, ids.method],
    [/^\/api\/samples\//, ids.sample],
    [/^\/api\/standards\//, ids.sample],
    [/^\/api\/sequences\//, ids.sequence],
    [/^\/api\/measurements\/import\/jobs\//, ids.importJob],
    [/^\/api\/measurements\//, ids.measurement],
    [/^\/api\/results\//, ids.result],
    [/^\/api\/overlays\//, ids.overlay],
    [/^\/api\/share-tokens\//, ids.shareToken],
    [/^\/api\/workspaces\//, ids.workspace],
    [/^\/api\/invitations\//, ids.invitation],
    [/^\/api\/processing-jobs\//, ids.job],
    [/^\/api\/reports\/injection\//, ids.injection],
    [/^\/api\/reports\/sequence\//, ids.sequence],
    [/^\/api\/audit\//, ids.sequence],
  ];
  const hit = byResource.find(([pattern]) => pattern.test(url));
  return hit ? String(hit[1]) : undefined;
}

/** The route's path with A's ids, or the names of the parameters no id is known for. */
function fill(url: string, ids: Ids): { path: string; unknown: string[] } {
  const unknown: string[] = [];
  const path = url.replace(/(?<!:):([A-Za-z_]\w*)/g, (_all, param: string) => {
    const id = idFor(url, param, ids);
    if (id === undefined) unknown.push(param);
    return id ?? '0';
  });
  return { path, unknown };
}

describe('every REST route keeps workspaces apart', () => {
  const MARKER = `Isolated-${Date.now().toString(36)}`;
  let server: TestServer;
  let base: string;
  let owner: Account;
  let outsider: Account;
  let instrument: LinkedInstrument;
  let ids: Ids;
  const api = (who: Account | undefined, method: string, path: string, body?: unknown) =>
    request(base, method, path, { ...(who ? { token: who.access } : {}), body });

  /** What the owner reads of A's records: compared before and after the outsider's calls. */
  const ownerView = async () => {
    const paths = [
      `/api/devices/${ids.device}/`,
      `/api/samples/${ids.sample}/`,
      `/api/sequences/${ids.sequence}/`,
      `/api/measurements/${ids.measurement}/results/`,
      `/api/overlays/${ids.overlay}/`,
      `/api/templates/${ids.template}/components/`,
      `/api/workspaces/${ids.workspace}/members/`,
      '/api/share-tokens/',
    ];
    const answers = await Promise.all(paths.map((path) => api(owner, 'GET', path)));
    // An instrument's live readings move on their own; what a user set on it does not.
    const still = (body: unknown) => {
      if (!body || typeof body !== 'object' || !('live' in body)) return body;
      const {
        live: _live,
        last_seen_at: _seen,
        state: _state,
        online: _online,
        ...kept
      } = body as Record<string, unknown>;
      return kept;
    };
    return answers.map(
      (answer, index) => `${paths[index]} ${answer.status} ${JSON.stringify(still(answer.body))}`,
    );
  };

  beforeAll(async () => {
    const [backend] = await backends('pglite');
    server = await startTestServer({ backend: backend!, env: { ELUENT_SIM_SPEED: '100' } });
    base = server.baseUrl;
    owner = await signUp(base);
    outsider = await signUp(base);
    const workspace = (await api(owner, 'GET', '/api/workspaces/')).body.current.id as number;
    await api(owner, 'PATCH', `/api/workspaces/${workspace}/`, { name: `${MARKER} lab` });
    instrument = await linkInstrument(server, owner.id, 100);
    await api(owner, 'PATCH', `/api/devices/${instrument.deviceId}/`, { name: `${MARKER} HPLC` });
    const method = await storeMethod(server, owner.id, { name: `${MARKER} method` });
    const template = await createTemplate(base, owner.access, `${MARKER} template`, {});
    const file = sampleChromatogram();
    const measurement = (await upload(base, owner.access, file.name, file.bytes)).body
      .measurement_id as number;
    const filed = await fileUnderSequence(server, owner.id, [measurement], `${MARKER} run`);
    const db = server.context.database.db;
    const draft = await db
      .selectFrom('drafts')
      .select('id')
      .where('sequence_id', '=', filed.sequenceId)
      .executeTakeFirstOrThrow();
    const results = await api(owner, 'GET', `/api/measurements/${measurement}/results/`);
    const overlay = await api(owner, 'POST', '/api/overlays/', {
      name: `${MARKER} overlay`,
      measurement_ids: [measurement],
    });
    const share = await api(owner, 'POST', '/api/share-tokens/', {
      object_type: 'sequence',
      object_id: filed.sequenceId,
    });
    // Invitations need a verified address (verification has its own tests).
    await server.context.database.db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('id', '=', owner.id)
      .execute();
    const invitation = await api(owner, 'POST', `/api/workspaces/${workspace}/invitations/`, {
      email: `${MARKER.toLowerCase()}@example.com`,
      role: 'analyst',
    });
    const job = await api(owner, 'POST', '/api/processing-jobs/', { measurement_id: measurement });
    const form = new FormData();
    form.append('file', new Blob([file.bytes]), file.name);
    const importJob = await fetch(`${base}/api/measurements/import/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.access}`, prefer: 'respond-async' },
      body: form,
    }).then((response) => response.json() as Promise<{ job_id: number }>);
    ids = {
      workspace,
      owner: owner.id,
      device: instrument.deviceId,
      method,
      template,
      sample: filed.sampleId,
      sequence: filed.sequenceId,
      draft: draft.id,
      injection: filed.injectionIds[0]!,
      measurement,
      result: results.body.results[0].id,
      overlay: overlay.body.id,
      shareToken: share.body.id,
      invitation: invitation.body.id,
      job: job.body.id,
      importJob: importJob.job_id,
    };
    for (const [name, id] of Object.entries(ids))
      if (typeof id !== 'string' && !(id > 0)) throw new Error(`fixture ${name} was not made: ${id}`);
  }, scaled(120_000));
  afterAll(async () => {
    await instrument?.client.stop();
    await server?.dispose();
  });

  const apiRoutes = () =>
    server.routes
      .filter((route) => route.url.startsWith('/api/') && !['HEAD', 'OPTIONS'].includes(route.method))
      .filter((route) => !route.url.startsWith('/api/test-only/'))
      .map((route) => ({ ...route, key: `${route.method} ${route.url}` }));

  it('refuses a caller without a token on every route that is not public', async () => {
    const answered: string[] = [];
    const routes = apiRoutes().filter((route) => !PUBLIC_ROUTES.has(route.key));
    for (const route of routes) {
      const { path } = fill(route.url, ids);
      const answer = await api(undefined, route.method, path, route.method === 'GET' ? undefined : {});
      if (answer.status !== 401) answered.push(`${route.key} → ${answer.status}`);
    }
    console.info(`anonymous: ${routes.length} routes, each 401`);
    expect(answered).toEqual([]);
  });

  it(
    "refuses another workspace's account A's records on every route, and A's records stay as they were",
    async () => {
      const before = await ownerView();
      const problems: string[] = [];
      const statuses = new Map<string, number>();
      const routes = apiRoutes().filter((route) => !PUBLIC_ROUTES.has(route.key));
      for (const route of routes) {
        const { path, unknown } = fill(route.url, ids);
        if (unknown.length > 0) {
          problems.push(`${route.key}: no id known for :${unknown.join(', :')} (add it to idFor)`);
          continue;
        }
        const scoped = CALLER_SCOPED.has(route.key);
        const hasId = path !== route.url;
        const body = route.method === 'GET' ? undefined : bodyFor(route.key, ids, outsider.password);
        // The subscription-token endpoint takes its access token in the query (Centrifugo's proxy form).
        const query = QUERIES[route.key]?.(outsider.access) ?? '';
        const answer = await api(outsider, route.method, path + query, body);
        statuses.set(String(answer.status), (statuses.get(String(answer.status)) ?? 0) + 1);
        if (answer.status >= 500) problems.push(`${route.key} → ${answer.status}`);
        if (answer.text.includes(MARKER))
          problems.push(`${route.key} → answered A's data (${answer.status})`);
        if (hasId && !scoped && answer.status === 400)
          problems.push(`${route.key} → 400 (give it a valid body in bodyFor): ${answer.text.slice(0, 120)}`);
        if (hasId && !scoped && answer.status < 400)
          problems.push(`${route.key} → ${answer.status} for another workspace's record`);
        if (!hasId && !scoped)
          problems.push(`${route.key}: takes no id; is it caller-scoped? (add it to CALLER_SCOPED)`);
      }
      console.info(
        `outsider: ${routes.length} routes; answers ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`,
      );
      expect(problems).toEqual([]);
      expect(await ownerView()).toEqual(before);
    },
    scaled(120_000),
  );
});
