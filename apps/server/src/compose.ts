// The composition root: every repository, service, broker and background worker of one server is built
// here, once, and handed down. Transports receive `Services` only; background work (sequence recovery,
// processing jobs) starts with `start()` once the server is ready and stops with `close()`.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { migrateWhenReachable, openDatabase, type DatabaseHandle } from './db/database.ts';
import { createContactRepository } from './repositories/contact.ts';
import { createDeviceRunsRepository } from './repositories/device-runs.ts';
import { createDevicesRepository, type DevicesRepository } from './repositories/devices.ts';
import { createHealthRepository } from './repositories/health.ts';
import { createMeasurementChunksRepository } from './repositories/measurement-chunks.ts';
import { createProcessingJobsRepository } from './repositories/processing-jobs.ts';
import { createRealtimeAccessRepository } from './repositories/realtime-access.ts';
import { createResultsRepository } from './repositories/results.ts';
import { createSamplesRepository } from './repositories/samples.ts';
import { createRunsRepository } from './repositories/sequences-runs.ts';
import { createSequencesRepository } from './repositories/sequences.ts';
import { createShareTokensRepository } from './repositories/share-tokens.ts';
import { createTokensRepository } from './repositories/tokens.ts';
import { createUsersRepository } from './repositories/users.ts';
import { createPasswordHasher, type PasswordHasher } from './lib/passwords.ts';
import { createMemoryCounters, createRedisCounters } from './repositories/counters.ts';
import { createAccountsService, type AccountsService } from './services/accounts.ts';
import { createAttemptThrottle, type AttemptThrottle } from './services/attempt-throttle.ts';
import { createContactService } from './services/contact.ts';
import { createDevicesApi } from './services/devices/api.ts';
import { connectDeviceCluster, createDeviceService, type DeviceService } from './services/devices/index.ts';
import { createGraphqlService } from './services/graphql/execute.ts';
import { createHealthService } from './services/health.ts';
import { createMailer, type Mailer } from './services/mail.ts';
import { createRealtimeAuthorization } from './services/realtime/authorizers.ts';
import { createFilesService } from './services/results/files.ts';
import { createManualIntegrationService } from './services/results/manual-integration.ts';
import { createReportsService } from './services/results/reports.ts';
import { createReprocessingService } from './services/results/reprocessing.ts';
import { createResultVersionsService } from './services/results/result-versions.ts';
import { createResultsService } from './services/results/results.ts';
import { createSamplesService } from './services/samples/samples.ts';
import { devicePort } from './services/sequences/device-port.ts';
import { createSequenceRunner } from './services/sequences/runner.ts';
import { createSequenceControl } from './services/sequences/sequences-control.ts';
import { createSequencesService } from './services/sequences/sequences.ts';
import { createShareAccess } from './services/sharing/share-access.ts';
import { createShareLinksService } from './services/sharing/share-links.ts';
import { createShareTokenService } from './services/sharing/share-tokens.ts';
import {
  createSessionTokens,
  createTokenSigner,
  type SessionTokenService,
  type TokenSigner,
} from './services/tokens.ts';
import { createRealtimeHub, type RealtimeHub } from './transports/realtime/hub.ts';

/** What one server holds: infrastructure for the entry points, and the services the transports receive. */
export interface Composition {
  config: Config;
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  mailer: Mailer;
  signer: TokenSigner;
  /** scrypt at the configured cost, for passwords and pairing codes. */
  passwords: PasswordHasher;
  sessions: SessionTokenService;
  accounts: AccountsService;
  /** Instrument claims and device-link handshakes: per serial number and address, with lockout. */
  deviceThrottle: AttemptThrottle;
  /** Live updates to browsers: `realtime.publish('devices:1', event)`. */
  realtime: RealtimeHub;
  /** Repositories the start-up steps use (demo data); transports never see them. */
  repositories: { devices: DevicesRepository };
  /** Everything a transport may call. */
  services: Services;
  /** Starts the background work once the server is ready: sequence recovery, then processing jobs. */
  start(): Promise<void>;
  /** Shutdown steps, run in reverse order of registration after the HTTP server stops accepting. */
  onClose(step: () => Promise<void>): void;
  close(): Promise<void>;
}

export type Services = ReturnType<typeof buildServices>['services'];

interface Infrastructure {
  config: Config;
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  signer: TokenSigner;
  passwords: PasswordHasher;
  deviceThrottle: AttemptThrottle;
  sessions: SessionTokenService;
  mailer: Mailer;
  accounts: AccountsService;
  realtime: RealtimeHub;
  devices: DeviceService;
}

