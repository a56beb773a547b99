// A single injection started on the instrument page is processed when it arrives: with the template it was
// started with, else with the automatic default, so its chromatogram has peaks without a reprocessing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { eventually, scaled } from '../../../test/eventually.ts';
import { linkInstrument, storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';
import { workspaceOf } from '../../../test/workspaces.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(await backends())('a single injection from the instrument page on $name', (backend) => {
  let server: TestServer;
  let analyst: Account;
  let instrument: LinkedInstrument;
  let methodId: number;
  const api = (method: string, path: string, body?: unknown) =>
    request(server.baseUrl, method, path, { token: analyst.access, body });

  /** Starts an injection, waits for its measurement to close and answers its result versions. */
  async function inject(vial: number, extra: Record<string, unknown> = {}) {
    const run = await api('POST', `/api/devices/${instrument.deviceId}/run/`, {
      method_id: methodId,
      vial,
      ...extra,
    });
    expect(run.status).toBe(201);
    const measurementId = run.body.measurement_id as number;
    const db = server.context.database.db;
    await eventually(async () => {
      const row = await db
        .selectFrom('injections')
        .select('state')
        .where('id', '=', run.body.injection_id as number)
        .executeTakeFirstOrThrow();
      return row.state !== 'running';
    });
    // The result is stored in the transaction after the close: wait for it, not for a time.
    await eventually(async () => {
      const versions = await api('GET', `/api/measurements/${measurementId}/results/`);
      return (versions.body.results as unknown[]).length > 0;
    });
    return (await api('GET', `/api/measurements/${measurementId}/results/`)).body as {
      results: Array<{ kind: string; template_uuid: string | null; peaks: Array<{ area: number }> }>;
    };
  }

  beforeAll(async () => {
    server = await startTestServer({ backend });
    analyst = await signUp(server.baseUrl);
    instrument = await linkInstrument(server, analyst.id, 400);
    await eventually(() => instrument.client.instrument.componentState('detector') === 'ready');
    methodId = await storeMethod(server, analyst.id);
  }, scaled(60_000));
  afterAll(async () => {
    await instrument?.client.stop();
    await server?.dispose();
  });

  it('is processed with the default template on arrival, its peaks stored', async () => {
    const versions = await inject(4);
    expect(versions.results).toHaveLength(1);
    expect(versions.results[0]!.kind).toBe('automatic');
    expect(versions.results[0]!.template_uuid).toBeNull();
    expect(versions.results[0]!.peaks.length).toBeGreaterThan(0);
  });

  it('is processed with the template it was started with, named in the result', async () => {
    const db = server.context.database.db;
    const template = await db
      .insertInto('postprocessingTemplates')
      .values({
        uuid: randomUUID(),
        owner_id: analyst.id,
        workspace_id: await workspaceOf(db, analyst.id),
        name: 'Caffeine',
        params_pdet: JSON.stringify({ peak_detection_min_prominence: 5 }),
      })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    await eventually(() => server.context.services.devices.liveStatus(instrument.deviceId)?.state === 'idle');
    const versions = await inject(8, { template_uuid: template.uuid });
    expect(versions.results).toHaveLength(1);
    expect(versions.results[0]!.template_uuid).toBe(template.uuid);
    expect(versions.results[0]!.peaks.length).toBeGreaterThan(0);
  });

  it('refuses a template the workspace does not have', async () => {
    await eventually(() => server.context.services.devices.liveStatus(instrument.deviceId)?.state === 'idle');
    const run = await api('POST', `/api/devices/${instrument.deviceId}/run/`, {
      method_id: methodId,
      vial: 4,
      template_uuid: randomUUID(),
    });
    expect(run.status).toBe(400);
    expect(run.body.fields).toEqual({ template_uuid: ['is not valid'] });
  });
});
