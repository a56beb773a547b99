// Work done once after the database is ready and before the server listens.
import type { Composition } from './compose.ts';
import { startDemoInstruments } from './transports/device-link/in-process.ts';
import { ensureExampleMethods } from './services/example-methods.ts';

export const DEMO_EMAIL = 'demo@eluent.dev';
export const DEMO_PASSWORD = 'eluent-demo';

export type StartupStep = (composition: Composition) => Promise<void>;

/** Steps other modules append (demo instruments, example methods), run in order. */
export const startupSteps: StartupStep[] = [
  async ({ config, accounts, logger }) => {
    if (!config.demo) return;
    const user = await accounts.ensureUser(DEMO_EMAIL, DEMO_PASSWORD);
    logger.info({ userId: user.id }, `demo account ready: ${DEMO_EMAIL}`);
  },
  async (composition) => {
    const { config, accounts } = composition;
    // Nothing can be connected to a process that is only starting, unless processes share Redis.
    if (!config.redisUrl) await composition.repositories.devices.markAllOffline();
    if (!config.demo || config.simulators === 0) return;
    const user = await accounts.ensureUser(DEMO_EMAIL, DEMO_PASSWORD);
    await startDemoInstruments(
      { service: composition.services.devices, config, onClose: (step) => composition.onClose(step) },
      user.id,
    );
  },
  async ({ database, logger }) => ensureExampleMethods(database.db, logger),
];

export async function startup(composition: Composition): Promise<void> {
  for (const step of startupSteps) await step(composition);
}
