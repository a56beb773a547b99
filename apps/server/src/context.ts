// Everything a running server holds, built once at start and handed to transports and modules.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { migrateWhenReachable, openDatabase, type DatabaseHandle } from './db/database.ts';
import { createRealtimeHub, type RealtimeHub } from './transports/realtime/hub.ts';
import { createTokensRepository } from './repositories/tokens.ts';
import { createUsersRepository } from './repositories/users.ts';
import { createAccountsService, type AccountsService } from './services/accounts.ts';
import { createMailer, type Mailer } from './services/mail.ts';
import {
  createSessionTokens,
  createTokenSigner,
  type SessionTokenService,
  type TokenSigner,
} from './services/tokens.ts';

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  mailer: Mailer;
  signer: TokenSigner;
  sessions: SessionTokenService;
  accounts: AccountsService;
  /** Live updates to browsers: `realtime.publish('devices:1', event)`; modules register channel authorizers. */
  realtime: RealtimeHub;
  /** Shutdown steps, run in reverse order of registration after the HTTP server stops accepting. */
  onClose(step: () => Promise<void>): void;
  close(): Promise<void>;
}

export async function createContext(config: Config, logger: FastifyBaseLogger): Promise<AppContext> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    logger,
  });
  const applied = await migrateWhenReachable(database.db, logger);
  if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
  const signer = createTokenSigner(config.secret);
  const sessions = createSessionTokens(signer, {
    accessSec: config.accessTokenLifetimeSec,
    refreshSec: config.refreshTokenLifetimeSec,
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: config.outboxDir,
    log: (text) => logger.info(text),
  });
  const accounts = createAccountsService({
    users: createUsersRepository(database.db),
    tokens: createTokensRepository(database.db),
    sessions,
    mailer,
    googleClientId: config.googleClientId,
    googleJwksUrl: config.googleJwksUrl,
  });
  const realtime = await createRealtimeHub({ config, signer, sessions, logger });
  const closeSteps: Array<() => Promise<void>> = [() => database.close(), () => realtime.close()];
  return {
    config,
    database,
    logger,
    mailer,
    signer,
    sessions,
    accounts,
    realtime,
    onClose: (step) => closeSteps.push(step),
    async close() {
      for (const step of closeSteps.reverse()) {
        try {
          await step();
        } catch (error) {
          logger.error({ err: error }, 'shutdown step failed');
        }
      }
    },
  };
}
