// Medium-test set-up for CLI commands run in-process: a PGlite server's data with one signed-up user, the
// server stopped, and this process's environment pointed at that data folder (the commands read their
// configuration from the environment).
import { signUp, startTestServer, type TestServer } from './harness.ts';

export interface CommandServer {
  server: TestServer;
  user: Awaited<ReturnType<typeof signUp>>;
  /** Restores the environment and removes the data. */
  release: () => Promise<void>;
}

export async function prepareCommandServer(): Promise<CommandServer> {
  const saved = { ...process.env };
  const server = await startTestServer({ backend: { name: 'pglite' } });
  const release = async () => {
    process.env = saved;
    await server.dispose();
  };
  try {
    const user = await signUp(server.baseUrl);
    await server.stop();
    delete process.env.DATABASE_URL;
    process.env.ELUENT_DATA_DIR = server.dataDir;
    return { server, user, release };
  } catch (error) {
    await release();
    throw error;
  }
}
