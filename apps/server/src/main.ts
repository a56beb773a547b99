// Starts the server: configuration, database, demo data, listen, and a graceful stop on SIGTERM/SIGINT.
import { buildServer } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { startup } from './startup.ts';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const { app, context } = await buildServer(config);
  await startup(context);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Eluent listening on http://${config.host}:${port}`);
  if (!config.publicUrl && !['127.0.0.1', 'localhost', '::1'].includes(config.host))
    app.log.warn('ELUENT_PUBLIC_URL is not set: e-mailed and share links point at this machine only');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('graceful stop timed out');
      process.exit(1);
    }, 15_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
