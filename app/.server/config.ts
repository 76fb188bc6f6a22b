// Process configuration, read once from the environment and validated with zod at start-up.
// A missing or malformed variable stops the server with a message naming it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { admissionLimits, type AdmissionLimits } from './limits/admission-limits';

const boolFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Address to listen on: 0.0.0.0 in a real production start; loopback otherwise (see resolveHost). */
  HOST: z.string().min(1).optional(),
  /** Lets a demo, development or test start listen beyond loopback (its reset links and sandbox are for anyone who reaches it). */
  DEMO_LISTEN_PUBLIC: boolFlag,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The SMS gateway (docs/architecture.md §8): a JSON POST {to, text} per SMS; without it SMS stay in the /dev/sms
   * outbox. The operator's own address: a private one (an internal relay) is fine (docs/decisions/0069).
   */
  SMS_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Lets calls to addresses someone supplied (push endpoints, postbacks) reach
   * loopback and private addresses: for tests that run a local sink; refused in a real production
   * start (docs/decisions/0037, app/.server/net/outbound.ts).
   */
  OUTBOUND_ALLOW_PRIVATE: boolFlag,
  /** Bearer secret of the mail provider's bounce and complaint reports (POST /api/mail-feedback.php); unset: the endpoint refuses all. */
  MAIL_FEEDBACK_SECRET: optionalText.pipe(z.string().min(24, 'must be at least 24 characters').optional()),
  /** Serves the production build with demo conveniences: generated secret, seeded data, mail outbox page. */
  DEMO: boolFlag,
  /** Express "trust proxy" value: only then are X-Forwarded-* headers believed. */
  TRUST_PROXY: z.string().optional(),
  /** Header a trusted proxy sets to the visitor's ISO country, e.g. cf-ipcountry. */
  COUNTRY_HEADER: z.string().toLowerCase().optional(),
  TENANTS_DIR: z.string().min(1).default('./tenants'),
  /**
   * The network console's host (docs/decisions/0050), e.g. admin.example.com, or admin.localhost in
   * the demo; a port after it is allowed and ignored (the host alone is matched). Unset: no console.
   */
  ADMIN_HOST: optionalText.pipe(
    z
      .string()
      .toLowerCase()
      .regex(/^(?=.{1,253}(?::\d{1,5})?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/, 'a host name such as admin.example.com (a port after a colon is allowed)')
      .transform((value) => value.replace(/:\d+$/, ''))
      .optional(),
  ),
  /** Skips the automatic demo seed on the first start of an empty database. */
  SKIP_SEED: boolFlag,
  /** The demo's 60 days of history (docs/decisions/0049): on with the demo accounts, off under NODE_ENV=test unless `on`. */
  DEMO_HISTORY: z.enum(['on', 'off']).optional(),
  /** The render cache of anonymous pages (docs/decisions/0025); `off` renders every request (benchmarks). */
  RENDER_CACHE: z.enum(['on', 'off']).default('on'),
  /**
   * Named prepared statements on PostgreSQL (docs/decisions/0060): `off` behind a pooler that cannot
   * keep them in transaction mode (PgBouncer before 1.21, or without max_prepared_statements).
   */
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  /**
   * Admission control (docs/decisions/0039): the event-loop delay in ms above which new requests
   * answer 503; 0 turns it off. 250 in production; off in development (Vite compiles on the loop)
   * and tests (a shared machine's load would refuse requests at random) unless told.
   */
  OVERLOAD_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** The Retry-After (seconds) of a 503 overloaded answer. */
  OVERLOAD_RETRY_AFTER_S: z.coerce.number().int().min(1).max(3600).default(5),
  /**
   * Admission control (docs/decisions/0071): requests that run at once; past that a request waits in
   * a queue of ADMISSION_QUEUE places for at most ADMISSION_QUEUE_MS, then answers 503. Production:
   * from the cores (admission.ts, admissionLimits); off (0) in development and tests unless told.
   */
  ADMISSION_IN_FLIGHT: z.coerce.number().int().min(0).max(10_000).optional(),
  ADMISSION_QUEUE: z.coerce.number().int().min(0).max(100_000).optional(),
  ADMISSION_QUEUE_MS: z.coerce.number().int().min(1).max(60_000).optional(),
  /** Tests only (NODE_ENV=test): the event-loop delay the monitor reports instead of measuring it. */
  OVERLOAD_TEST_DELAY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /** A page render still running after this many ms is aborted and answered 503 (docs/decisions/0039). */
  RENDER_ABORT_MS: z.coerce.number().int().min(10).max(120_000).default(6_000),
  /** Searches ask the database alone, without the in-memory search index (docs/decisions/0011). */
  SEARCH_INDEX_OFF: boolFlag,
  /** Event streams (GET /api/events.php): ms between heartbeats (25 s unless told; tests shorten it). */
  EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(50).max(600_000).optional(),
  /** Keeps deployments that share one Redis apart (docs/decisions/0018); derived from the database unless told. */
  EVENTS_NAMESPACE: z
    .string()
    .regex(/^[\w:.-]{1,60}$/, 'letters, digits and : . - _ only')
    .optional(),
  /** Prometheus metrics (GET /metrics) and /readyz on their own port; unset: no metrics listener (docs/decisions/0045). */
  METRICS_PORT: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).max(65535).optional()),
  /** Address of the metrics listener: loopback unless told (a scraper on another host needs e.g. 0.0.0.0 behind a firewall). */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** pino's level for the JSON log lines on stdout. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** json (default when stdout is no terminal) or pretty (a terminal, npm run dev); read by observability/logger.ts. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** After SIGTERM: ms during which /readyz says 503 while requests are still served, before the listener closes. */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** An S3-compatible store for members' uploads (docs/decisions/0026); the local disk without MEDIA_S3_BUCKET. */
  MEDIA_S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3–63 lowercase letters, digits, dots and hyphens')
      .optional(),
  ),
  MEDIA_S3_ENDPOINT: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MEDIA_S3_REGION: optionalText,
  MEDIA_S3_ACCESS_KEY_ID: optionalText,
  MEDIA_S3_SECRET_ACCESS_KEY: optionalText,
  /** Unset: path-style with a custom endpoint (self-hosted stores want it), virtual-host style on AWS. */
  MEDIA_S3_FORCE_PATH_STYLE: z.enum(['1', '0', 'true', 'false', 'yes', 'no', '']).optional(),
  MEDIA_S3_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(/^(?:[\w-][\w.-]{0,62}\/){1,4}$/, 'folders ending in "/", e.g. "rendezvous/"; letters, digits, _ - . only')
      .optional(),
  ),
});

