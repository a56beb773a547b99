// Service tests on the embedded database: the composition root on a fresh PGlite in a temporary folder,
// services called directly, no HTTP server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { compose, type Composition } from '../src/compose.ts';
import { loadConfig } from '../src/config.ts';

export interface ComposedForTest extends Composition {
  /** Closes everything the composition built and removes its data folder. */
  dispose(): Promise<void>;
}

export async function composeEmbedded(env: Record<string, string> = {}): Promise<ComposedForTest> {
  const dataDir = mkdtempSync(join(tmpdir(), 'eluent-service-'));
  const config = loadConfig({ ELUENT_DATA_DIR: dataDir, ELUENT_LOG_LEVEL: 'silent', ...env });
  const logger = Fastify({ logger: { level: 'silent' } }).log;
  const composition = await compose(config, logger);
  return {
    ...composition,
    async dispose() {
      await composition.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** A fresh account; returns its id, the tokens of its first session and its actor (personal workspace). */
export async function signUp(composition: Composition, password = 'a long enough password') {
  counter += 1;
  const email = `user-${process.pid}-${counter}@example.org`;
  const account = await composition.accounts.createAccount({ email, password });
  return { ...account, password, actor: await composition.services.workspaces.actorOf(account.id) };
}
