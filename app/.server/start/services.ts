// The shared services an instance runs beside its HTTP answers (docs/decisions/0023, 0044, 0018,
// 0041, 0067, 0028, 0064): the job queue and its workers (mail, SMS, postbacks, the scheduled jobs),
// the rate limits, the event bus with the session cache and refresh versions riding on it, the open
// streams, and the splits' first weighing. `stops` closes them in the order a drain needs.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { createSessionCache, type SessionCache } from '../accounts/session-cache';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { duringStart } from '../db/start-lock';
import { startSmsWorker } from '../directdebit/sms';
import { createLocalBus } from '../events/bus';
import { createRedisBus } from '../events/redis-bus';
import { createRefreshVersions } from '../events/refresh-versions';
import { createStreamRegistry } from '../events/sse';
import { createRateLimits } from '../limits/rate-limits';
import { storedOrigin, tenantHome, type OriginPolicy } from '../http/origin';
import { startJobQueue } from '../jobs/queue';
import { startScheduledJobs } from '../jobs/scheduled';
import { startMailWorker } from '../mail/mail';
import type { MediaStorage } from '../media/storage';
import { logFunction, moduleLogger } from '../observability/logger';
import { providerFor } from '../payments/providers';
import { startPostbackWorker } from '../postbacks/worker';
import { reweighSplits } from '../splits/optimise';
import type { NetworkSites } from '../tenants/sites';

type Log = (message: string) => void;
const logOf = (module: string) => logFunction(moduleLogger(module), 'warn');

export interface ServiceOptions {
  config: Config;
  database: Database;
  sites: NetworkSites;
  media: MediaStorage;
  originPolicy: OriginPolicy;
  /** This server's own origin once it listens, outside production (the demo network's /dev/postbacks). */
  ownOrigin: () => string | null;
  log: Log;
}

export async function startServices({ config, database, sites, media, originPolicy, ownOrigin, log }: ServiceOptions) {
  const { db } = database;
  const tenants = sites.registry;
  const devOutbox = !config.realProduction;
  // One instance at a time sets the queue up: two create_queue of one name at once deadlock (db/start-lock.ts).
  const jobs = await duringStart(db, database.kind, log, () => startJobQueue(db, { log: logOf('jobs') }));
  const mail = await startMailWorker(db, jobs, { smtpUrl: config.SMTP_URL, log: logOf('mail') });
  const sms = await startSmsWorker(db, jobs, { smsUrl: config.SMS_URL, log: logOf('sms') });
  if (!config.SMS_URL && !devOutbox) log('SMS_URL is not set: direct debit (it needs an SMS code) is not available');
  // One key space per deployment in Redis, shared by its instances and kept across restarts.
  const namespace = config.EVENTS_NAMESPACE ?? (await eventsNamespace(database, config.DATA_DIR));
  const limits = createRateLimits({ redisUrl: config.REDIS_URL, prefix: `${namespace}:limits` });
  // Which member a session belongs to, cached a few seconds and dropped everywhere when it ends; the
  // refreshes' versions move with every event to a member; Redis pub/sub across instances when set.
  const sessions: SessionCache = createSessionCache();
  const refreshVersions = createRefreshVersions({ redisUrl: config.REDIS_URL, namespace });
  const events = refreshVersions.watch(sessions.watch(config.REDIS_URL ? createRedisBus(config.REDIS_URL, { namespace, log: logOf('events') }) : createLocalBus()));
  // Sites changed on another instance: the bus at once, the table every few seconds (tenants/sites.ts).
  sites.follow(events);
  const streams = { registry: createStreamRegistry(), heartbeatMs: config.EVENTS_HEARTBEAT_MS };
  const postbacks = await startPostbackWorker(db, jobs, { tenant: (id) => tenants.get(id), selfOrigin: ownOrigin, log: logOf('postbacks') });
  await startScheduledJobs(jobs, {
    db,
    tenant: (id) => tenants.get(id),
    tenants: () => tenants.all(),
    providerFor: (tenant) => providerFor({ db, tenant, origin: tenantHome(tenant, originPolicy), sandboxAllowed: devOutbox }),
    events,
    media,
    // Links in notifications go to the host the member signed up on while it is one of the tenant's, else the tenant's home.
    originOf: (tenant, user) => storedOrigin(tenant, user.signup_host, originPolicy),
    log: logFunction(moduleLogger('scheduled')),
  });
  // The splits' weights before the first visitor, each under its lock; then every 5 minutes (docs/decisions/0064).
  const weighed = await reweighSplits(db, tenants.all(), { reason: 'start', log: logOf('splits') });
  if (weighed.changed) log(`splits: weighed ${weighed.splits}, new weights for ${weighed.changed}`);
  // Running jobs finish (up to 10 s) before the workers close.
  const stops = [() => jobs.stop(), () => postbacks.stop(), () => mail.stop(), () => sms.stop(), () => limits.close(), () => events.close(), () => refreshVersions.close()];
  return { jobs, mail, sms, limits, sessions, refreshVersions, events, streams, stops };
}

export type Services = Awaited<ReturnType<typeof startServices>>;

/** The Redis namespace of this installation's events: one per database, so that instances on it meet and others never do. */
async function eventsNamespace(database: Database, dataDir: string): Promise<string> {
  // An embedded database belongs to its data folder (and to one process); a server's by its name.
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
  const identity = database.kind === 'pglite' ? `pglite:${dataDir}` : `postgres:${rows[0]?.name ?? ''}`;
  return `rdv:${crypto.createHash('sha256').update(identity).digest('hex').slice(0, 12)}`;
}
