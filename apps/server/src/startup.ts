// Work done once after the database is ready and before the server listens.
import type { AppContext } from './context.ts';
import { resetDeviceStates, startDemoInstruments } from './services/devices/in-process.ts';
import { ensureExampleMethods } from './services/example-methods.ts';

export const DEMO_EMAIL = 'demo@eluent.dev';
export const DEMO_PASSWORD = 'eluent-demo';

export type StartupStep = (context: AppContext) => Promise<void>;

/** Steps other modules append (demo instruments, example methods), run in order. */
export const startupSteps: StartupStep[] = [
  async (context) => {
    if (!context.config.demo) return;
    const user = await context.accounts.ensureUser(DEMO_EMAIL, DEMO_PASSWORD);
    context.logger.info({ userId: user.id }, `demo account ready: ${DEMO_EMAIL}`);
  },
  async (context) => {
    await resetDeviceStates(context);
    if (!context.config.demo || context.config.simulators === 0) return;
    const user = await context.accounts.ensureUser(DEMO_EMAIL, DEMO_PASSWORD);
    await startDemoInstruments(context, user.id);
  },
  ensureExampleMethods,
];

export async function startup(context: AppContext): Promise<void> {
  for (const step of startupSteps) await step(context);
}
