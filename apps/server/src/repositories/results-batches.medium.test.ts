// A result with more peaks than one INSERT can bind (65,535 parameters) is stored whole, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/harness.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { migrateToLatest, type DatabaseHandle } from '../db/database.ts';
import { createPersonalWorkspace } from './workspaces.ts';
import { createResultsRepository, type PeakValues } from './results.ts';

const PEAKS = 10_000;

function peak(number: number): PeakValues {
  const retention = number * 2;
  return {
    number,
    name: null,
    retention_time_sec: retention,
    start_sec: retention - 0.5,
    end_sec: retention + 0.5,
    baseline_start: 0,
    baseline_end: 0,
    area: number,
    area_percent: 100 / PEAKS,
    height: 1,
    height_percent: 100 / PEAKS,
    width_half_sec: 0.3,
    width_base_sec: 0.9,
    tailing: 1,
    asymmetry: 1,
    plates_half: 5000,
    plates_tangent: 5000,
    resolution: 2,
    retention_factor: 1,
    signal_to_noise: 12,
    amount: null,
    amount_unit: null,
  };
}

describe.each(await backends('both'))('storing 10,000 peaks on $name', (backend) => {
  let handle: DatabaseHandle;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ handle, close } = await openTestDatabase(backend));
    await migrateToLatest(handle.db);
  });
  afterAll(() => close?.());

  it('stores every peak of one result in one transaction', async () => {
    const { db } = handle;
    const user = await db
      .insertInto('users')
      .values({ email: 'peaks@example.com', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const workspaceId = await createPersonalWorkspace(db, user.id);
    const measurement = await db
      .insertInto('measurements')
      .values({
        owner_id: user.id,
        workspace_id: workspaceId,
        name: 'Long run',
        source: 'import',
        state: 'complete',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const results = createResultsRepository(db);
    const peaks = Array.from({ length: PEAKS }, (_, index) => peak(index + 1));
    const row = await db.transaction().execute((trx) =>
      results.insertResult(
        trx,
        {
          owner_id: user.id,
          workspace_id: workspaceId,
          measurement_id: measurement.id,
          template_snapshot: '{}',
        },
        peaks,
      ),
    );
    const stored = await results.peaks([row.id]);
    expect(stored).toHaveLength(PEAKS);
    expect(stored.map((p) => p.number)).toEqual(peaks.map((p) => p.number));
  });
});
