// The composition root: every repository, service, broker and background worker of one server is built
// here, once, and handed down. Transports receive `Services` only; connections to other processes (Redis:
// realtime broker, device cluster) and background work (sequence recovery, processing jobs) start with
// `start()` once the server is ready and stop with `close()`.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { migrateWhenReachable, openDatabase, type DatabaseHandle } from './db/database.ts';
import { createContactRepository } from './repositories/contact.ts';
import { createDeviceRunsRepository } from './repositories/device-runs.ts';
import { createDevicesRepository, type DevicesRepository } from './repositories/devices.ts';
import { createHealthRepository } from './repositories/health.ts';
import { createMeasurementChunksRepository } from './repositories/measurement-chunks.ts';
import { createProcessingJobsRepository } from './repositories/processing-jobs.ts';
import { createImportJobsRepository } from './repositories/import-jobs.ts';
import { createRealtimeAccessRepository } from './repositories/realtime-access.ts';
import { COPY_BYTES, createResultsRepository } from './repositories/results.ts';
import { createSamplesRepository } from './repositories/samples.ts';
import { createRunsRepository } from './repositories/sequences-runs.ts';
import { createSequencesRepository } from './repositories/sequences.ts';
import { createShareTokensRepository } from './repositories/share-tokens.ts';
import { createSignaturesRepository } from './repositories/signatures.ts';
import { createTokensRepository } from './repositories/tokens.ts';
import { createUsersRepository } from './repositories/users.ts';
import { createTemplateComponentsRepository } from './repositories/template-components.ts';
import { createWorkspacesRepository, type WorkspacesRepository } from './repositories/workspaces.ts';
import { createInvitationsRepository } from './repositories/invitations.ts';
import { createPasswordHasher, defaultPasswordThreads, type PasswordHasher } from './lib/passwords.ts';
import { createMemoryCounters, createRedisCounters } from './repositories/counters.ts';
import { createRedisClients, disconnectRedisClients, type RedisClients } from './redis-clients.ts';
import { createAccountsService, type AccountsService } from './services/accounts.ts';
import { createAuditTrailService } from './services/audit/audit-trail.ts';
import { createAuditCheckpoints, type AuditCheckpoints } from './services/audit/checkpoints.ts';
import { createAttemptThrottle, type AttemptThrottle } from './services/attempt-throttle.ts';
import { createContactService } from './services/contact.ts';
import { createDevicesApi } from './services/devices/api.ts';
import { connectDeviceCluster, createDeviceService, type DeviceService } from './services/devices/index.ts';
import { createGraphqlService } from './services/graphql/execute.ts';
import { createHealthService } from './services/health.ts';
import { createMailer, createMailQueue, type Mailer, type MailQueue } from './services/mail.ts';
import { createRealtimeAuthorization } from './services/realtime/authorizers.ts';
import { createFilesService, type FilesService } from './services/results/files.ts';
import { createImportJobsService } from './services/results/import-jobs.ts';
import {
  createSignalWorkers,
  defaultSignalThreads,
  type SignalWorkers,
} from './services/results/signal-workers.ts';
import { createManualIntegrationService } from './services/results/manual-integration.ts';
import { createReportsService } from './services/results/reports.ts';
import { createReprocessingService } from './services/results/reprocessing.ts';
import { createResultVersionsService } from './services/results/result-versions.ts';
import { createResultsService, type ResultsService } from './services/results/results.ts';
import { createTemplateComponentsService } from './services/results/template-components.ts';
import { createRecordVersionsService } from './services/versions/record-versions.ts';
import { createRecordVersionsRepository } from './repositories/record-versions.ts';
import { createSamplesService } from './services/samples/samples.ts';
import { devicePort } from './services/sequences/device-port.ts';
import type { InstrumentPort } from './services/sequences/instrument-port.ts';
import { createSequenceRunner, type SequenceRunner } from './services/sequences/runner.ts';
import { createSequenceControl } from './services/sequences/sequences-control.ts';
import { createSequencesService } from './services/sequences/sequences.ts';
import { createShareAccess } from './services/sharing/share-access.ts';
import { createSignaturesService, type SignaturesService } from './services/signatures/signatures.ts';
import { createShareLinksService } from './services/sharing/share-links.ts';
import { createOverlaysService } from './services/overlays/overlays.ts';
import { createOverlaysRepository } from './repositories/overlays.ts';
import { createShareTokenService } from './services/sharing/share-tokens.ts';
import type { Services } from './services/index.ts';
import { createWorkspacesService } from './services/workspaces/workspaces.ts';
import { createInvitationsService, type InvitationsService } from './services/workspaces/invitations.ts';
import {
  createRecordSigner,
  createSessionTokens,
  createTokenSigner,
  type SessionTokenService,
  type TokenSigner,
} from './services/tokens.ts';
import { createRealtimeHub, type RealtimeHub } from './transports/realtime/hub.ts';
import { disconnects } from './transports/realtime/protocol.ts';

