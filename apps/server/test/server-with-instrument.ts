// Medium-test set-up shared by the suites that drive a simulated instrument: a test server, a signed-up user
// and a simulator linked in-process and owned by that user.
import { signUp, startTestServer, type Backend, type TestServer } from './harness.ts';
import { linkInstrument, type LinkedInstrument } from './sequences-fixtures.ts';

export interface ServerWithInstrument {
  server: TestServer;
  base: string;
  token: string;
  userId: number;
  instrument: LinkedInstrument;
}

export interface ServerWithInstrumentOptions {
  /** The server's environment (e.g. ELUENT_SIM_SPEED). */
  env?: Record<string, string>;
  /** How many times faster than real time the simulator runs. */
  speed?: number;
}

/** Starts a server, signs up a user and links an idle simulator for them (the server is disposed on failure). */
export async function startServerWithInstrument(
  backend: Backend,
  options: ServerWithInstrumentOptions = {},
): Promise<ServerWithInstrument> {
  const server = await startTestServer(options.env ? { backend, env: options.env } : { backend });
  try {
    const user = await signUp(server.baseUrl);
    const instrument = await linkInstrument(server, user.id, options.speed);
    return { server, base: server.baseUrl, token: user.access, userId: user.id, instrument };
  } catch (error) {
    await server.dispose();
    throw error;
  }
}

/** Stops the simulator and disposes of the server; either may be missing when the set-up failed. */
export async function stopServerWithInstrument(
  server: TestServer | undefined,
  instrument: LinkedInstrument | undefined,
): Promise<void> {
  await instrument?.client.stop();
  await server?.dispose();
}
