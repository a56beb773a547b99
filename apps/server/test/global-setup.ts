// Migrates once per test run instead of once per suite: a PGlite data folder and, when PostgreSQL answers, a
// template database, both at the latest migration. Suites copy the folder (harness `newDataDir`) or create
// their database from the template (`createThrowAwayDatabase`), so each still owns a database of its own.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../src/db/database.ts';
import { adminUrl, probePostgres, TEMPLATE_ENV } from './databases.ts';
import { redisReachable } from './redis-probe.ts';

async function migrated(databaseUrl: string | undefined, dataDir: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  const root = mkdtempSync(join(tmpdir(), 'eluent-template-'));
  const cleanups: (() => Promise<void>)[] = [async () => rmSync(root, { recursive: true, force: true })];
  // Under CI both throw, naming what is missing, when PostgreSQL or Redis does not answer: the run fails
  // before any suite could skip for want of them.
  const postgres = await probePostgres();
  await redisReachable();
  const templateName = `eluent_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const pgliteReady = migrated(undefined, root);
  const postgresReady = postgres
    ? (async () => {
        await adminQuery(`create database ${templateName}`);
        cleanups.push(() => adminQuery(`drop database if exists ${templateName} with (force)`));
        const url = new URL(adminUrl());
        url.pathname = `/${templateName}`;
        await migrated(url.toString(), root);
      })()
    : Promise.resolve();
  try {
    await Promise.all([pgliteReady, postgresReady]);
  } catch (error) {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    throw error;
  }
  process.env[TEMPLATE_ENV.pglite] = join(root, 'pgdata');
  if (postgres) process.env[TEMPLATE_ENV.postgres] = templateName;
  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