/** What one server holds: infrastructure for the entry points, and the services the transports receive. */
export interface Composition {
  config: Config;
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  mailer: Mailer;
  /** Mail sent after the answer (sign-up, recovery); `idle()` waits for it. */
  mailQueue: MailQueue;
  signer: TokenSigner;
  /** Argon2id at OWASP's cost, for passwords and pairing codes. */
  passwords: PasswordHasher;
  sessions: SessionTokenService;
  accounts: AccountsService;
  /** Instrument claims and device-link handshakes: per serial number and address, with lockout. */
  deviceThrottle: AttemptThrottle;
  /** Live updates to browsers: `realtime.publish('devices:1', event)`. */
  realtime: RealtimeHub;
  /** The audit chain's signed checkpoints (docs/audit.md "Checkpoints"). */
  checkpoints: AuditCheckpoints;
  /** Every Redis client of the process (with REDIS_URL), built here unconnected; the HTTP rate limits use one. */
  redis: RedisClients | undefined;
  /** Repositories the start-up steps use (demo data); transports never see them. */
  repositories: { devices: DevicesRepository };
  /** Everything a transport may call. */
  services: Services;
  /**
   * Connects to the other processes (Redis) and starts the background work once the server is ready:
   * sequence recovery, then processing jobs.
   */
  start(): Promise<void>;
  /** Shutdown steps, run in reverse order of registration after the HTTP server stops accepting. */
  onClose(step: () => Promise<void>): void;
  close(): Promise<void>;
}

interface Infrastructure {
  config: Config;
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  signer: TokenSigner;
  passwords: PasswordHasher;
  deviceThrottle: AttemptThrottle;
  signingThrottle: AttemptThrottle;
  sessions: SessionTokenService;
  mailer: Mailer;
  mailQueue: MailQueue;
  accounts: AccountsService;
  realtime: RealtimeHub;
  devices: DeviceService;
  invitations: InvitationsService;
  workspacesRepository: WorkspacesRepository;
  signalWorkers: SignalWorkers;
  checkpoints: AuditCheckpoints;
}

/** The database (migrated), the token signer and sessions, password hashing, mail and the Redis clients. */
async function openFoundation(config: Config, logger: FastifyBaseLogger) {
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
  const tokens = createTokensRepository(db);
  const sessions = createSessionTokens(
    signer,
    { accessSec: config.accessTokenLifetimeSec, refreshSec: config.refreshTokenLifetimeSec },
    {
      current: (userId) => users.tokenVersion(userId),
      standing: (userId, sid) => tokens.standing(userId, sid),
    },
  );
  // Threads start on the first hash and end with close().
  const passwords = createPasswordHasher({
    threads: config.passwordHashThreads ?? defaultPasswordThreads(),
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: config.outboxDir,
    log: (text) => logger.info(text),
  });
  const mailQueue = createMailQueue({
    log: (text, error) => (error ? logger.warn({ err: error }, text) : logger.info(text)),
  });
  const redis = config.redisUrl ? createRedisClients(config.redisUrl, logger) : undefined;
  return { database, signer, users, tokens, sessions, passwords, mailer, mailQueue, redis };
}