export async function compose(config: Config, logger: FastifyBaseLogger): Promise<Composition> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    logger,
  });
  const applied = await migrateWhenReachable(database.db, logger);
  if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
  const { db } = database;
  const signer = createTokenSigner(config.secret);
  const users = createUsersRepository(db);
  const sessions = createSessionTokens(
    signer,
    { accessSec: config.accessTokenLifetimeSec, refreshSec: config.refreshTokenLifetimeSec },
    { current: (userId) => users.tokenVersion(userId) },
  );
  const passwords = createPasswordHasher({ log2Cost: config.scryptLog2Cost });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: config.outboxDir,
    log: (text) => logger.info(text),
  });
  const accounts = createAccountsService({
    users,
    tokens: createTokensRepository(db),
    sessions,
    mailer,
    passwords,
    googleClientId: config.googleClientId,
    googleJwksUrl: config.googleJwksUrl,
  });
  const realtime = await createRealtimeHub({ config, signer, sessions, logger });
  // Shared by every process through Redis when there is one, so N processes do not allow N times as much.
  const counters = config.redisUrl
    ? createRedisCounters({ url: config.redisUrl, prefix: config.realtime.redisPrefix })
    : createMemoryCounters();
  const deviceThrottle = createAttemptThrottle({
    store: counters,
    logger,
    perMinute: config.authRateLimitPerMinute * 3,
    maxFailures: config.lockoutFailures,
  });
  const closeSteps: Array<() => Promise<void>> = [
    () => database.close(),
    () => realtime.close(),
    () => counters.close(),
  ];

  const devicesRepository = createDevicesRepository(db);
  const devices = createDeviceService({
    logger,
    devices: devicesRepository,
    chunks: createMeasurementChunksRepository(db),
    availability: database.availability,
    realtime,
    passwords,
    throttle: deviceThrottle,
  });
  // With REDIS_URL: joins the other server processes so commands reach devices connected elsewhere.
  const cluster = await connectDeviceCluster(devices, config, logger);
  if (cluster) closeSteps.push(() => cluster.close());

  const infrastructure = {
    config,
    database,
    logger,
    signer,
    passwords,
    sessions,
    mailer,
    accounts,
    deviceThrottle,
    realtime,
    devices,
  };
  const { services, runner } = buildServices(infrastructure);
  closeSteps.push(() => services.graphql.close());
  closeSteps.push(() => services.reprocessing.close());
  closeSteps.push(async () => runner.close());

  // Who reads which channel (the devices service registered `devices:`); visitors through their share token.
  const authorization = services.realtimeAuthorization;
  realtime.registerChannelAuthorizer('sequences', authorization.sequences);
  realtime.registerVisitorResolver(authorization.visitorResolver, authorization.visitorActive);
  realtime.registerChannelAuthorizer('measurements', authorization.measurements);

  return {
    ...infrastructure,
    repositories: { devices: devicesRepository },
    services,
    async start() {
      await runner.recover();
      await services.reprocessing.recover();
    },
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

function buildServices(infrastructure: Infrastructure) {
  const { config, database, logger, signer, sessions, mailer, accounts, realtime, devices } = infrastructure;
  const { db, availability, claims } = database;
  const samplesRepository = createSamplesRepository(db);
  const sequencesRepository = createSequencesRepository(db);
  const runs = createRunsRepository(db);
  const resultsRepository = createResultsRepository(db);
  const shareTokens = createShareTokensRepository(db);
  const port = devicePort(devices);
  const results = createResultsService({
    results: resultsRepository,
    runs,
    samples: samplesRepository,
    sequences: sequencesRepository,
  });
  const runner = createSequenceRunner({
    sequences: sequencesRepository,
    samples: samplesRepository,
    runs,
    results,
    port,
    logger,
    availability,
    claims,
    lostAfterMs: config.instrumentLostSec * 1000,
    publish: (event) => {
      // Progress is also in the database; a lost publication is replaced by the next one.
      realtime
        .publish(`sequences:${event.sequence_id}`, event)
        .catch((error: unknown) => logger.warn({ err: error }, 'sequence progress publish failed'));
    },
  });
  const services = {
    config,
    logger,
    signer,
    sessions,
    accounts,
    realtime,
    devices,
    devicesApi: createDevicesApi({ service: devices, runs: createDeviceRunsRepository(db) }),
    health: createHealthService({ availability, repository: createHealthRepository(db) }),
    contact: createContactService({ contact: createContactRepository(db), mailer }),
    shareTokens: createShareTokenService({ shareTokens, signer }),
    graphql: createGraphqlService({
      db,
      kind: database.kind,
      databaseUrl: config.databaseUrl,
      log: (error) => logger.error({ err: error }, 'graphql request failed'),
    }),
    samples: createSamplesService(samplesRepository),
    sequences: createSequencesService(sequencesRepository, samplesRepository, runs),
    control: createSequenceControl({
      sequences: sequencesRepository,
      samples: samplesRepository,
      runs,
      port,
      runner,
      logger,
    }),
    results,
    reprocessing: createReprocessingService({
      jobs: createProcessingJobsRepository(db),
      runs,
      sequences: sequencesRepository,
      processing: results,
      logger,
      availability,
      claims,
      publish: (ownerId, event) => {
        // The job row holds the progress; a lost publication is replaced by the next one.
        realtime
          .publish(`users:${ownerId}`, event)
          .catch((error: unknown) => logger.warn({ err: error }, 'job progress publish failed'));
      },
    }),
    versions: createResultVersionsService({ results: resultsRepository, runs, processing: results }),
    integration: createManualIntegrationService({ results: resultsRepository, processing: results }),
    shareLinks: createShareLinksService(shareTokens, db),
    shareAccess: createShareAccess({ shareTokens, runs }),
    files: createFilesService({
      results: resultsRepository,
      runs,
      sequences: sequencesRepository,
      processing: results,
    }),
    reports: createReportsService({
      db,
      sequences: sequencesRepository,
      samples: samplesRepository,
      runs,
      results: resultsRepository,
    }),
    realtimeAuthorization: createRealtimeAuthorization({
      access: createRealtimeAccessRepository(db),
      sequences: sequencesRepository,
      signer,
    }),
  };
  return { services, runner };
}
