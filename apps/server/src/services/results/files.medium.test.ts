// Measurement files through the public REST API: import a CSV, export it as CSV and AIA netCDF with its
// peak table, re-import both, and find the same signal and the same peaks.
import { domainErrors, measurementDataSchema, measurementImportSchema } from '@eluent/contracts';
import { readChromatogram, writeAia } from '@eluent/signal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';

/** Two Gaussian peaks on a seeded noisy baseline, 0–300 s at 5 Hz. */
function syntheticCsv(): string {
  let state = 42;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31 - 0.5;
  const lines = ['time (s),signal (mAU)'];
  for (let i = 0; i <= 1500; i++) {
    const t = i / 5;
    const value =
      80 * Math.exp(-((t - 100) ** 2) / (2 * 3 ** 2)) +
      40 * Math.exp(-((t - 180) ** 2) / (2 * 4 ** 2)) +
      0.2 * random();
    lines.push(`${t},${value}`);
  }
  return `${lines.join('\n')}\n`;
}

describe.each(await backends())('measurement files on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    base = server.baseUrl;
    token = (await signUp(base)).access;
  });
  afterAll(async () => server?.dispose());

  async function upload(name: string, bytes: Uint8Array | string) {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const response = await fetch(`${base}/api/measurements/import/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  async function peaksOf(measurementId: number) {
    const rows = await server.context.database.db
      .selectFrom('peaks')
      .innerJoin('processing_results as r', 'r.id', 'peaks.result_id')
      .select(['peaks.retention_time_sec', 'peaks.area', 'peaks.height'])
      .where('peaks.measurement_id', '=', measurementId)
      .orderBy('peaks.number')
      .execute();
    return rows;
  }

  it('round-trips the signal and the peak table through CSV and AIA netCDF', async () => {
    const imported = await upload('two-peaks.csv', syntheticCsv());
    expect(imported.status).toBe(201);
    expect(imported.body.points_count).toBe(1501);
    const id = imported.body.measurement_id as number;
    const original = await request(base, 'GET', `/api/measurements/${id}/data/`, { token });
    expect(original.body.time_sec).toHaveLength(1501);
    expect(original.body.unit).toBe('mAU');
    // Both answers are what contracts say they are (rest/measurements.ts).
    expect(measurementImportSchema.strict().safeParse(imported.body).error).toBeUndefined();
    expect(measurementDataSchema.strict().safeParse(original.body).error).toBeUndefined();
    const peaks = await peaksOf(id);
    expect(peaks.length).toBeGreaterThanOrEqual(2);

    const csv = await fetch(`${base}/api/measurements/${id}/data/?format=csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const again = await upload('again.csv', new Uint8Array(await csv.arrayBuffer()));
    const fromCsv = await request(base, 'GET', `/api/measurements/${again.body.measurement_id}/data/`, {
      token,
    });
    expect(fromCsv.body.signal).toEqual(original.body.signal);
    expect(await peaksOf(again.body.measurement_id)).toEqual(peaks);

    const cdf = await fetch(`${base}/api/measurements/${id}/data/?format=cdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const bytes = new Uint8Array(await cdf.arrayBuffer());
    const file = readChromatogram(bytes);
    expect(file.peakTable?.map((p) => p.retentionTimeSec)).toEqual(
      peaks.map((p) => expect.closeTo(p.retention_time_sec, 3)),
    );
    const fromCdf = await upload('again.cdf', bytes);
    expect(fromCdf.status).toBe(201);
    const cdfData = await request(base, 'GET', `/api/measurements/${fromCdf.body.measurement_id}/data/`, {
      token,
    });
    // netCDF stores single-precision floats.
    cdfData.body.signal.forEach((value: number, i: number) =>
      expect(value).toBeCloseTo(original.body.signal[i], 4),
    );
    const cdfPeaks = await peaksOf(fromCdf.body.measurement_id);
    expect(cdfPeaks).toHaveLength(peaks.length);
    cdfPeaks.forEach((peak, i) =>
      expect(Math.abs(peak.area - peaks[i]!.area)).toBeLessThanOrEqual(
        1e-3 * Math.max(1, Math.abs(peaks[i]!.area)),
      ),
    );
  });

  it('stores a note with the measurement when the rows do not fill what the file declares', async () => {
    // A vendor export declaring 3,000 points and a 10 min run, its rows stopping at 200 s, the last cut off.
    const rows = syntheticCsv().trim().split('\n').slice(1, 1002);
    const text = [
      'Sample,Tea',
      'Points,3000',
      'End time (min),10',
      'time (s),signal (mAU)',
      ...rows,
      '200.2,',
    ];
    const imported = await upload('cut-short.csv', text.join('\n'));
    expect(imported.status).toBe(201);
    const expected = [
      'The last line is cut off ("200.2,"); it was left out',
      'The file declares 3000 points but holds 1001: the data end early (the rest may be cut off)',
      'The file declares a run to 10.00 min but its data end at 3.33 min',
    ];
    expect(measurementImportSchema.parse(imported.body).notes).toEqual(expected);
    const stored = await server.context.database.db
      .selectFrom('measurements')
      .select('metadata')
      .where('id', '=', imported.body.measurement_id)
      .executeTakeFirstOrThrow();
    const metadata = typeof stored.metadata === 'string' ? JSON.parse(stored.metadata) : stored.metadata;
    expect(metadata.notes).toEqual(expected);

    const whole = await upload('whole.csv', syntheticCsv());
    expect(whole.body.notes).toEqual([]);
  });

  it('refuses a file that is not a chromatogram and another user reads nothing', async () => {
    const bad = await upload('notes.csv', 'hello,world\nfoo,bar\n');
    expect(bad).toEqual({
      status: 400,
      body: {
        code: 'measurement_file_csv_invalid',
        detail: domainErrors.measurement_file_csv_invalid,
        reason: 'CSV file has a header but no data rows',
      },
    });
    // Binary content is refused as binary, a cut AIA file as truncated; neither shows a runtime's message.
    const binary = await upload('image.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]));
    expect(binary.body).toMatchObject({ code: 'measurement_file_binary' });
    const whole = writeAia({
      timeSec: Float64Array.from([0, 1, 2, 3]),
      values: Float64Array.from([0, 1, 0, 1]),
      signalUnit: 'mAU',
      metadata: {},
    });
    const cut = await upload('cut.cdf', whole.subarray(0, whole.length - 8));
    expect(cut).toEqual({
      status: 400,
      body: {
        code: 'measurement_file_truncated',
        detail: domainErrors.measurement_file_truncated,
        reason: expect.stringMatching(/^Not a valid AIA file: it is truncated \(ordinate_values needs/),
      },
    });
    const imported = await upload('mine.csv', syntheticCsv());
    const stranger = await signUp(base);
    const seen = await request(base, 'GET', `/api/measurements/${imported.body.measurement_id}/data/`, {
      token: stranger.access,
    });
    expect(seen.status).toBe(404);
    expect(seen.body.code).toBe('measurement_not_found');
  });
});