type Foundation = Awaited<ReturnType<typeof openFoundation>>;

/**
 * Accounts and invitations: a new account is mailed the verification link of the invitations service, and
 * an ended session ends its live connections on every process.
 */
function buildAccounts(
  config: Config,
  logger: FastifyBaseLogger,
  { database, users, tokens, sessions, mailer, mailQueue, passwords }: Foundation,
  realtime: RealtimeHub,
) {
  const { db } = database;
  const workspacesRepository = createWorkspacesRepository(db);
  const invitations = createInvitationsService({
    db,
    invitations: createInvitationsRepository(db),
    workspaces: workspacesRepository,
    users,
    mailer,
  });
  const accounts = createAccountsService({
    users,
    tokens,
    sessions,
    mailer,
    mailQueue,
    passwords,
    googleClientId: config.googleClientId,
    googleJwksUrl: config.googleJwksUrl,
    // Centrifugo ends a connection whose token was revoked with 3500 "invalid token" (no reconnect).
    endLiveSessions: (userId, sessionId) =>
      (sessionId === undefined
        ? realtime.disconnectUser(userId, disconnects.invalidToken)
        : realtime.disconnectSession(userId, sessionId, disconnects.invalidToken)
      ).catch((error: unknown) => {
        // The connection is refused at its next refresh or subscription anyway.
        logger.warn({ err: error, userId }, 'ending live sessions on other processes failed');
      }),
    // The account is made either way; a mail that could not go out is sent again from the account page.
    sendVerification: (userId, origin) =>
      invitations
        .sendVerification(userId, origin)
        .catch((error: unknown) => logger.warn({ err: error, userId }, 'verification mail not sent')),
  });
  return { accounts, invitations, workspacesRepository };
}

/** The attempt throttles of instrument claims and handshakes, and of signing passwords. */
function buildThrottles(config: Config, logger: FastifyBaseLogger, redis: RedisClients | undefined) {
  // Shared by every process through Redis when there is one, so N processes do not allow N times as much.
  const counters = redis
    ? createRedisCounters({ redis: redis.counters, prefix: config.realtime.redisPrefix })
    : createMemoryCounters();
  const deviceThrottle = createAttemptThrottle({
    store: counters,
    logger,
    perMinute: config.authRateLimitPerMinute * 3,
    maxFailures: config.lockoutFailures,
  });
  // Passwords typed again to sign: failures per account, locked out like repeated failed claims.
  const signingThrottle = createAttemptThrottle({
    store: counters,
    logger,
    perMinute: config.authRateLimitPerMinute,
    maxFailures: config.lockoutFailures,
  });
  return { counters, deviceThrottle, signingThrottle };
}

/** Who reads which channel (docs/roles.md); visitors through their share token. */
function registerChannelAuthorizers(realtime: RealtimeHub, authorization: Services['realtimeAuthorization']) {
  realtime.registerChannelAuthorizer('devices', authorization.devices);
  realtime.registerChannelAuthorizer('sequences', authorization.sequences);
  realtime.registerVisitorResolver(authorization.visitorResolver, authorization.visitorActive);
  realtime.registerChannelAuthorizer('measurements', authorization.measurements);
}

