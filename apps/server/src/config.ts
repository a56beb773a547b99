// Configuration is read once at start from the environment and refused with a clear message when invalid.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { resolve, join } from 'node:path';
import { z } from 'zod';
import { APP_VERSION } from './version.ts';

const booleanText = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const urlText = (protocols: string[]) =>
  z.url().refine((value) => protocols.some((protocol) => value.startsWith(`${protocol}:`)), {
    message: `must start with ${protocols.map((protocol) => `${protocol}://`).join(' or ')}`,
  });

// An origin only (scheme, host, port): links append their own paths.
const publicUrlText = urlText(['http', 'https']).refine(
  (value) => {
    const url = new URL(value);
    return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  },
  { message: 'must be an origin such as https://eluent.example.com (no path, query or credentials)' },
);

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  ELUENT_DATA_DIR: z.string().min(1).default('./.eluent'),
  DATABASE_URL: urlText(['postgres', 'postgresql']).optional(),
  REDIS_URL: urlText(['redis', 'rediss']).optional(),
  ELUENT_SIMULATORS: z.coerce.number().int().min(0).max(50).default(0),
  ELUENT_SIM_SPEED: z.coerce.number().positive().max(10_000).default(1),
  ELUENT_INSTRUMENT_LOST_SEC: z.coerce.number().int().min(1).max(86_400).default(60),
  ELUENT_INSTRUMENT_READY_WAIT_SEC: z.coerce.number().int().min(1).max(3600).default(30),
  ELUENT_RUN_DELIVERY_GRACE_SEC: z.coerce.number().int().min(1).max(600).default(5),
  ELUENT_RECONCILE_INTERVAL_SEC: z.coerce.number().min(0.2).max(3600).default(5),
  ELUENT_AUDIT_CHECKPOINT_FILE: z.string().min(1).optional(),
  ELUENT_AUDIT_CHECKPOINT_INTERVAL_SEC: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .default(3600),
  ELUENT_DEMO: booleanText.default(false),
  SMTP_URL: urlText(['smtp', 'smtps']).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  SENTRY_DSN: z.string().min(1).optional(),
  ELUENT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ELUENT_WEB_DIR: z.string().min(1).optional(),
  ELUENT_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ELUENT_ACCESS_TOKEN_LIFETIME_SEC: z.coerce.number().int().min(5).max(86_400).default(300),
  ELUENT_REFRESH_TOKEN_LIFETIME_SEC: z.coerce
    .number()
    .int()
    .min(60)
    .max(90 * 86_400)
    .default(86_400),
  ELUENT_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  ELUENT_REALTIME_PING_SEC: z.coerce.number().int().min(1).max(600).default(25),
  ELUENT_REALTIME_PONG_TIMEOUT_SEC: z.coerce.number().int().min(1).max(600).default(10),
  ELUENT_REALTIME_SUBSCRIPTION_TOKEN_LIFETIME_SEC: z.coerce.number().int().min(2).max(86_400).default(300),
  ELUENT_REALTIME_EXPIRY_GRACE_SEC: z.coerce.number().int().min(0).max(600).default(25),
  ELUENT_REALTIME_CLIENT_QUEUE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  ELUENT_LOCKOUT_FAILURES: z.coerce.number().int().min(1).max(10_000).default(10),
  ELUENT_TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  ELUENT_PUBLIC_URL: publicUrlText.optional(),
  ELUENT_IMPORT_MAX_POINTS: z.coerce.number().int().min(3).max(1_000_000_000).default(20_000_000),
  ELUENT_IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(512 * 1024 * 1024),
  ELUENT_WORKER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  ELUENT_PASSWORD_HASH_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  ELUENT_REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/)
    .default('eluent'),
});

export interface Config {
  version: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  simulators: number;
  simulatorSpeed: number;
  /** How long a running injection's instrument may stay offline before the injection is interrupted. */
  instrumentLostSec: number;
  /** How long a sequence's next injection waits for its instrument to be online, idle and ready. */
  instrumentReadyWaitSec: number;
  /**
   * How long a watched injection waits, after its instrument reports without the run, for the run's buffered
   * points and finish before it is interrupted (counted from the last stored chunk).
   */
  runDeliveryGraceSec: number;
  /** How often the sequence reconciler reads the RUNNING sequences (docs/sequences.md). */
  reconcileIntervalSec: number;
  /**
   * The audit chain's signed checkpoints (docs/audit.md "Checkpoints"): the file they are appended to, and
   * how often the head is anchored (0: only at start and shutdown).
   */
  auditCheckpoints: { file: string; intervalSec: number };
  demo: boolean;
  smtpUrl: string | undefined;
  outboxDir: string;
  googleClientId: string | undefined;
  googleJwksUrl: string;
  sentryDsn: string | undefined;
  secret: string;
  webDir: string | undefined;
  logLevel: string;
  accessTokenLifetimeSec: number;
  refreshTokenLifetimeSec: number;
  /** Requests per minute and address on sign-in, sign-up and password recovery. */
  authRateLimitPerMinute: number;
  /**
   * Reverse proxies in front of the server: the client address is read from that many X-Forwarded-For hops
   * and TLS from X-Forwarded-Proto; 0 trusts no forwarded header.
   */
  trustProxyHops: number;
  /**
   * The origin browsers reach the server at (ELUENT_PUBLIC_URL), for links in e-mails and share links;
   * without it links are never built from a request's Host header (see docs/security.md).
   */
  publicUrl: string | undefined;
  /** Failed pairing codes or device credentials per serial number or address before a 15-minute lockout. */
  lockoutFailures: number;
  /** The most points an imported file may hold; more is refused with 413. */
  importMaxPoints: number;
  /** The largest file an import accepts, in bytes; larger is refused with 413. */
  importMaxBytes: number;
  /** Worker threads for reading files and processing signals; undefined: one less than the cores (1–4). */
  workerThreads: number | undefined;
  /** Threads hashing passwords and pairing codes (Argon2id); undefined: `defaultPasswordThreads()`. */
  passwordHashThreads: number | undefined;
  realtime: RealtimeConfig;
}

