// Run control through the public REST API on a simulated instrument: every rule of spec §4, §5 and §8 with
// its exact message, then a whole calibrated run at high simulated speed with a pause in the middle.
import { randomUUID } from 'node:crypto';
import { domainErrors, sequenceResultsSchema, sequenceSchema, type DomainErrorCode } from '@eluent/contracts';
import { simulatedHardware } from '@eluent/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, type TestServer } from '../../../test/harness.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';
import { eventually, pacedSpeed, scaled, simulatedRunsDeadline } from '../../../test/eventually.ts';
import { workspaceOf } from '../../../test/workspaces.ts';

function expectError(response: { status: number; body: any }, status: number, code: DomainErrorCode) {
  expect(response.body).toMatchObject({ code, detail: domainErrors[code] });
  expect(response.status).toBe(status);
}

/** Caffeine elutes near 332 s with the assay method on the simulator's C18 column. */
const CAFFEINE_RT_SEC = 332;
/**
 * 400x on a quiet machine, slower by the run's time scale: the pause of the whole run lands while its five
 * 8-minute injections (6 s at 400x) still run on a slower machine too.
 */
const SPEED = pacedSpeed(400);
/** The five 8-minute injections of the whole run at that speed; its test's own limit holds them and its requests. */
const RUN_DEADLINE_MS = simulatedRunsDeadline({ runTimeSec: 480, speed: SPEED, runs: 5 });

