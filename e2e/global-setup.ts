// Migrates one PGlite data folder for the whole run (the built CLI's `migrate`); every worker's server and
// every test that starts its own server begins on a copy of it instead of creating and migrating its own.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, TEMPLATE_ENV } from './server.ts';

export default function globalSetup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'eluent-e2e-template-'));
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const result = spawnSync(process.execPath, ['apps/server/dist/cli.js', 'migrate'], {
    cwd: ROOT,
    env: { ...inherited, ELUENT_DATA_DIR: dir, ELUENT_LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`migrating the template database failed:\n${result.stdout}${result.stderr}`);
  }
  process.env[TEMPLATE_ENV] = join(dir, 'pgdata');
  return () => rmSync(dir, { recursive: true, force: true });
}
