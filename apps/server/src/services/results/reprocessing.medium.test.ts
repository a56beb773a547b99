// Reprocessing through the public API: twenty imported measurements reprocessed with a new template as a
// background job; the API answers meanwhile, progress is readable, and the old results stay readable.
import { domainErrors, processingJobSchema } from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData } from '../../../test/graphql-client.ts';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  createTemplate,
  fileUnderSequence,
  sampleChromatogram,
  upload,
} from '../../../test/results-fixtures.ts';
import { eventually } from '../../../test/eventually.ts';

const MEASUREMENTS = 20;

describe.each(await backends())('reprocessing on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let token: string;
  let userId: number;
  let ids: number[];

  beforeAll(async () => {
    server = await startTestServer({ backend });
    base = server.baseUrl;
    const user = await signUp(base);
    token = user.access;
    userId = user.id;
    const file = sampleChromatogram();
    ids = [];
    for (let i = 0; i < MEASUREMENTS; i++) {
      const imported = await upload(base, token, file.name, file.bytes);
      expect(imported.status).toBe(201);
      ids.push(imported.body.measurement_id as number);
    }
  });
  afterAll(async () => server?.dispose());

  it('reprocesses twenty measurements in the background while the API answers', async () => {
    const before = await request(base, 'GET', `/api/measurements/${ids[0]}/results/`, { token });
    expect(before.body.results).toHaveLength(1);
    const oldPeaks = before.body.results[0].peaks;

    const templateUuid = await createTemplate(base, token, 'Tall peaks only', {
      peak_detection_min_prominence: 1,
    });
    const created = await request(base, 'POST', '/api/processing-jobs/', {
      token,
      body: { measurement_ids: ids, template_uuid: templateUuid },
    });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ scope: 'measurements', total: MEASUREMENTS, state: 'queued' });
    const jobId = created.body.id as number;

    // Other requests are answered while the job works through its measurements.
    const health = await request(base, 'GET', '/api/health/');
    const viewer = await graphqlData(base, token, '{ measurements(limit: 1) { id } }');
    const during = await request(base, 'GET', `/api/processing-jobs/${jobId}/`, { token });
    expect(health.body).toEqual({ status: 'ok', database: 'up' });
    expect(viewer.measurements).toHaveLength(1);
    expect(during.body.done).toBeLessThan(MEASUREMENTS);
    // The job's answers are what contracts say they are (rest/processing-jobs.ts).
    expect(processingJobSchema.strict().safeParse(created.body).error).toBeUndefined();
    expect(processingJobSchema.strict().safeParse(during.body).error).toBeUndefined();
    expect(['queued', 'running']).toContain(during.body.state);

    let job: any;
    await eventually(async () => {
      job = (await request(base, 'GET', `/api/processing-jobs/${jobId}/`, { token })).body;
      return job.state === 'finished' || job.state === 'failed';
    });
    expect(job).toMatchObject({ state: 'finished', done: MEASUREMENTS, total: MEASUREMENTS, error: null });

    for (const id of ids) {
      const after = await request(base, 'GET', `/api/measurements/${id}/results/`, { token });
      expect(after.body.results.map((r: any) => r.version)).toEqual([1, 2]);
      expect(after.body.current_result_id).toBe(after.body.results[1].id);
      expect(after.body.results[1].template_uuid).toBe(templateUuid);
      expect(after.body.results[1].template_snapshot.peak_detection_min_prominence).toBe(1);
    }
    // The earlier version is unchanged and readable; picking it makes it current again.
    const first = (await request(base, 'GET', `/api/measurements/${ids[0]}/results/`, { token })).body;
    expect(first.results[0].peaks).toEqual(oldPeaks);
    const picked = await request(base, 'PUT', `/api/measurements/${ids[0]}/current-result/`, {
      token,
      body: { result_id: first.results[0].id },
    });
    expect(picked.body.current_result_id).toBe(first.results[0].id);
    const back = await request(base, 'PUT', `/api/measurements/${ids[0]}/current-result/`, {
      token,
      body: { result_id: null },
    });
    expect(back.body.current_result_id).toBe(first.results[1].id);
  });

  it('refuses bad jobs with clear messages and hides other users’ jobs', async () => {
    const none = await request(base, 'POST', '/api/processing-jobs/', { token, body: {} });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('invalid');
    const badTemplate = await request(base, 'POST', '/api/processing-jobs/', {
      token,
      body: { measurement_id: ids[0], template_uuid: '00000000-0000-4000-8000-000000000000' },
    });
    expect(badTemplate.status).toBe(400);
    expect(badTemplate.body.fields).toEqual({ template_uuid: ['is not valid'] });

    const stranger = (await signUp(base)).access;
    const foreign = await request(base, 'POST', '/api/processing-jobs/', {
      token: stranger,
      body: { measurement_id: ids[0] },
    });
    expect(foreign.body).toEqual({
      code: 'measurement_not_found',
      detail: domainErrors.measurement_not_found,
    });
    const mine = await request(base, 'POST', '/api/processing-jobs/', {
      token,
      body: { measurement_id: ids[1] },
    });
    const peek = await request(base, 'GET', `/api/processing-jobs/${mine.body.id}/`, { token: stranger });
    expect(peek.status).toBe(404);
    expect(peek.body.detail).toBe(domainErrors.processing_job_not_found);
    await eventually(async () => {
      const job = (await request(base, 'GET', `/api/processing-jobs/${mine.body.id}/`, { token })).body;
      return job.state === 'finished';
    });
  });

  it('reprocesses a whole sequence and exports its results table as CSV', async () => {
    const { sequenceId } = await fileUnderSequence(server, userId, ids, 'Twenty injections');
    const templateUuid = await createTemplate(base, token, 'Sequence template', {
      peak_detection_min_prominence: 2,
    });
    const created = await request(base, 'POST', '/api/processing-jobs/', {
      token,
      body: { sequence_id: sequenceId, template_uuid: templateUuid },
    });
    expect(created.body).toMatchObject({ scope: 'sequence', target_id: sequenceId, total: MEASUREMENTS });
    await eventually(async () => {
      const job = (await request(base, 'GET', `/api/processing-jobs/${created.body.id}/`, { token })).body;
      return job.state === 'finished';
    });
    const table = await request(base, 'GET', `/api/sequences/${sequenceId}/results/`, { token });
    expect(table.body.injections).toHaveLength(MEASUREMENTS);
    for (const injection of table.body.injections) {
      expect(injection.result.template_uuid).toBe(templateUuid);
    }

    const csv = await request(base, 'GET', `/api/sequences/${sequenceId}/results/?format=csv`, { token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.trimEnd().split('\r\n');
    const header = lines[0]!.split(',');
    expect(header.slice(0, 3)).toEqual(['injection_id', 'measurement_id', 'sample']);
    const rows = table.body.injections.flatMap((injection: any) =>
      injection.result.peaks.length > 0
        ? injection.result.peaks.map((peak: any) => ({ injection, peak }))
        : [{ injection }],
    );
    expect(lines).toHaveLength(1 + rows.length);
    const first = Object.fromEntries(lines[1]!.split(',').map((value, i) => [header[i], value]));
    expect(Number(first.injection_id)).toBe(rows[0].injection.injection_id);
    expect(Number(first.area)).toBe(rows[0].peak.area);
    expect(Number(first.retention_time_sec)).toBe(rows[0].peak.retention_time_sec);

    const bad = await request(base, 'GET', `/api/sequences/${sequenceId}/results/?format=xls`, { token });
    expect(bad.status).toBe(400);
  });
});
