// Medium-tier harness: a real server on a real database of its own — a copy of the run's migrated PGlite
// folder, or a PostgreSQL database created from the run's migrated template and dropped after the suite
// (databases.ts says which suites run on which).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createThrowAwayDatabase, newDataDir, type Backend } from './databases.ts';
import { buildServer, type Server } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { startup } from '../src/startup.ts';
import { maxTimeScale } from '../../../scripts/test-time.mjs';

export {
  backends,
  createThrowAwayDatabase,
  newDataDir,
  postgresReachable,
  type Backend,
} from './databases.ts';

export interface TestServer extends Server {
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Stops the server; keeps the data (for restart tests) unless `dispose` is called. */
  stop(): Promise<void>;
  /** Stops the server and removes its data folder and throw-away database. */
  dispose(): Promise<void>;
}

export interface TestServerOptions {
  backend: Backend;
  env?: Record<string, string>;
  /** Reuse the data of an earlier server (restart tests). */
  reuse?: { dataDir: string; databaseUrl: string | undefined };
}

export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const dataDir = options.reuse?.dataDir ?? newDataDir({ pglite: options.backend.name === 'pglite' });
  let databaseUrl = options.reuse?.databaseUrl;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (options.backend.name === 'postgres' && !databaseUrl) {
    const created = await createThrowAwayDatabase();
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    ELUENT_DATA_DIR: dataDir,
    ELUENT_LOG_LEVEL: 'silent',
    ELUENT_RATE_LIMIT: '1000',
    // Tokens signed up in a file's `beforeAll` serve all its tests: the access token lives its 5 minutes times
    // the largest factor a test's waits may take (as the browser tests' server), so tests that run long on a
    // busy machine do not leave the next ones holding an expired token. A test of expiry sets its own.
    ELUENT_ACCESS_TOKEN_LIFETIME_SEC: String(Math.round(300 * maxTimeScale())),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const server = await buildServer(config);
  await startup(server.context);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await server.app.close();
  };
  return {
    ...server,
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    databaseUrl,
    stop,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase?.();
    },
  };
}

/** JSON request helper: returns status, headers and parsed body. */
export async function request(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<{ status: number; headers: Headers; body: any; text: string }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined || options.raw !== undefined) headers['content-type'] ??= 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body, text };
}

/** Signs up a fresh user and returns its tokens. */
export async function signUp(
  baseUrl: string,
  email = `user-${randomBytes(4).toString('hex')}@example.com`,
  password = 'correct horse battery',
) {
  const response = await request(baseUrl, 'POST', '/api/accounts/', { body: { email, password } });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
  // Sign-up answers alike for every address (no tokens); the new account signs in next.
  const session = await request(baseUrl, 'POST', '/api/token/', { body: { username: email, password } });
  if (session.status !== 200)
    throw new Error(`sign-in after sign-up failed: ${session.status} ${session.text}`);
  const tokens = session.body as { access: string; refresh: string; expires_in: number };
  const me = await request(baseUrl, 'GET', '/api/accounts/me/', { token: tokens.access });
  return { email, password, id: (me.body as { id: number }).id, ...tokens };
}

/** The environment without DATABASE_URL, for a child process that must use the database a test names. */
export function withoutDatabaseUrl(environment: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _inherited, ...rest } = environment;
  return rest;
}
