// A share link reads exactly its object: a visitor holding the link of an overlay reads the spectra, the
// extracted bands, the channels and the vendor comparison of the overlay's measurements, and is refused
// (404) for a channel of the same run the overlay does not hold and for any other measurement.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { upload } from '../../../test/results-fixtures.ts';

const DATA_DIR = fileURLToPath(new URL('../../../../../../shared/data/', import.meta.url));
const hasData =
  existsSync(`${DATA_DIR}vendor/agilent/brown.D/dad1A.ch`) && existsSync(`${DATA_DIR}aia/HP-CH.CDF`);
if (!hasData && process.env.CI) throw new Error(`CI needs the reference data in ${DATA_DIR}`);

function brownZip(): Uint8Array {
  const dir = `${DATA_DIR}vendor/agilent/brown.D`;
  return zipSync(
    Object.fromEntries(
      readdirSync(dir).map((file) => [`brown.D/${file}`, new Uint8Array(readFileSync(`${dir}/${file}`))]),
    ),
  );
}

describe.skipIf(!hasData).each(await backends('both'))('spectra behind a share link on $name', (backend) => {
  let server: TestServer;
  let owner: string;
  let channels: number[];
  let aia: number;
  let visitor: string;

  const get = (path: string, token: string) => request(server.baseUrl, 'GET', path, { token });

  beforeAll(async () => {
    server = await startTestServer({ backend });
    owner = (await signUp(server.baseUrl)).access;
    const run = await upload(server.baseUrl, owner, 'brown.D.zip', brownZip());
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    channels = run.body.channels.map((channel: { measurement_id: number }) => channel.measurement_id);
    const file = await upload(
      server.baseUrl,
      owner,
      'HP-CH.CDF',
      new Uint8Array(readFileSync(`${DATA_DIR}aia/HP-CH.CDF`)),
    );
    expect(file.status).toBe(201);
    aia = file.body.measurement_id;
    // The overlay holds the run's first two channels and the AIA file, not the run's other channels.
    const overlay = await request(server.baseUrl, 'POST', '/api/overlays/', {
      token: owner,
      body: { name: 'brown.D shared', measurement_ids: [channels[0], channels[1], aia] },
    });
    expect(overlay.status, JSON.stringify(overlay.body)).toBe(201);
    const link = await request(server.baseUrl, 'POST', '/api/share-tokens/', {
      token: owner,
      body: { object_type: 'overlay', object_id: overlay.body.id },
    });
    expect(link.status).toBe(201);
    const exchanged = await request(server.baseUrl, 'POST', '/api/hasura/auth/share-token', {
      body: { share_token: link.body.token, id: overlay.body.id },
    });
    expect(exchanged.status).toBe(200);
    visitor = exchanged.body.token as string;
  });
  afterAll(async () => server?.dispose());

  it('reads the spectrum, the band and the channels of a shared channel as the owner does', async () => {
    const shared = channels[1]!;
    for (const path of [
      `/api/measurements/${shared}/spectrum/?time_sec=166`,
      `/api/measurements/${shared}/spectrum/?time_sec=166&reference_sec=150&reference_end_sec=180`,
      `/api/measurements/${shared}/band/?centre_nm=280&bandwidth_nm=10`,
    ]) {
      const seen = await get(path, visitor);
      expect(seen.status, path).toBe(200);
      expect(seen.body).toEqual((await get(path, owner)).body);
    }
    // The channels the link opens, no other channel of the run.
    const listed = await get(`/api/measurements/${shared}/channels/`, visitor);
    expect(listed.status).toBe(200);
    expect(listed.body.map((channel: { measurement_id: number }) => channel.measurement_id)).toEqual([
      channels[0],
      channels[1],
    ]);
    expect((await get(`/api/measurements/${shared}/channels/`, owner)).body).toHaveLength(channels.length);
  });

  it('reads the vendor comparison of a shared AIA file', async () => {
    const path = `/api/measurements/${aia}/vendor-comparison/`;
    const seen = await get(path, visitor);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual((await get(path, owner)).body);
  });

  it('is refused a channel the overlay does not hold and any other measurement', async () => {
    const other = await upload(
      server.baseUrl,
      owner,
      'HP-CH.CDF',
      new Uint8Array(readFileSync(`${DATA_DIR}aia/HP-CH.CDF`)),
    );
    for (const id of [channels[2]!, channels[4]!, other.body.measurement_id as number]) {
      for (const path of [
        `/api/measurements/${id}/spectrum/?time_sec=166`,
        `/api/measurements/${id}/spectrum/?time_sec=166&reference_sec=150&reference_end_sec=180`,
        `/api/measurements/${id}/band/?centre_nm=280`,
        `/api/measurements/${id}/channels/`,
        `/api/measurements/${id}/vendor-comparison/`,
      ]) {
        const refused = await get(path, visitor);
        expect(refused.status, path).toBe(404);
        expect(refused.body.code, path).toBe('measurement_not_found');
      }
    }
  });
});
