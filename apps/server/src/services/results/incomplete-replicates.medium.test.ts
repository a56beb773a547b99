// A replicate lost to a Stop on the instrument is not lost silently: the operator stops the first of four
// injections of a standard, chooses "continue", the sequence finishes with three results, and the results
// and the printed report say "3 of 4" and incomplete system suitability, never a pass on n = 3.
import { sequenceResultsSchema, type SequenceResults } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, type TestServer } from '../../../test/harness.ts';
import { eventually, pacedSpeed, scaled } from '../../../test/eventually.ts';
import { createTemplate } from '../../../test/results-fixtures.ts';
import { startServerWithInstrument, stopServerWithInstrument } from '../../../test/server-with-instrument.ts';
import { storeMethod, type LinkedInstrument } from '../../../test/sequences-fixtures.ts';

const CAFFEINE_RT_SEC = 332;

describe.each(await backends())('a replicate stopped on the instrument on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let token: string;
  let userId: number;
  let instrument: LinkedInstrument;
  const api = (method: string, path: string, body?: unknown) => request(base, method, path, { token, body });

  // 400x on a quiet machine, slower by the run's time scale: Stop must land while an injection records.
  const speed = pacedSpeed(400);
  beforeAll(async () => {
    ({ server, base, token, userId, instrument } = await startServerWithInstrument(backend, {
      env: { ELUENT_SIM_SPEED: String(speed) },
      speed,
    }));
  }, scaled(120_000));
  afterAll(() => stopServerWithInstrument(server, instrument));

  const idle = () =>
    eventually(
      async () => server.context.services.devices.liveStatus(instrument.deviceId)?.state === 'idle',
      {
        what: 'the instrument is idle',
      },
    );

  // Four 40-minute runs at the paced speed and a sequence-end wait of 120 s: the test's own limit holds them all.
  it(
    'reports n 3 of 4 and incomplete suitability after a stop and "continue"',
    async () => {
      // 40 minutes a run: 6 s at 400x (longer on a slower machine), long enough to press Stop while it records.
      const methodId = await storeMethod(server, userId, { run_time_min: 40 });
      const templateUuid = await createTemplate(base, token, 'Caffeine SST', {
        peak_detection_min_prominence: 5,
      });
      const saved = await api('PUT', `/api/templates/${templateUuid}/components/`, {
        components: [
          {
            name: 'caffeine',
            expected_retention_time_sec: CAFFEINE_RT_SEC,
            window_sec: 15,
            // Limits every simulated caffeine peak meets: only the missing replicate can keep this from passing.
            suitability: { plates_min: 1000, tailing_max: 3, area_rsd_max_percent: 5 },
          },
        ],
      });
      expect(saved.status).toBe(200);
      const common = { device_id: instrument.deviceId, method_id: methodId, column_name: 'C18' };
      const standard = await api('POST', '/api/standards/', {
        ...common,
        name: 'Caffeine 25',
        analytes: [
          {
            analyte: 'caffeine',
            amount: 25,
            amount_unit: 'µg/mL',
            retention_time_sec: CAFFEINE_RT_SEC,
            window_sec: 15,
          },
        ],
      });
      expect(standard.status).toBe(201);
      const created = await api('POST', '/api/sequences/', {
        name: 'Four replicates',
        device_id: instrument.deviceId,
        method_id: methodId,
        template_uuid: templateUuid,
      });
      const id = created.body.id as number;
      const row = await api('POST', `/api/sequences/${id}/drafts/`, {
        sample_id: standard.body.id,
        vial: 3,
        injections_count: 4,
      });
      expect(row.status).toBe(201);
      expect((await api('POST', `/api/sequences/${id}/start/`)).status).toBe(200);

      // Stop on the instrument while the first injection records.
      await eventually(
        async () => {
          const injectionId = (await api('GET', `/api/sequences/${id}/`)).body.current_injection_id as
            number | null;
          if (injectionId === null) return false;
          const live = server.context.services.devices.liveStatus(instrument.deviceId);
          return live?.state === 'running' && live.measurement_id !== null;
        },
        { what: 'the first injection records on the instrument' },
      );
      expect((await api('POST', `/api/devices/${instrument.deviceId}/stop/`)).status).toBe(200);
      const paused = await eventually(
        async () => {
          const body = (await api('GET', `/api/sequences/${id}/`)).body as Record<string, unknown>;
          return body.interruption ? body : false;
        },
        { what: 'the sequence pauses on the stopped injection' },
      );
      expect(paused).toMatchObject({ state: 'PAUSED', interruption: { replicate: 1 } });

      // The operator goes on without it.
      await idle();
      expect((await api('POST', `/api/sequences/${id}/continue/`)).status).toBe(200);
      await eventually(
        async () => ['FINISHED', 'ERROR'].includes((await api('GET', `/api/sequences/${id}/`)).body.state),
        { what: 'the sequence ends', deadline: 120_000 },
      );
      expect((await api('GET', `/api/sequences/${id}/`)).body.state).toBe('FINISHED');

      const answer = (await api('GET', `/api/sequences/${id}/results/`)).body as SequenceResults;
      expect(sequenceResultsSchema.strict().safeParse(answer).error).toBeUndefined();
      expect(answer.injections.map((i) => i.injection_state)).toEqual([
        'interrupted',
        'finished',
        'finished',
        'finished',
      ]);
      expect(answer.injections.filter((i) => i.result)).toHaveLength(3);
      const [verdict] = answer.suitability;
      // Every test on the three found passes; the verdict is still not a pass.
      expect(verdict).toMatchObject({
        component: 'caffeine',
        injections: 3,
        injections_failed: 0,
        injections_planned: 4,
        status: 'incomplete',
        pass: false,
      });
      expect(verdict!.area_rsd).toEqual([
        expect.objectContaining({ count: 3, planned: 4, check: expect.objectContaining({ pass: true }) }),
      ]);

      // The printed report's data says the same.
      const report = await api('GET', `/api/reports/sequence/${id}/`);
      expect(report.status).toBe(200);
      expect(report.body.suitability[0]).toMatchObject({
        status: 'incomplete',
        pass: false,
        injections_planned: 4,
      });
      expect(report.body.suitability[0].area_rsd[0]).toMatchObject({ count: 3, planned: 4 });
    },
    scaled(240_000),
  );
});