describe.each(await backends())('sequence run control on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let token: string;
  let userId: number;
  let instrument: LinkedInstrument;
  let methodId: number;
  const api = (method: string, path: string, body?: unknown) => request(base, method, path, { token, body });
  const db = () => server.context.database.db;

  beforeAll(async () => {
    ({ server, base, token, userId, instrument } = await startServerWithInstrument(backend, {
      env: { ELUENT_SIM_SPEED: String(SPEED) },
      speed: SPEED,
    }));
    methodId = await storeMethod(server, userId);
  });
  afterAll(() => stopServerWithInstrument(server, instrument));

  async function sample(name: string, type: 'sample' | 'standard' = 'sample', amount: number | null = 25) {
    const body = { name, device_id: instrument.deviceId, method_id: methodId, column_name: 'C18' };
    const response =
      type === 'sample'
        ? await api('POST', '/api/samples/', body)
        : await api('POST', '/api/standards/', {
            ...body,
            analytes: [{ analyte: 'caffeine', amount, retention_time_sec: CAFFEINE_RT_SEC, window_sec: 15 }],
          });
    expect(response.status).toBe(201);
    return response.body.id as number;
  }

  async function sequence(drafts: Array<Record<string, unknown>>, values: Record<string, unknown> = {}) {
    const created = await api('POST', '/api/sequences/', {
      name: 'Run',
      device_id: instrument.deviceId,
      method_id: methodId,
      ...values,
    });
    expect(created.status).toBe(201);
    for (const draft of drafts) {
      const added = await api('POST', `/api/sequences/${created.body.id}/drafts/`, draft);
      expect(added.status).toBe(201);
    }
    return created.body.id as number;
  }

  async function withDevice<T>(patch: Record<string, unknown>, body: () => Promise<T>): Promise<T> {
    const before = await db()
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', instrument.deviceId)
      .executeTakeFirstOrThrow();
    await db().updateTable('devices').set(patch).where('id', '=', instrument.deviceId).execute();
    try {
      return await body();
    } finally {
      await db()
        .updateTable('devices')
        .set({
          hardware_configuration: JSON.stringify(before.hardware_configuration),
          installed_column: JSON.stringify(before.installed_column),
        })
        .where('id', '=', instrument.deviceId)
        .execute();
    }
  }

  it('refuses to start what cannot run', async () => {
    const sampleId = await sample('Coffee');
    expectError(await api('POST', '/api/sequences/999999/start/'), 404, 'sequence_not_found');

    expectError(
      await api('POST', `/api/sequences/${await sequence([])}/start/`),
      400,
      'sequence_no_instructions',
    );
    const disabledOnly = await sequence([{ sample_id: sampleId, vial: 8, enabled: false }]);
    expectError(await api('POST', `/api/sequences/${disabledOnly}/start/`), 400, 'sequence_no_instructions');

    const noMethod = await sequence([{ sample_id: sampleId, vial: 8 }], { method_id: null });
    expectError(await api('POST', `/api/sequences/${noMethod}/start/`), 400, 'sequence_no_method');

    const ready = await sequence([{ sample_id: sampleId, vial: 8 }]);
    await withDevice({ installed_column: null }, async () =>
      expectError(await api('POST', `/api/sequences/${ready}/start/`), 400, 'device_column_not_configured'),
    );
    await withDevice({ hardware_configuration: JSON.stringify(simulatedHardware.slice(0, 3)) }, async () =>
      expectError(await api('POST', `/api/sequences/${ready}/start/`), 400, 'sequence_method_incompatible'),
    );

    const offline = await server.context.database.db
      .insertInto('devices')
      .values({
        owner_id: userId,
        workspace_id: await workspaceOf(server.context.database.db, userId),
        serial_number: `OFF-${randomUUID().slice(0, 8)}`,
        name: 'Offline',
        pairing_code_hash: 'x',
        hardware_configuration: JSON.stringify(simulatedHardware),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const onOffline = await api('POST', '/api/sequences/', {
      name: 'Off',
      device_id: offline.id,
      method_id: methodId,
    });
    expectError(
      await api('POST', `/api/sequences/${onOffline.body.id}/start/`),
      409,
      'sequence_device_offline',
    );
  });

  it('checks the fraction collector of the method against the instrument', async () => {
    const sampleId = await sample('Fractions');
    const withMethod = async (overrides: Record<string, unknown>, injections = 1) => {
      const method = await storeMethod(server, userId, overrides);
      return sequence([{ sample_id: sampleId, vial: 8, method_id: method, injections_count: injections }]);
    };
    const tooLong = await withMethod({ fraction_collector_interval_sec: 600 });
    expectError(
      await api('POST', `/api/sequences/${tooLong}/start/`),
      400,
      'fraction_collector_invalid_interval',
    );
    const tooMany = await withMethod({ fraction_collector_interval_sec: 60 }, 6);
    expectError(
      await api('POST', `/api/sequences/${tooMany}/start/`),
      400,
      'fraction_collector_not_enough_vials',
    );
    const noValve = await withMethod({ fraction_collector_interval_sec: 60, hardware_configuration: '[]' });
    await withDevice(
      {
        hardware_configuration: JSON.stringify(
          simulatedHardware.filter((c) => c.kind !== 'fraction_collector'),
        ),
      },
      async () =>
        expectError(
          await api('POST', `/api/sequences/${noValve}/start/`),
          400,
          'fraction_collector_valve_required',
        ),
    );
    const wash = await withMethod({
      fraction_collector_interval_sec: 60,
      wash_after_injection: true,
      hardware_configuration: '[]',
    });
    const sharedTray = simulatedHardware.map((c) =>
      c.kind === 'fraction_collector' ? { ...c, limits: { vials: 40, uses_autosampler_tray: 1 } } : c,
    );
    await withDevice({ hardware_configuration: JSON.stringify(sharedTray) }, async () =>
      expectError(
        await api('POST', `/api/sequences/${wash}/start/`),
        400,
        'fraction_collector_needle_wash_not_allowed',
      ),
    );
  });

  it('needs amount and time for every standard', async () => {
    const standardId = await sample('Caffeine 25', 'standard');
    const id = await sequence([{ sample_id: standardId, vial: 3 }]);
    await api('PATCH', `/api/standards/${standardId}/`, {
      analytes: [{ analyte: 'caffeine', amount: 25, retention_time_sec: null }],
    });
    expectError(await api('POST', `/api/sequences/${id}/start/`), 400, 'sequence_standards_incomplete');
  });

  it('pauses only RUNNING, resumes only PAUSED with an injection, stops only a running sequence', async () => {
    const sampleId = await sample('Coffee control');
    const idle = await sequence([{ sample_id: sampleId, vial: 8 }]);
    expectError(await api('POST', `/api/sequences/${idle}/pause/`), 409, 'sequence_cannot_pause');
    expectError(await api('POST', `/api/sequences/${idle}/resume/`), 409, 'sequence_cannot_resume');
    expectError(await api('POST', `/api/sequences/${idle}/stop/`), 409, 'sequence_not_running');

    // A one-hour method (9 s at 400x), as many hours as the run's time scale (a slower machine needs longer
    // for the same requests): the first injection is still running when the checks below need it; the
    // sequence is stopped at the end, so the run's length costs nothing.
    const hourLong = await storeMethod(server, userId, {
      name: 'Hour-long control',
      run_time_min: 60 * Math.ceil(scaled(1000) / 1000),
    });
    const id = await sequence(
      [
        { sample_id: sampleId, vial: 8, injections_count: 2 },
        { sample_id: sampleId, vial: 7 },
      ],
      { method_id: hourLong },
    );
    const started = await api('POST', `/api/sequences/${id}/start/`);
    expect(started.status).toBe(200);
    expect(started.body.state).toBe('RUNNING');
    expect(started.body.current_injection_id).toEqual(expect.any(Number));
    expectError(await api('POST', `/api/sequences/${id}/start/`), 409, 'sequence_already_running');
    expectError(await api('POST', `/api/sequences/${id}/resume/`), 409, 'sequence_cannot_resume');
    expectError(await api('POST', `/api/sequences/${idle}/start/`), 409, 'sequence_device_busy');

    const paused = await api('POST', `/api/sequences/${id}/pause/`);
    expect(paused.body.state).toBe('PAUSED');
    expectError(await api('POST', `/api/sequences/${id}/pause/`), 409, 'sequence_cannot_pause');
    expectError(await api('POST', `/api/sequences/${id}/start/`), 409, 'sequence_injection_not_finished');

    // The running row is locked (docs/sequences.md "Runs are protected"), so the current draft cannot go.
    const currentDraft = paused.body.current_draft_id as number;
    const table = (await api('GET', `/api/sequences/${id}/`)).body.drafts as Array<{ id: number }>;
    expectError(
      await api('POST', `/api/sequences/${id}/drafts/order/`, {
        draft_ids: table.map((d) => d.id).reverse(),
      }),
      409,
      'draft_locked',
    );
    expectError(await api('DELETE', `/api/sequences/${id}/drafts/${currentDraft}/`), 409, 'draft_locked');

    const stopped = await api('POST', `/api/sequences/${id}/stop/`);
    expect(stopped.body.state).toBe('STOPPED');
    expectError(await api('POST', `/api/sequences/${id}/stop/`), 409, 'sequence_not_running');
    await eventually(async () =>
      (await api('GET', `/api/sequences/${id}/results/`)).body.injections.every(
        (i: { injection_state: string }) => i.injection_state !== 'running',
      ),
    );
  });

  it(
    'runs two standards and three samples to the end, pausing once, with amounts within 2 % of the truth',
    async () => {
      const template = await db()
        .insertInto('postprocessingTemplates')
        .values({
          uuid: randomUUID(),
          owner_id: userId,
          workspace_id: await workspaceOf(db(), userId),
          name: 'Caffeine',
          params_pdet: JSON.stringify({ peak_detection_min_prominence: 5 }),
        })
        .returning('uuid')
        .executeTakeFirstOrThrow();
      const low = await sample('Caffeine 25', 'standard', 25);
      const high = await sample('Caffeine 100', 'standard', 100);
      const drink = await sample('Energy drink');
      const coffee = await sample('Coffee');
      const check = await sample('Caffeine check 50');
      const truth = new Map([
        [drink, 32],
        [coffee, 58],
        [check, 50],
      ]);
      const id = await sequence(
        [
          { sample_id: low, vial: 3 },
          { sample_id: high, vial: 5 },
          { sample_id: drink, vial: 7 },
          { sample_id: coffee, vial: 8 },
          { sample_id: check, vial: 4 },
        ],
        { template_uuid: template.uuid },
      );
      const started = await api('POST', `/api/sequences/${id}/start/`);
      expect(started.status).toBe(200);
      expect(started.body.current_injection_id).toEqual(expect.any(Number));
      // Paused as soon as the start has answered (its first injection is on the instrument then): only a RUNNING
      // sequence can pause, and waiting for a later injection first left the pause racing the run's end (on a
      // loaded machine the five injections had finished and the pause was refused, sequence_cannot_pause).
      const paused = await api('POST', `/api/sequences/${id}/pause/`);
      expect(paused.status, JSON.stringify(paused.body)).toBe(200);
      expect(paused.body.state).toBe('PAUSED');
      const resumed = await api('POST', `/api/sequences/${id}/resume/`);
      expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
      expect(resumed.body.state).toBe('RUNNING');
      await eventually(
        async () => ['FINISHED', 'ERROR'].includes((await api('GET', `/api/sequences/${id}/`)).body.state),
        {
          what: 'the sequence ends',
          deadline: RUN_DEADLINE_MS,
        },
      );
      const finished = (await api('GET', `/api/sequences/${id}/`)).body;
      expect(finished.state).toBe('FINISHED');
      // The answer is what the REST schema of packages/contracts (the web app's type) says it is.
      expect(sequenceSchema.strict().safeParse(finished).error).toBeUndefined();

      const answer = (await api('GET', `/api/sequences/${id}/results/`)).body;
      expect(sequenceResultsSchema.strict().safeParse(answer).error).toBeUndefined();
      const { injections, calibrations } = answer;
      expect(injections).toHaveLength(5);
      for (const injection of injections) {
        expect(injection.injection_state).toBe('finished');
        // 480 s at 10 Hz, both ends included: a paused run loses no point.
        expect(injection.points_count).toBe(4801);
        expect(injection.result.algorithm_versions).toHaveProperty('pdet');
        expect(injection.result.template_snapshot.peak_detection_min_prominence).toBe(5);
      }
      expect(calibrations).toEqual([expect.objectContaining({ analyte: 'caffeine', model: 'linear' })]);
      expect(calibrations[0].r_squared).toBeCloseTo(1, 6);
      for (const injection of injections.filter(
        (i: { sample: { type: string } }) => i.sample.type === 'sample',
      )) {
        const caffeine = injection.result.peaks.find((p: { name: string | null }) => p.name === 'caffeine');
        const expected = truth.get(injection.sample.id)!;
        expect(Math.abs(caffeine.amount - expected) / expected).toBeLessThan(0.02);
        expect(caffeine.plates_half).toBeGreaterThan(1000);
        expect(caffeine.tailing).toBeGreaterThan(0.8);
        expect(injection.result.figures.system_suitability.length).toBeGreaterThan(0);
      }

      // The runner's own events (each injection started, the sequence finished) name who set the run going,
      // like the start, pause and resume the user made (docs/audit.md).
      const trail = (await api('GET', `/api/audit/sequences/${id}/`)).body.entries as Array<{
        entity: string;
        action: string;
        user: { id: number } | null;
      }>;
      const run = trail.filter((entry) => entry.entity === 'injections' || entry.action === 'finish');
      expect(run.filter((entry) => entry.entity === 'injections' && entry.action === 'start')).toHaveLength(
        5,
      );
      expect(run.some((entry) => entry.action === 'finish')).toBe(true);
      for (const entry of run) expect(entry.user?.id, `${entry.entity} ${entry.action}`).toBe(userId);
      // Each recorded injection's processing too (its results hang under the measurement, not the sequence).
      const processed = (await api('GET', '/api/audit/?entity=processing_results&action=process&limit=500'))
        .body.entries as Array<{ user: { id: number } | null }>;
      expect(processed.length).toBeGreaterThanOrEqual(5);
      for (const entry of processed) expect(entry.user?.id).toBe(userId);
    },
    scaled(RUN_DEADLINE_MS + 60_000),
  );
});
