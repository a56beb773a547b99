// Medium-test set-up for suites that use a database without a server: a database of the suite's own on the
// backend (a copy of the run's migrated PGlite folder, or a throw-away PostgreSQL database), opened.
import { rmSync } from 'node:fs';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { createThrowAwayDatabase, newDataDir, type Backend } from './databases.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the handle and removes the database and its folder. */
  close: () => Promise<void>;
}

export async function openTestDatabase(backend: Backend): Promise<TestDatabase> {
  let handle: DatabaseHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  const close = async () => {
    await handle?.close();
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    let databaseUrl: string | undefined;
    if (backend.name === 'postgres') ({ url: databaseUrl, drop } = await createThrowAwayDatabase());
    dataDir = newDataDir({ pglite: backend.name === 'pglite' });
    handle = await openDatabase({ databaseUrl, dataDir });
    return { handle, close };
  } catch (error) {
    await close();
    throw error;
  }
}