/** Starting the connections to other processes and the background work, and the shutdown steps. */
function lifecycleOf(
  parts: {
    config: Config;
    logger: FastifyBaseLogger;
    realtime: RealtimeHub;
    devices: DeviceService;
    redis: RedisClients | undefined;
    runner: SequenceRunner;
    services: Services;
    checkpoints: AuditCheckpoints;
  },
  closeSteps: Array<() => Promise<void>>,
): Pick<Composition, 'start' | 'onClose' | 'close'> {
  const { config, logger, realtime, devices, redis, runner, services, checkpoints } = parts;
  return {
    async start() {
      // Connections to other processes open here, not while the graph is built (compose() has no such
      // side effects): the realtime broker's control channel, then the device cluster (with REDIS_URL).
      await realtime.start();
      const cluster = await connectDeviceCluster(
        devices,
        redis && {
          publisher: redis.clusterPublisher,
          subscriber: redis.clusterSubscriber,
          prefix: config.realtime.redisPrefix,
        },
        logger,
      );
      if (cluster) closeSteps.push(() => cluster.close());
      await runner.recover();
      runner.startReconciler(config.reconcileIntervalSec * 1000);
      services.importJobs.startReconciler(config.reconcileIntervalSec * 1000);
      await services.reprocessing.recover();
      await checkpoints.start();
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

export async function compose(config: Config, logger: FastifyBaseLogger): Promise<Composition> {
  const foundation = await openFoundation(config, logger);
  const { database, signer, sessions, passwords, mailer, mailQueue, redis } = foundation;
  const { db } = database;
  const realtime = await createRealtimeHub({
    config,
    signer,
    sessions,
    logger,
    redis: redis && { commands: redis.realtimeCommands, subscriber: redis.realtimeSubscriber },
  });
  const { accounts, invitations, workspacesRepository } = buildAccounts(config, logger, foundation, realtime);
  const { counters, deviceThrottle, signingThrottle } = buildThrottles(config, logger, redis);
  // Threads start on the first task (none while the graph is built) and end with close().
  const signalWorkers = createSignalWorkers({ threads: config.workerThreads ?? defaultSignalThreads() });
  // The audit chain's head, signed, in a file the lab keeps: at start, at intervals, at shutdown.
  const checkpoints = createAuditCheckpoints({
    db,
    signer: createRecordSigner(config.secret, 'eluent-audit-checkpoint'),
    file: config.auditCheckpoints.file,
    intervalSec: config.auditCheckpoints.intervalSec,
    logger,
  });
  const closeSteps: Array<() => Promise<void>> = [
    () => database.close(),
    // Their users close them first; a client whose user never started holds no connection to end.
    async () => {
      if (redis) disconnectRedisClients(redis);
    },
    () => realtime.close(),
    () => counters.close(),
    () => signalWorkers.close(),
    () => passwords.close(),
    // After the work that writes events has stopped (steps run in reverse), before the database closes.
    async () => {
      await checkpoints.close();
    },
    // Queued mail goes out (or is given up) before the database closes: its jobs read and write it.
    () => mailQueue.close(),
  ];

  const devicesRepository = createDevicesRepository(db);
  const devices = createDeviceService({
    logger,
    devices: devicesRepository,
    chunks: createMeasurementChunksRepository(db),
    availability: database.availability,
    claims: database.claims,
    realtime,
    passwords,
    throttle: deviceThrottle,
  });

  const infrastructure = {
    config,
    database,
    logger,
    signer,
    passwords,
    sessions,
    mailer,
    mailQueue,
    accounts,
    deviceThrottle,
    signingThrottle,
    realtime,
    devices,
    invitations,
    workspacesRepository,
    signalWorkers,
    checkpoints,
  };
  const { services, runner } = buildServices(infrastructure);
  closeSteps.push(() => services.graphql.close());
  closeSteps.push(() => services.reprocessing.close());
  closeSteps.push(() => services.importJobs.close());
  closeSteps.push(async () => runner.close());
  registerChannelAuthorizers(realtime, services.realtimeAuthorization);

  return {
    ...infrastructure,
    redis,
    repositories: { devices: devicesRepository },
    services,
    ...lifecycleOf({ config, logger, realtime, devices, redis, runner, services, checkpoints }, closeSteps),
  };
}

/** The repositories the services share, each built once. */
function buildRepositories(database: DatabaseHandle) {
  const { db } = database;
  return {
    samples: createSamplesRepository(db),
    sequences: createSequencesRepository(db),
    runs: createRunsRepository(db),
    // The embedded database runs a COPY on the event loop: shorter ones keep health and requests answering.
    results: createResultsRepository(db, database.kind === 'pglite' ? COPY_BYTES / 4 : COPY_BYTES),
    signatures: createSignaturesRepository(db),
    shareTokens: createShareTokensRepository(db),
    overlays: createOverlaysRepository(db),
    recordVersions: createRecordVersionsRepository(db),
  };
}

type Repositories = ReturnType<typeof buildRepositories>;

/**
 * Review and signatures, announcing review changes on the subject's channel, and `resultsChanged`: a
 * measurement's current result changed, so its review and its sequence's may have (docs/signatures.md).
 */
function buildSignatures(infrastructure: Infrastructure, repositories: Repositories) {
  const { database, logger, realtime } = infrastructure;
  const signatures = createSignaturesService({
    signatures: repositories.signatures,
    results: repositories.results,
    users: createUsersRepository(database.db),
    passwords: infrastructure.passwords,
    throttle: infrastructure.signingThrottle,
    publish: (event) => {
      // Open pages read the review again; a lost announcement leaves them as a reload finds them.
      const channel =
        event.subject.kind === 'sequence'
          ? (`sequences:${event.subject.id}` as const)
          : (`measurements:${event.subject.id}` as const);
      realtime
        .publish(channel, event)
        .catch((error: unknown) => logger.warn({ err: error }, 'review publish failed'));
    },
  });
  const resultsChanged = (measurementId: number) => {
    signatures
      .resultsChanged(measurementId)
      .catch((error: unknown) => logger.warn({ err: error, measurementId }, 'review announcement failed'));
  };
  return { signatures, resultsChanged };
}

/** The sequence runner: it drives running sequences on their instruments and publishes their progress. */
function buildRunner(
  infrastructure: Infrastructure,
  repositories: Repositories,
  steps: { results: ResultsService; port: InstrumentPort; resultsChanged: (measurementId: number) => void },
) {
  const { config, database, logger, realtime } = infrastructure;
  return createSequenceRunner({
    sequences: repositories.sequences,
    samples: repositories.samples,
    runs: repositories.runs,
    results: steps.results,
    port: steps.port,
    logger,
    changed: steps.resultsChanged,
    availability: database.availability,
    claims: database.claims,
    lostAfterMs: config.instrumentLostSec * 1000,
    readyWaitMs: config.instrumentReadyWaitSec * 1000,
    deliveryGraceMs: config.runDeliveryGraceSec * 1000,
    publish: (event) => {
      // Progress is also in the database; a lost publication is replaced by the next one.
      realtime
        .publish(`sequences:${event.sequence_id}`, event)
        .catch((error: unknown) => logger.warn({ err: error }, 'sequence progress publish failed'));
    },
  });
}

/** The services of stored results: reprocessing and import jobs, versions, components, manual integration, reports. */
function buildResultServices(
  infrastructure: Infrastructure,
  repositories: Repositories,
  built: {
    results: ResultsService;
    files: FilesService;
    signatures: SignaturesService;
    resultsChanged: (measurementId: number) => void;
  },
) {
  const { database, logger, realtime } = infrastructure;
  const { db, availability, claims } = database;
  const { results, files, signatures, resultsChanged } = built;
  return {
    reprocessing: createReprocessingService({
      jobs: createProcessingJobsRepository(db),
      runs: repositories.runs,
      sequences: repositories.sequences,
      processing: results,
      logger,
      availability,
      claims,
      changed: resultsChanged,
      publish: (ownerId, event) => {
        // The job row holds the progress; a lost publication is replaced by the next one.
        realtime
          .publish(`users:${ownerId}`, event)
          .catch((error: unknown) => logger.warn({ err: error }, 'job progress publish failed'));
      },
    }),
    versions: createResultVersionsService({
      results: repositories.results,
      signatures: repositories.signatures,
      runs: repositories.runs,
      processing: results,
      changed: resultsChanged,
    }),
    recordVersions: createRecordVersionsService({
      versions: repositories.recordVersions,
      methods: repositories.samples,
      templates: createTemplateComponentsRepository(db),
    }),
    components: createTemplateComponentsService({
      templates: createTemplateComponentsRepository(db),
      results: repositories.results,
      runs: repositories.runs,
      processing: results,
    }),
    integration: createManualIntegrationService({
      results: repositories.results,
      processing: results,
      changed: resultsChanged,
    }),
    importJobs: createImportJobsService({
      jobs: createImportJobsRepository(db),
      files,
      claims,
      logger,
      publish: (ownerId, event) => {
        // The job row holds the phase; a lost progress publication is replaced by the next one.
        realtime
          .publish(`users:${ownerId}`, event)
          .catch((error: unknown) => logger.warn({ err: error }, 'import progress publish failed'));
      },
    }),
    reports: createReportsService({
      db,
      sequences: repositories.sequences,
      samples: repositories.samples,
      runs: repositories.runs,
      results: repositories.results,
      review: (workspaceId, kind, id) => signatures.reviewFor(workspaceId, kind, id),
      users: createUsersRepository(db),
      checkpoint: () => infrastructure.checkpoints.latest(),
    }),
  };
}

function buildServices(infrastructure: Infrastructure) {
  const { config, database, logger, signer, sessions, mailer, accounts, devices, invitations } =
    infrastructure;
  const { db, availability } = database;
  const repositories = buildRepositories(database);
  const { samples: samplesRepository, sequences: sequencesRepository, runs } = repositories;
  const port = devicePort(devices);
  const { signatures, resultsChanged } = buildSignatures(infrastructure, repositories);
  const results = createResultsService({
    results: repositories.results,
    runs,
    samples: samplesRepository,
    sequences: sequencesRepository,
    work: infrastructure.signalWorkers,
  });
  const files = createFilesService({
    results: repositories.results,
    runs,
    sequences: sequencesRepository,
    processing: results,
    work: infrastructure.signalWorkers,
    maxImportPoints: config.importMaxPoints,
    maxImportBytes: config.importMaxBytes,
  });
  const runner = buildRunner(infrastructure, repositories, { results, port, resultsChanged });
  const { shareTokens, overlays } = repositories;
  const services: Services = {
    settings: {
      sentryDsn: config.sentryDsn,
      trustProxyHops: config.trustProxyHops,
      authRateLimitPerMinute: config.authRateLimitPerMinute,
      publicUrl: config.publicUrl,
    },
    logger,
    signer,
    sessions,
    accounts,
    devices,
    devicesApi: createDevicesApi({
      db,
      service: devices,
      runs: createDeviceRunsRepository(db),
      methods: samplesRepository,
    }),
    health: createHealthService({ availability, repository: createHealthRepository(db) }),
    contact: createContactService({ contact: createContactRepository(db), mailer }),
    shareTokens: createShareTokenService({ shareTokens, signer }),
    graphql: createGraphqlService({
      db,
      kind: database.kind,
      databaseUrl: config.databaseUrl,
      log: (error) => logger.error({ err: error }, 'graphql request failed'),
      tokenStands: ({ userId, version, sid }) => sessions.stillStands(userId, version, sid),
    }),
    workspaces: createWorkspacesService({
      db,
      workspaces: infrastructure.workspacesRepository,
      endSessions: (userId) => accounts.endEverySession(userId),
    }),
    invitations,
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
    ...buildResultServices(infrastructure, repositories, { results, files, signatures, resultsChanged }),
    signatures,
    shareLinks: createShareLinksService(shareTokens, db),
    shareAccess: createShareAccess({ shareTokens, runs, overlays }),
    overlays: createOverlaysService({ db, overlays, shareTokens }),
    files,
    audit: createAuditTrailService({ db, checkpoints: infrastructure.checkpoints }),
    realtimeAuthorization: createRealtimeAuthorization({
      access: createRealtimeAccessRepository(db),
      signer,
    }),
  };
  return { services, runner };
}
