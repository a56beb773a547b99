// Pump, purge, equilibration, setpoints, rename, removal and a direct run of a stored method, through the
// real server and the real simulator: limits refused with the catalogue message by the server (the
// pump's flow) and by the instrument (its pressure), every command in the audit trail, and no command from
// a role that may only read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainErrors } from '@eluent/contracts';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { linkInstrument, storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';
import { eventually, pacedSpeed, simulatedRunsDeadline } from '../../../test/eventually.ts';

type User = Awaited<ReturnType<typeof signUp>>;

for (const backend of await backends()) {
  describe(`instrument controls on ${backend.name}`, () => {
    let server: TestServer;
    let admin: User;
    let auditor: User;
    let analyst: User;
    let instrument: LinkedInstrument;
    /**
     * The instrument's speed: 60× on the development machine, slowed by the run's time scale. The purge (3 s at
     * 60×) and a five-minute row (5 s) are windows the tests must see while they last: on one CPU beside a
     * whole two-core test run both passed between two polls at 60×, and the waits for them ran to their end.
     */
    let speed: number;
    const api = (who: User, method: string, path: string, body?: unknown) =>
      request(server.baseUrl, method, path, { token: who.access, ...(body === undefined ? {} : { body }) });
    const live = () => server.context.services.devices.liveStatus(instrument.deviceId);
    /** The instrument's audit rows as stored. */
    const trail = async () =>
      (await server.context.database.db
        .selectFrom('auditEvents')
        .select(['action', 'old_values', 'new_values', 'user_id'])
        .where('entity', '=', 'devices')
        .where('entity_id', '=', String(instrument.deviceId))
        .orderBy('id')
        .execute()) as Array<{
        action: string;
        user_id: number | null;
        old_values: Record<string, unknown> | null;
        new_values: Record<string, unknown> | null;
      }>;

    beforeAll(async () => {
      server = await startTestServer({ backend });
      admin = await signUp(server.baseUrl);
      const db = server.context.database.db;
      const workspaceId = (await api(admin, 'GET', '/api/workspaces/')).body.current.id as number;
      auditor = await signUp(server.baseUrl);
      analyst = await signUp(server.baseUrl);
      for (const [user, role] of [
        [auditor, 'auditor'],
        [analyst, 'analyst'],
      ] as const) {
        await db
          .insertInto('workspace_members')
          .values({ workspace_id: workspaceId, user_id: user.id, role })
          .execute();
        await db
          .updateTable('users')
          .set({ current_workspace_id: workspaceId })
          .where('id', '=', user.id)
          .execute();
      }
      speed = pacedSpeed(60);
      instrument = await linkInstrument(server, admin.id, speed);
    });
    afterAll(async () => {
      await instrument?.client.stop();
      await server?.dispose();
    });

    it('switches the pump off and on: no flow, the pressure falls; both commands audited', async () => {
      const off = await api(analyst, 'POST', `/api/devices/${instrument.deviceId}/pump/`, { on: false });
      expect(off).toMatchObject({ status: 200, body: { on: false } });
      await eventually(() => live()?.pump_on === false && (live()?.pressure_bar ?? 1) < 1, {
        what: 'pump off, no pressure',
      });
      expect(live()).toMatchObject({ flow_ml_per_min: 0, components: { pump: 'not_ready' } });
      const on = await api(analyst, 'POST', `/api/devices/${instrument.deviceId}/pump/`, { on: true });
      expect(on.body).toEqual({ on: true });
      await eventually(() => (live()?.pressure_bar ?? 0) > 60, { what: 'pressure back' });
      const commands = (await trail()).filter((entry) => entry.action === 'command');
      expect(commands.map((entry) => entry.new_values?.pump_on)).toEqual(
        expect.arrayContaining([false, true]),
      );
      const bad = await api(analyst, 'POST', `/api/devices/${instrument.deviceId}/pump/`, { on: 'yes' });
      expect(bad.status).toBe(400);
    });

    it('sets flow, %B and temperature within the limits; beyond them the catalogue message', async () => {
      const path = `/api/devices/${instrument.deviceId}/setpoints/`;
      const set = await api(analyst, 'PUT', path, { flow_ml_per_min: 1.5, percent_b: 40, temperature_c: 35 });
      expect(set).toMatchObject({
        status: 200,
        body: { flow_ml_per_min: 1.5, percent_b: 40, temperature_c: 35 },
      });
      await eventually(() => live()?.flow_ml_per_min === 1.5 && live()?.percent_b === 40, {
        what: 'new setpoints live',
      });
      expect(live()?.setpoints).toEqual({ flow_ml_per_min: 1.5, percent_b: 40, temperature_c: 35 });

      // The server refuses beyond the pump's limit from the hardware configuration; nothing is sent.
      const tooFast = await api(analyst, 'PUT', path, { flow_ml_per_min: 12 });
      expect(tooFast.status).toBe(400);
      expect(tooFast.body).toMatchObject({
        code: 'device_flow_above_limit',
        detail: 'Flow must be at most 10 mL/min on this instrument.',
        fields: { flow_ml_per_min: ['Flow must be at most 10 mL/min on this instrument.'] },
      });
      const tooHot = await api(analyst, 'PUT', path, { temperature_c: 95 });
      expect(tooHot.body.detail).toBe('Column temperature must be between 5 and 80 °C on this instrument.');
      // Within the pump's flow but above its pressure limit through this column: the instrument refuses.
      const tooMuchPressure = await api(analyst, 'PUT', path, { flow_ml_per_min: 6 });
      expect(tooMuchPressure.status).toBe(409);
      expect(tooMuchPressure.body).toEqual({
        code: 'device_pressure_above_limit',
        detail: domainErrors.device_pressure_above_limit,
      });
      expect((await api(analyst, 'PUT', path, {})).status).toBe(400);
      expect(live()?.setpoints?.flow_ml_per_min).toBe(1.5);

      const changed = (await trail()).find((entry) => entry.new_values?.command === 'set_conditions');
      expect(changed?.old_values).toMatchObject({ flow_ml_per_min: 1 });
      expect(changed?.new_values).toMatchObject({ flow_ml_per_min: 1.5, percent_b: 40, temperature_c: 35 });
      expect(changed?.user_id).toBe(analyst.id);
      // The trail reads it with labels: "Flow, mL/min 1 → 1.5".
      const readable = await api(auditor, 'GET', `/api/audit/instruments/${instrument.deviceId}/`);
      const entry = (readable.body.entries as Array<{ summary: string }>).find((item) =>
        item.summary.includes('Flow, mL/min'),
      );
      expect(entry?.summary).toContain('Flow, mL/min 1 → 1.5');
    });

    it('purges past the column, stops the purge, and equilibrates ten column volumes', async () => {
      const purge = await api(analyst, 'POST', `/api/devices/${instrument.deviceId}/purge/`, {});
      expect(purge.body).toEqual({ flow_ml_per_min: 5, duration_sec: 180 });
      await eventually(() => live()?.activity === 'purging' && (live()?.pressure_bar ?? 99) < 10, {
        what: 'purging',
      });
      const blocked = await api(analyst, 'POST', `/api/devices/${instrument.deviceId}/equilibrate/`, {});
      expect(blocked.body).toEqual({ code: 'device_purging', detail: domainErrors.device_purging });
      expect((await api(analyst, 'POST', `/api/devices/${instrument.deviceId}/stop/`)).status).toBe(200);
      await eventually(() => live()?.activity === null, { what: 'purge ended' });

      const equilibrate = await api(analyst, 'POST', `/api/devices/${instrument.deviceId}/equilibrate/`, {
        column_volumes: 5,
      });
      // Five hold-up volumes of about 1.6 mL at 1.5 mL/min.
      expect(equilibrate.body.duration_sec / 60).toBeCloseTo((5 * 1.6) / 1.5, 0);
      await eventually(() => live()?.activity === 'equilibrating', { what: 'equilibrating' });
      const tooFast = await api(analyst, 'POST', `/api/devices/${instrument.deviceId}/purge/`, {
        flow_ml_per_min: 20,
      });
      expect(tooFast.body.code).toBe('device_flow_above_limit');
      const actions = (await trail()).map((entry) => entry.new_values?.command);
      expect(actions).toEqual(expect.arrayContaining(['purge', 'stop', 'equilibrate']));
    });

    it('runs a stored method on a vial with a sample and names the running injection', async () => {
      // Ten hours of run time (10 minutes at 60x): the run is still going when it is read, on any machine,
      // and the test stops it.
      const methodId = await storeMethod(server, admin.id, { name: 'Quick caffeine', run_time_min: 600 });
      const sample = await api(analyst, 'POST', '/api/samples/', {
        name: 'Espresso A',
        device_id: instrument.deviceId,
        method_id: methodId,
        column_name: 'C18',
      });
      expect(sample.status).toBe(201);
      const run = await api(analyst, 'POST', `/api/devices/${instrument.deviceId}/run/`, {
        method_id: methodId,
        vial: 8,
        sample_id: sample.body.id,
      });
      expect(run.status).toBe(201);
      const device = await api(auditor, 'GET', `/api/devices/${instrument.deviceId}/`);
      expect(device.body.current_run).toMatchObject({
        measurement_id: run.body.measurement_id,
        measurement_name: 'Espresso A · vial 8',
        sample_name: 'Espresso A',
        vial: 8,
        method_name: 'Quick caffeine',
        sequence_id: null,
        sequence_row: null,
      });
      const busy = await api(analyst, 'PUT', `/api/devices/${instrument.deviceId}/setpoints/`, {
        percent_b: 10,
      });
      expect(busy.body).toEqual({ code: 'sequence_device_busy', detail: domainErrors.sequence_device_busy });
      const missing = await api(analyst, 'POST', `/api/devices/${instrument.deviceId}/run/`, { vial: 8 });
      expect(missing.body.fields).toHaveProperty('method_id');
      await api(analyst, 'POST', `/api/devices/${instrument.deviceId}/stop/`);
      await eventually(() => live()?.state === 'idle', { what: 'idle again' });
      await eventually(
        async () => {
          const after = await api(admin, 'GET', `/api/devices/${instrument.deviceId}/`);
          return after.body.current_run === null;
        },
        { what: 'no current run' },
      );
    });

    it('names the sequence, its row and sample while a sequence runs on the instrument', async () => {
      // Five minutes a run (5 s at 60x): long enough for the second row to be seen running on a busy machine.
      const methodId = await storeMethod(server, admin.id, { name: 'Five-minute check', run_time_min: 5 });
      const sampleOf = async (name: string) =>
        (
          await api(analyst, 'POST', '/api/samples/', {
            name,
            device_id: instrument.deviceId,
            method_id: methodId,
            column_name: 'C18',
          })
        ).body.id as number;
      const first = await sampleOf('Blank water');
      const second = await sampleOf('Cola B');
      const sequence = await api(analyst, 'POST', '/api/sequences/', {
        name: 'Morning run',
        device_id: instrument.deviceId,
        method_id: methodId,
      });
      for (const [sampleId, vial] of [
        [first, 6],
        [second, 7],
      ])
        await api(analyst, 'POST', `/api/sequences/${sequence.body.id}/drafts/`, {
          sample_id: sampleId,
          vial,
        });
      expect((await api(analyst, 'POST', `/api/sequences/${sequence.body.id}/start/`)).status).toBe(200);
      // Two five-minute injections at the instrument's speed.
      const deadline = simulatedRunsDeadline({ runTimeSec: 300, speed, runs: 2 });
      const secondRow = await eventually(
        async () => {
          const current = (await api(auditor, 'GET', `/api/devices/${instrument.deviceId}/`)).body
            .current_run;
          return current?.sequence_row === 2 ? (current as unknown) : undefined;
        },
        { what: 'the second row running', deadline, intervalMs: 0 },
      );
      expect(secondRow).toMatchObject({
        sequence_id: sequence.body.id,
        sequence_name: 'Morning run',
        sequence_row: 2,
        sample_name: 'Cola B',
        vial: 7,
        method_name: 'Five-minute check',
        replicate: 1,
      });
      const stateOf = async () =>
        (await api(admin, 'GET', `/api/sequences/${sequence.body.id}/`)).body.state as string;
      await eventually(async () => (await stateOf()) !== 'RUNNING', { what: 'the sequence ended', deadline });
      expect(await stateOf()).toBe('FINISHED');
    });

    it('refuses every command to the read-only roles and removal to analysts', async () => {
      const id = instrument.deviceId;
      const calls = [
        ['POST', `/api/devices/${id}/pump/`, { on: false }],
        ['POST', `/api/devices/${id}/purge/`, {}],
        ['POST', `/api/devices/${id}/equilibrate/`, {}],
        ['PUT', `/api/devices/${id}/setpoints/`, { flow_ml_per_min: 1 }],
        ['PATCH', `/api/devices/${id}/`, { name: 'Mine now' }],
        ['DELETE', `/api/devices/${id}/`, undefined],
      ] as const;
      for (const [method, path, body] of calls) {
        const answer = await api(auditor, method, path, body);
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.body.code).toBe('forbidden');
      }
      expect((await api(analyst, 'DELETE', `/api/devices/${id}/`)).status).toBe(403);
      // Someone of another workspace does not even learn that the instrument exists.
      const outsider = await signUp(server.baseUrl);
      for (const [method, path, body] of calls) {
        const answer = await api(outsider, method, path, body);
        expect(answer.status, `outsider ${method} ${path}`).toBe(404);
      }
      expect(live()?.pump_on).toBe(true);
      expect((await trail()).filter((entry) => entry.user_id === auditor.id)).toEqual([]);
    });

    it('renames the instrument, then removes it from the workspace; it can be claimed again', async () => {
      const id = instrument.deviceId;
      const renamed = await api(analyst, 'PATCH', `/api/devices/${id}/`, { name: '  Bench 7  ' });
      expect(renamed).toMatchObject({ status: 200, body: { name: 'Bench 7' } });
      expect((await api(analyst, 'PATCH', `/api/devices/${id}/`, { name: ' ' })).status).toBe(400);
      const rename = (await trail()).find((entry) => entry.action === 'update' && entry.new_values?.name);
      expect(rename).toMatchObject({ old_values: { name: 'Test HPLC' }, new_values: { name: 'Bench 7' } });

      expect((await api(admin, 'DELETE', `/api/devices/${id}/`)).status).toBe(204);
      expect((await api(admin, 'GET', '/api/devices/')).body).toEqual([]);
      expect((await api(admin, 'GET', `/api/devices/${id}/`)).status).toBe(404);
      const audit = await api(admin, 'GET', '/api/audit/?entity=devices&action=remove');
      expect(JSON.stringify(audit.body)).toContain('Bench 7');
      // The instrument lost its credential: it pairs again with its code and is claimable anew.
      await eventually(() => instrument.client.connected && !instrument.client.claimed, {
        what: 'unclaimed again',
      });
      const row = await server.context.database.db
        .selectFrom('devices')
        .select(['serial_number', 'owner_id', 'workspace_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ owner_id: null, workspace_id: null });
    });
  });
}
