// Peak processing errors of spec §8 through the public API: a chromatogram without peaks keeps its result
// with 'No peaks found.' in the result's errors; a stored signal the processing core cannot read (too
// short, times not increasing) fails its reprocessing with 'Peak processing failed.'; a stored template the
// template schema does not pass fails it with its own message, before the processing core sees it.
import { domainErrors } from '@eluent/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { syntheticCsv, upload } from '../../../test/results-fixtures.ts';
import { eventually } from '../../../test/eventually.ts';
import { workspaceOf } from '../../../test/workspaces.ts';
import { chunkRow } from '../../repositories/measurement-chunks.ts';

const noPeaks = { code: 'processing_no_peaks', message: domainErrors.processing_no_peaks };

describe.each(await backends())('peak processing errors on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let userId: number;
  const api = (method: string, path: string, body?: unknown) =>
    request(server.baseUrl, method, path, { token, body });

  beforeAll(async () => {
    server = await startTestServer({ backend });
    const user = await signUp(server.baseUrl);
    token = user.access;
    userId = user.id;
  });
  afterAll(async () => server?.dispose());

  /** A device measurement whose stored points are exactly these (a run cut off by a fault). */
  async function storedMeasurement(timeSec: number[], signal: number[]): Promise<number> {
    const db = server.context.database.db;
    const row = await db
      .insertInto('measurements')
      .values({
        owner_id: userId,
        workspace_id: await workspaceOf(db, userId),
        name: 'Cut off',
        state: 'complete',
        points_count: timeSec.length,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('measurement_chunks')
      .values(chunkRow({ measurementId: row.id, chunkIndex: 0, timeSec, signal, pressureBar: null }))
      .execute();
    return row.id;
  }

  async function reprocess(measurementId: number, templateUuid?: string) {
    const created = await api('POST', '/api/processing-jobs/', {
      measurement_id: measurementId,
      ...(templateUuid ? { template_uuid: templateUuid } : {}),
    });
    expect(created.status).toBe(202);
    let job: any;
    await eventually(async () => {
      job = (await api('GET', `/api/processing-jobs/${created.body.id}/`)).body;
      return job.state === 'finished' || job.state === 'failed';
    });
    return job;
  }

  it("keeps a result without peaks and says 'No peaks found.' in its errors", async () => {
    const baseline = ['time (s),signal (mAU)', ...Array.from({ length: 600 }, (_, i) => `${i / 5},0.5`)];
    const flat = await upload(server.baseUrl, token, 'baseline.csv', `${baseline.join('\n')}\n`);
    expect(flat.status).toBe(201);
    const results = await api('GET', `/api/measurements/${flat.body.measurement_id}/results/`);
    expect(results.body.results).toHaveLength(1);
    expect(results.body.results[0].peaks).toEqual([]);
    expect(results.body.results[0].errors).toContainEqual({
      ...noPeaks,
      reason: 'the run is flat: the signal stays at 0.5 mAU from start to end',
      reason_code: 'flat',
    });

    const withPeaks = await upload(server.baseUrl, token, 'peaks.csv', syntheticCsv());
    const peaked = await api('GET', `/api/measurements/${withPeaks.body.measurement_id}/results/`);
    expect(peaked.body.results[0].peaks.length).toBeGreaterThan(0);
    expect(peaked.body.results[0].errors).not.toContainEqual(expect.objectContaining(noPeaks));
  });

  it('says why no peak was found: nothing rose above 10 × the noise it measured', async () => {
    // Seeded noise without peaks: 0.05 mAU steps of a fixed pattern.
    let state = 7;
    const noise = () => ((state = (state * 48271) % 2147483647) / 2147483647 - 0.5) * 0.1;
    const rows = Array.from({ length: 1500 }, (_, i) => `${i / 5},${noise().toFixed(4)}`);
    const quiet = await upload(
      server.baseUrl,
      token,
      'quiet.csv',
      ['time (s),signal (mAU)', ...rows, ''].join('\n'),
    );
    expect(quiet.status).toBe(201);
    const results = await api('GET', `/api/measurements/${quiet.body.measurement_id}/results/`);
    const [result] = results.body.results;
    expect(result.peaks).toEqual([]);
    const entry = result.errors.find((error: any) => error.code === 'processing_no_peaks');
    expect(entry.reason_code).toBe('below_detection_limit');
    const noiseRange = result.figures.detection.noisePeakToPeak as number;
    expect(entry.reason).toBe(
      `no peak rose above 10 × the noise (S/N ≥ 10: prominence ≥ ` +
        `${Number(result.figures.detection.minProminence.value.toPrecision(3))} mAU; baseline noise ` +
        `${Number(noiseRange.toPrecision(3))} mAU peak to peak)`,
    );
  });

  it("fails the reprocessing of a signal the processing core cannot read with 'Peak processing failed.'", async () => {
    const tooShort = await storedMeasurement([0, 0.1], [1, 2]);
    const shortJob = await reprocess(tooShort);
    expect(shortJob).toMatchObject({
      state: 'failed',
      error: `measurement ${tooShort}: ${domainErrors.processing_general_error}`,
    });

    const backwards = await storedMeasurement([0, 0.2, 0.1, 0.3], [1, 2, 3, 4]);
    const backwardsJob = await reprocess(backwards);
    expect(backwardsJob).toMatchObject({
      state: 'failed',
      error: `measurement ${backwards}: ${domainErrors.processing_general_error}`,
    });
    const results = await api('GET', `/api/measurements/${backwards}/results/`);
    expect(results.body.results).toEqual([]);
  });

  it('fails the reprocessing with a stored template the template schema does not pass, naming it', async () => {
    const uuid = randomUUID();
    await server.context.database.db
      .insertInto('postprocessingTemplates')
      .values({
        uuid,
        owner_id: userId,
        workspace_id: await workspaceOf(server.context.database.db, userId),
        name: 'Broken by hand',
        params_pdet: JSON.stringify({ peak_detection_min_prominence: 'five' }),
        params_peak: JSON.stringify({}),
        params_base: JSON.stringify({}),
        params_binj: JSON.stringify({}),
        params_nois: JSON.stringify({}),
        params_dtim: JSON.stringify({}),
      })
      .execute();
    const stored = await upload(server.baseUrl, token, 'peaks-for-template.csv', syntheticCsv());
    const measurementId = stored.body.measurement_id as number;
    const job = await reprocess(measurementId, uuid);
    expect(job).toMatchObject({
      state: 'failed',
      error: `measurement ${measurementId}: ${domainErrors.processing_template_invalid}`,
    });
    const results = await api('GET', `/api/measurements/${measurementId}/results/`);
    expect(results.body.results).toHaveLength(1);
  });
});
