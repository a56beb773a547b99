// The vendor's peak table of an imported AIA file: stored with the measurement, compared with the current
// result over REST (pairs, missed, extra, shares), written back by the AIA export on request; a file without
// one answers 404 with its own message. On PGlite and PostgreSQL, whose drivers carry jsonb each their way.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  domainErrors,
  measurementVendorComparisonSchema,
  type MeasurementVendorComparison,
} from '@eluent/contracts';
import { readChromatogram } from '@eluent/signal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { upload } from '../../../test/results-fixtures.ts';

const AIA_DIR = fileURLToPath(new URL('../../../../../../shared/data/aia/', import.meta.url));
const hasData = existsSync(`${AIA_DIR}HP-CH.CDF`);
if (!hasData && process.env.CI) throw new Error(`CI needs the reference data in ${AIA_DIR}`);

const bytesOf = (name: string) => new Uint8Array(readFileSync(`${AIA_DIR}${name}`));

describe.skipIf(!hasData).each(await backends('both'))('the vendor peak table on $name', (backend) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    token = (await signUp(server.baseUrl)).access;
  });
  afterAll(async () => server?.dispose());

  const comparisonOf = (id: number, who = token) =>
    request(server.baseUrl, 'GET', `/api/measurements/${id}/vendor-comparison/`, { token: who });

  it('compares the current result with the vendor table of HP-CH.CDF', async () => {
    const file = readChromatogram(bytesOf('HP-CH.CDF'));
    const imported = await upload(server.baseUrl, token, 'HP-CH.CDF', bytesOf('HP-CH.CDF'));
    expect(imported.status).toBe(201);
    const answer = await comparisonOf(imported.body.measurement_id);
    expect(answer.status).toBe(200);
    expect(measurementVendorComparisonSchema.strict().safeParse(answer.body).error).toBeUndefined();
    const { summary, rows } = answer.body as MeasurementVendorComparison;
    expect(summary.vendor_peaks).toBe(file.peakTable!.length);
    expect(summary.matched + summary.missed + summary.unplaced).toBe(summary.vendor_peaks);
    expect(summary.matched + summary.extra).toBe(summary.our_peaks);
    // Every vendor peak of this file is found with no template (vendorFilesAutomatic.test.ts).
    expect(summary.missed).toBe(0);
    expect(rows.filter((row) => row.status === 'extra')).toHaveLength(summary.extra);
    const matched = rows.filter((row) => row.status === 'matched');
    expect(matched).toHaveLength(summary.matched);
    for (const row of matched) {
      expect(Math.abs(row.retention_difference_sec!)).toBeLessThanOrEqual(row.tolerance_sec!);
      expect(row.share_difference_points).toBeCloseTo(
        row.ours!.share_percent! - row.vendor!.share_percent!,
        9,
      );
      expect(row.vendor!.baseline_start_sec).not.toBeNull();
    }
    // Shares are of the matched total on each side, so their differences sum to nothing.
    const sum = matched.reduce((total, row) => total + row.share_difference_points!, 0);
    expect(Math.abs(sum)).toBeLessThan(1e-9);
    const times = rows.map((row) => row.vendor?.retention_time_sec ?? row.ours!.retention_time_sec!);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('writes the vendor table back into the AIA export on request', async () => {
    const original = readChromatogram(bytesOf('agilent_hplc.cdf'));
    const imported = await upload(server.baseUrl, token, 'agilent_hplc.cdf', bytesOf('agilent_hplc.cdf'));
    const id = imported.body.measurement_id as number;
    const cdf = (query: string) =>
      fetch(`${server.baseUrl}/api/measurements/${id}/data/?format=cdf${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const vendor = readChromatogram(new Uint8Array(await (await cdf('&peak_table=vendor')).arrayBuffer()));
    // netCDF stores the table's numbers as single-precision floats.
    expect(vendor.peakTable!.map((peak) => peak.retentionTimeSec)).toEqual(
      original.peakTable!.map((peak) => expect.closeTo(peak.retentionTimeSec!, 2)),
    );
    expect(vendor.peakTable!.map((peak) => peak.area)).toEqual(
      original.peakTable!.map((peak) => expect.closeTo(peak.area!, 0)),
    );
    const ours = await request(server.baseUrl, 'GET', `/api/measurements/${id}/results/`, { token });
    const result = readChromatogram(new Uint8Array(await (await cdf('')).arrayBuffer()));
    expect(result.peakTable).toHaveLength(ours.body.results[0].peaks.length);
    const bad = await cdf('&peak_table=theirs');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: unknown }).fields).toEqual({
      peak_table: ['must be result or vendor'],
    });
  });

  it('answers 404 with its message for a file without a vendor table, and for a stranger', async () => {
    const csv = 'time (s),signal (mAU)\n' + Array.from({ length: 50 }, (_, i) => `${i},${i % 7}`).join('\n');
    const imported = await upload(server.baseUrl, token, 'plain.csv', csv);
    expect(imported.status).toBe(201);
    const none = await comparisonOf(imported.body.measurement_id);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({
      code: 'measurement_vendor_table_not_found',
      detail: domainErrors.measurement_vendor_table_not_found,
    });
    const export404 = await request(
      server.baseUrl,
      'GET',
      `/api/measurements/${imported.body.measurement_id}/data/?format=cdf&peak_table=vendor`,
      { token },
    );
    expect(export404.body.code).toBe('measurement_vendor_table_not_found');
    const withTable = await upload(server.baseUrl, token, 'HP-CH.CDF', bytesOf('HP-CH.CDF'));
    const stranger = (await signUp(server.baseUrl)).access;
    const refused = await comparisonOf(withTable.body.measurement_id, stranger);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('measurement_not_found');
    expect((await comparisonOf(0)).status).toBe(404);
  });
});
