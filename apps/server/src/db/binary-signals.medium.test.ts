// Migration 0021: chunks stored as float8[] become little-endian doubles, every value kept exactly, and the
// repositories read them back as typed arrays.
import { rmSync } from 'node:fs';
import { Migrator, sql, type MigrationProvider } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createThrowAwayDatabase, newDataDir } from '../../test/databases.ts';
import { createMeasurementChunksRepository } from '../repositories/measurement-chunks.ts';
import { createResultsRepository } from '../repositories/results.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './database.ts';
import { migrations } from './migrations/index.ts';

const before: MigrationProvider = {
  getMigrations: () =>
    Promise.resolve(Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0021'))),
};

// Values a text round trip could bend: tiny, huge, negative zero's neighbours, long fractions.
const timeSec = [0, 0.1, 0.2, 0.30000000000000004, 1e-300, 123456.789012345];
const signal = [-0.1, 1.7976931348623157e308, 5e-324, 3.141592653589793, -2.5e10, 0];

for (const backend of await backends('both')) {
  describe(`migration 0021 on ${backend.name}`, () => {
    let handle: DatabaseHandle;
    let drop: (() => Promise<void>) | undefined;
    let dataDir: string;
    let measurementId: number;
    let signedId: number;

    beforeAll(async () => {
      let databaseUrl: string | undefined;
      if (backend.name === 'postgres')
        ({ url: databaseUrl, drop } = await createThrowAwayDatabase({ migrated: false }));
      dataDir = newDataDir({ pglite: false });
      handle = await openDatabase({ databaseUrl, dataDir });
      const { error } = await new Migrator({
        db: handle.db,
        provider: before,
        allowUnorderedMigrations: true,
      }).migrateToLatest();
      if (error) throw error as Error;
      const db = handle.db;
      const { rows: users } = await sql<{
        id: number;
      }>`insert into users (email) values ('old@example.com') returning id`.execute(db);
      const { rows: workspaces } = await sql<{
        id: number;
      }>`insert into workspaces (name) values ('Lab') returning id`.execute(db);
      const { rows: measurements } = await sql<{ id: number }>`
        insert into measurements (owner_id, workspace_id, name, state, points_count)
        values (${users[0]!.id}, ${workspaces[0]!.id}, 'Old', 'complete', 9) returning id`.execute(db);
      measurementId = measurements[0]!.id;
      await sql`
        insert into measurement_chunks (measurement_id, chunk_index, time_sec, signal, pressure_bar) values
          (${measurementId}, 1, ${sql.raw(`array[${timeSec.slice(3).join(',')}]::float8[]`)}, ${sql.raw(`array[${signal.slice(3).join(',')}]::float8[]`)}, null),
          (${measurementId}, 0, ${sql.raw(`array[${timeSec.slice(0, 3).join(',')}]::float8[]`)}, ${sql.raw(`array[${signal.slice(0, 3).join(',')}]::float8[]`)}, array[100, 101, 102]::float8[])`.execute(
        db,
      );
      // A signed measurement's chunks are locked (0020): the conversion must still keep every value.
      const { rows: signed } = await sql<{ id: number }>`
        insert into measurements (owner_id, workspace_id, name, state, points_count)
        values (${users[0]!.id}, ${workspaces[0]!.id}, 'Signed', 'complete', 3) returning id`.execute(db);
      signedId = signed[0]!.id;
      await sql`
        insert into measurement_chunks (measurement_id, chunk_index, time_sec, signal, pressure_bar)
        values (${signedId}, 0, array[0, 0.1, 0.2]::float8[], array[1, 2, 3]::float8[], null)`.execute(db);
      await sql`
        insert into result_signatures (workspace_id, subject_kind, subject_id, signer_id, signer_name,
          signer_email, meaning, state_before, state_after, content_sha256)
        values (${workspaces[0]!.id}, 'measurement', ${signedId}, ${users[0]!.id}, 'Old', 'old@example.com',
          'authored', 'processed', 'signed', 'x')`.execute(db);
      await migrateToLatest(db);
    });

    afterAll(async () => {
      await handle?.close();
      await drop?.();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('converts a signed measurement and keeps its chunks locked afterwards', async () => {
      const stored = await createResultsRepository(handle.db).signal(signedId);
      expect(Array.from(stored.signal)).toEqual([1, 2, 3]);
      await expect(
        sql`delete from measurement_chunks where measurement_id = ${signedId}`.execute(handle.db),
      ).rejects.toThrow();
      expect((await createResultsRepository(handle.db).signal(signedId)).signal).toHaveLength(3);
    });

    it('keeps every stored double exactly, in chunk order', async () => {
      const stored = await createResultsRepository(handle.db).signal(measurementId);
      expect(stored.timeSec).toBeInstanceOf(Float64Array);
      expect(Array.from(stored.timeSec)).toEqual(timeSec);
      expect(Array.from(stored.signal)).toEqual(signal);
      const chunks = await createMeasurementChunksRepository(handle.db).readSignal(measurementId);
      expect(chunks.chunkIndexes).toEqual([0, 1]);
      expect(Array.from(chunks.pressureBar)).toEqual([100, 101, 102]);
    });

    it('stores bytes with each chunk’s point count and time span', async () => {
      const rows = await handle.db
        .selectFrom('measurement_chunks')
        .select([
          'chunk_index',
          'points',
          'first_time_sec',
          'last_time_sec',
          sql<number>`length(signal)`.as('bytes'),
        ])
        .where('measurement_id', '=', measurementId)
        .orderBy('chunk_index')
        .execute();
      expect(rows).toEqual([
        { chunk_index: 0, points: 3, first_time_sec: 0, last_time_sec: 0.2, bytes: 24 },
        {
          chunk_index: 1,
          points: 3,
          first_time_sec: 0.30000000000000004,
          last_time_sec: 123456.789012345,
          bytes: 24,
        },
      ]);
      const chunks = createMeasurementChunksRepository(handle.db);
      expect(await chunks.storedChunks(measurementId, 2)).toEqual({ chunks: 2, points: 6 });
      expect(await chunks.timeSpan(measurementId)).toEqual({
        durationSec: 123456.789012345,
        samplingIntervalSec: 0.1,
      });
    });

    it('stores a re-sent chunk once', async () => {
      const chunks = createMeasurementChunksRepository(handle.db);
      const chunk = { measurementId, chunkIndex: 2, timeSec: [200000], signal: [1], pressureBar: null };
      expect(await chunks.insertChunk(chunk)).toBe(true);
      expect(await chunks.insertChunk({ ...chunk, signal: [2] })).toBe(false);
      const stored = await chunks.readSignal(measurementId);
      expect(Array.from(stored.signal)).toEqual([...signal, 1]);
    });
  });
}