type MediaEnvKey = Extract<keyof z.infer<typeof EnvSchema>, `MEDIA_S3_${string}`>;

/** An S3-compatible media store (MEDIA_S3_*; media/s3-storage.ts, docs/decisions/0026). */
export interface S3Settings {
  /** scheme://host[:port] of an S3-compatible service; AWS's own endpoint for the region when absent. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Both or neither: without them the SDK's default chain applies (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** host/bucket/key instead of bucket.host/key: most self-hosted stores want this. */
  forcePathStyle: boolean;
  /** Prepended to every key, e.g. "rendezvous/", so that one bucket can hold several installations. */
  prefix: string;
}

export type Config = Omit<z.infer<typeof EnvSchema>, 'SESSION_SECRET' | 'HOST' | 'OVERLOAD_DELAY_MS' | 'ADMISSION_IN_FLIGHT' | 'ADMISSION_QUEUE' | 'ADMISSION_QUEUE_MS' | MediaEnvKey> & {
  OVERLOAD_DELAY_MS: number;
  /** The admission limits, resolved (ADMISSION_*; docs/decisions/0071). */
  admission: AdmissionLimits;
  SESSION_SECRET: string;
  HOST: string;
  /** NODE_ENV=production without DEMO: no demo accounts, no outboxes, no sandbox provider. */
  realProduction: boolean;
  /** Members' uploads go to this S3-compatible store; null: to DATA_DIR/media on the local disk. */
  MEDIA_S3: S3Settings | null;
  DATA_DIR: string;
  TENANTS_DIR: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates `env`; outside production a missing SESSION_SECRET is generated once and kept under DATA_DIR. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const {
    MEDIA_S3_BUCKET,
    MEDIA_S3_ENDPOINT,
    MEDIA_S3_REGION,
    MEDIA_S3_ACCESS_KEY_ID,
    MEDIA_S3_SECRET_ACCESS_KEY,
    MEDIA_S3_FORCE_PATH_STYLE,
    MEDIA_S3_PREFIX,
    ...values
  } = parsed.data;
  const media = mediaS3Settings({ MEDIA_S3_BUCKET, MEDIA_S3_ENDPOINT, MEDIA_S3_REGION, MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY, MEDIA_S3_FORCE_PATH_STYLE, MEDIA_S3_PREFIX });
  const dataDir = path.resolve(values.DATA_DIR);
  let secret = values.SESSION_SECRET;
  if (!secret) {
    if (values.NODE_ENV === 'production' && !values.DEMO) {
      throw new ConfigError('Invalid environment:\n  SESSION_SECRET: required in production (32+ characters)');
    }
    secret = readOrCreateSecret(path.join(dataDir, 'session-secret'));
  }
  if (values.OVERLOAD_TEST_DELAY_MS !== undefined && values.NODE_ENV !== 'test') {
    throw new ConfigError('Invalid environment:\n  OVERLOAD_TEST_DELAY_MS: only for NODE_ENV=test (it makes the server refuse requests as if overloaded)');
  }
  const realProduction = values.NODE_ENV === 'production' && !values.DEMO;
  if (realProduction && values.OUTBOUND_ALLOW_PRIVATE) {
    throw new ConfigError('Invalid environment:\n  OUTBOUND_ALLOW_PRIVATE: not in a real production start (it lets member-supplied addresses reach the private network)');
  }
  const host = resolveHost(values.HOST, realProduction, values.DEMO_LISTEN_PUBLIC);
  const overloadDelay = values.OVERLOAD_DELAY_MS ?? (values.NODE_ENV === 'production' ? 250 : 0);
  const { ADMISSION_IN_FLIGHT, ADMISSION_QUEUE, ADMISSION_QUEUE_MS, ...rest } = values;
  const sized = admissionLimits();
  const inFlight = ADMISSION_IN_FLIGHT ?? (values.NODE_ENV === 'production' ? sized.inFlight : 0);
  const admission: AdmissionLimits = { inFlight, queue: ADMISSION_QUEUE ?? (ADMISSION_IN_FLIGHT === undefined ? sized.queue : 4 * inFlight), queueMs: ADMISSION_QUEUE_MS ?? sized.queueMs };
  // The network console answers on admin.localhost in the demo, development and tests unless told.
  const adminHost = values.ADMIN_HOST ?? (realProduction ? undefined : 'admin.localhost');
  return { ...rest, ADMIN_HOST: adminHost, OVERLOAD_DELAY_MS: overloadDelay, admission, HOST: host, realProduction, DATA_DIR: dataDir, TENANTS_DIR: path.resolve(values.TENANTS_DIR), SESSION_SECRET: secret, MEDIA_S3: media };
}

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i;

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.test(host);
}