export interface RealtimeConfig {
  pingIntervalSec: number;
  pongTimeoutSec: number;
  subscriptionTokenLifetimeSec: number;
  /** Time after a connection or subscription token expires before the server ends it (Centrifugo: 25 s). */
  expiryGraceSec: number;
  /** Bytes queued for one client before it is disconnected as slow (Centrifugo: 1 MiB). */
  clientQueueMaxBytes: number;
  /** Prefix of every Redis key and PUB/SUB channel, so several deployments can share one Redis. */
  redisPrefix: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws ConfigError naming every invalid variable. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  const dataDir = resolve(values.ELUENT_DATA_DIR);
  return {
    version: APP_VERSION,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    simulators: values.ELUENT_SIMULATORS,
    simulatorSpeed: values.ELUENT_SIM_SPEED,
    instrumentLostSec: values.ELUENT_INSTRUMENT_LOST_SEC,
    instrumentReadyWaitSec: values.ELUENT_INSTRUMENT_READY_WAIT_SEC,
    runDeliveryGraceSec: values.ELUENT_RUN_DELIVERY_GRACE_SEC,
    reconcileIntervalSec: values.ELUENT_RECONCILE_INTERVAL_SEC,
    auditCheckpoints: {
      file: resolve(dataDir, values.ELUENT_AUDIT_CHECKPOINT_FILE ?? 'audit-checkpoints.jsonl'),
      intervalSec: values.ELUENT_AUDIT_CHECKPOINT_INTERVAL_SEC,
    },
    demo: values.ELUENT_DEMO,
    smtpUrl: values.SMTP_URL,
    outboxDir: join(dataDir, 'outbox'),
    googleClientId: values.GOOGLE_CLIENT_ID,
    googleJwksUrl: values.GOOGLE_JWKS_URL,
    sentryDsn: values.SENTRY_DSN,
    secret: values.ELUENT_SECRET ?? readOrCreateSecret(dataDir),
    webDir: values.ELUENT_WEB_DIR,
    logLevel: values.ELUENT_LOG_LEVEL,
    accessTokenLifetimeSec: values.ELUENT_ACCESS_TOKEN_LIFETIME_SEC,
    refreshTokenLifetimeSec: values.ELUENT_REFRESH_TOKEN_LIFETIME_SEC,
    authRateLimitPerMinute: values.ELUENT_RATE_LIMIT,
    trustProxyHops: values.ELUENT_TRUST_PROXY,
    publicUrl: values.ELUENT_PUBLIC_URL === undefined ? undefined : new URL(values.ELUENT_PUBLIC_URL).origin,
    lockoutFailures: values.ELUENT_LOCKOUT_FAILURES,
    importMaxPoints: values.ELUENT_IMPORT_MAX_POINTS,
    importMaxBytes: values.ELUENT_IMPORT_MAX_BYTES,
    workerThreads: values.ELUENT_WORKER_THREADS,
    passwordHashThreads: values.ELUENT_PASSWORD_HASH_THREADS,
    realtime: {
      pingIntervalSec: values.ELUENT_REALTIME_PING_SEC,
      pongTimeoutSec: values.ELUENT_REALTIME_PONG_TIMEOUT_SEC,
      subscriptionTokenLifetimeSec: values.ELUENT_REALTIME_SUBSCRIPTION_TOKEN_LIFETIME_SEC,
      expiryGraceSec: values.ELUENT_REALTIME_EXPIRY_GRACE_SEC,
      clientQueueMaxBytes: values.ELUENT_REALTIME_CLIENT_QUEUE_BYTES,
      redisPrefix: values.ELUENT_REDIS_PREFIX,
    },
  };
}

function readOrCreateSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'secret');
  if (existsSync(path)) {
    const secret = readFileSync(path, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  return secret;
}
