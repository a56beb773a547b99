// An import is all-or-nothing: the measurement, its signal and its processing result are stored together
// or not at all (the signal is written while it is processed, so a refusal from processing rolls it back);
// a long real run (93,003 points) imports and keeps its result.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { writeAia } from '@eluent/signal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { syntheticCsv, upload } from '../../../test/results-fixtures.ts';

const BIG_FILE = fileURLToPath(new URL('../../../../../../shared/data/aia/tgnthpgc.cdf', import.meta.url));

describe.each(await backends('both'))('importing a file on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let ownerId: number;

  async function stored() {
    const { db } = server.context.database;
    const measurements = await db
      .selectFrom('measurements')
      .select('id')
      .where('owner_id', '=', ownerId)
      .execute();
    const chunks = await db
      .selectFrom('measurement_chunks')
      .innerJoin('measurements', 'measurements.id', 'measurement_chunks.measurement_id')
      .select('measurement_chunks.chunk_index')
      .where('measurements.owner_id', '=', ownerId)
      .execute();
    return { measurements: measurements.length, chunks: chunks.length };
  }

  beforeAll(async () => {
    server = await startTestServer({ backend });
    const user = await signUp(server.baseUrl);
    token = user.access;
    ownerId = user.id;
  });
  afterAll(async () => server?.dispose());

  it.skipIf(!existsSync(BIG_FILE) && !process.env.CI)(
    'imports the 93,003-point run and stores its result with every peak',
    async () => {
      const bytes = new Uint8Array(readFileSync(BIG_FILE));
      const imported = await upload(server.baseUrl, token, 'tgnthpgc.cdf', bytes);
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
      expect(imported.body.points_count).toBe(93_003);
      const results = await request(
        server.baseUrl,
        'GET',
        `/api/measurements/${imported.body.measurement_id}/results/`,
        { token },
      );
      expect(results.body.results).toHaveLength(1);
      const peaks = await server.context.database.db
        .selectFrom('peaks')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('result_id', '=', results.body.results[0].id)
        .executeTakeFirstOrThrow();
      expect(Number(peaks.count)).toBe(results.body.results[0].peaks.length);
      expect(Number(peaks.count)).toBeGreaterThan(0);
    },
  );

  it('stores nothing when the result cannot be stored', async () => {
    const before = await stored();
    // Parses and processes, but the file name (kept with the measurement) holds a NUL PostgreSQL refuses.
    const failing = await upload(server.baseUrl, token, 'broken\u0000name.csv', syntheticCsv());
    expect(failing.status).toBeGreaterThanOrEqual(400);
    expect(await stored()).toEqual(before);
  });

  it('stores nothing when the signal, written while it was processed, cannot be processed', async () => {
    const before = await stored();
    // An AIA file's own time axis is read as it is; the processing core refuses times that go back.
    const timeSec = Float64Array.from({ length: 2000 }, (_, index) => index * 0.2);
    [timeSec[700], timeSec[701]] = [timeSec[701]!, timeSec[700]!];
    const values = Float64Array.from(timeSec, (time) => 50 * Math.exp(-((time - 100) ** 2) / 8));
    const file = writeAia({ timeSec, values, signalUnit: 'mAU', metadata: {} }, { date: new Date(0) });
    const failing = await upload(server.baseUrl, token, 'backwards.cdf', file);
    expect(failing.status).toBe(400);
    expect(failing.body.code).toBe('processing_general_error');
    expect(await stored()).toEqual(before);
  });
});