/**
 * Where to listen. A demo, development or test start serves reset links on /dev/outbox and settles
 * sandbox payments for anyone, so it listens on loopback (every *.localhost URL still works) unless
 * DEMO_LISTEN_PUBLIC says otherwise; a real production start listens on all addresses by default.
 */
function resolveHost(host: string | undefined, realProduction: boolean, listenPublic: boolean): string {
  if (realProduction) return host ?? '0.0.0.0';
  if (listenPublic) return host ?? '0.0.0.0';
  if (host === undefined) return '127.0.0.1';
  if (!isLoopbackHost(host)) {
    throw new ConfigError(
      `Invalid environment:\n  HOST: ${host} is not a loopback address; a demo, development or test start serves its mail outbox and sandbox payments to anyone who reaches it: set DEMO_LISTEN_PUBLIC=1 to listen there anyway`,
    );
  }
  return host;
}

function mediaS3Settings(env: Pick<z.infer<typeof EnvSchema>, MediaEnvKey>): S3Settings | null {
  const given = Object.entries(env).filter(([, value]) => value !== undefined && value !== '');
  if (given.length === 0) return null;
  const problems: string[] = [];
  if (!env.MEDIA_S3_BUCKET) problems.push('MEDIA_S3_BUCKET: required when any MEDIA_S3_ variable is set');
  if (env.MEDIA_S3_ACCESS_KEY_ID && !env.MEDIA_S3_SECRET_ACCESS_KEY) problems.push('MEDIA_S3_SECRET_ACCESS_KEY: required with MEDIA_S3_ACCESS_KEY_ID');
  if (env.MEDIA_S3_SECRET_ACCESS_KEY && !env.MEDIA_S3_ACCESS_KEY_ID) problems.push('MEDIA_S3_ACCESS_KEY_ID: required with MEDIA_S3_SECRET_ACCESS_KEY');
  if (problems.length) throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  const pathStyle = env.MEDIA_S3_FORCE_PATH_STYLE;
  return {
    bucket: env.MEDIA_S3_BUCKET!,
    endpoint: env.MEDIA_S3_ENDPOINT,
    region: env.MEDIA_S3_REGION ?? 'us-east-1',
    accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID,
    secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY,
    forcePathStyle: pathStyle === undefined || pathStyle === '' ? Boolean(env.MEDIA_S3_ENDPOINT) : ['1', 'true', 'yes'].includes(pathStyle),
    prefix: env.MEDIA_S3_PREFIX ?? '',
  };
}

function readOrCreateSecret(file: string): string {
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // absent: create below
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
