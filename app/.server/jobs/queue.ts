// The job queue (docs/decisions/0023-job-queue.md): scheduled and retried work runs on pg-boss, in its
// own schema of our database, through the same pool as Kysely — on PGlite and on PostgreSQL alike.
// The rest of the code sees only this small interface; queue names and their policies are declared
// in jobs/names.ts, so every instance creates the same queues.
import { CompiledQuery, sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { DB } from '../db/schema';
import { moduleLogger } from '../observability/logger';
import { metrics } from '../observability/metrics';
import { QUEUES, type JobName } from './names';

export type { JobName } from './names';

export interface SendOptions {
  /** Jobs with the same key share the queue's policy slot (e.g. at most one waiting run of a stately queue). */
  singletonKey?: string;
  retryLimit?: number;
  /** Seconds before the first retry. */
  retryDelay?: number;
  /** Doubles the delay after each failure. */
  retryBackoff?: boolean;
  /** Seconds from now, or a moment. */
  startAfter?: number | Date;
}

export interface JobContext {
  id: string;
  /** Retries so far (0 on the first try). */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export interface WorkOptions {
  /**
   * After a job it worked, the worker asks for the next one at once instead of at its next poll, so
   * a backlog is worked back to back; an idle worker still polls every `pollingSeconds`, and a failed
   * job waits for the poll (no quick loop of retries). For queues whose backlog a person waits behind:
   * the photos the start queues for screening before a new member's upload (docs/decisions/0065).
   */
  drain?: boolean;
}

export interface JobQueue {
  /** Queues a job; resolves with its id, or null when the queue's policy already holds one (a stately queue). */
  send(name: JobName, data?: object, options?: SendOptions): Promise<string | null>;
  /**
   * Runs `handler` for jobs of `name` on this instance; a handler that throws fails the try (retried
   * per the queue). Resolves with a function that stops this worker (waiting for its running job).
   */
  work<T extends object>(name: JobName, handler: JobHandler<T>, options?: WorkOptions): Promise<() => Promise<void>>;
  /** Sends a job of `name` on a cron schedule (UTC, minute resolution): one job per round across all instances. */
  schedule(name: JobName, cron: string, data?: object): Promise<void>;
  /** Stops fetching, waits for running jobs (up to a timeout) and leaves the database open. */
  stop(): Promise<void>;
  /** Per declared queue: jobs due and waiting (created or to retry), and how long the oldest of them has waited (s). */
  stats(): Promise<QueueStats[]>;
}

export interface QueueStats {
  name: JobName;
  waiting: number;
  oldestSeconds: number;
}

export interface QueueTiming {
  /** How often an idle worker asks for jobs (pg-boss's minimum is 0.5). */
  pollingSeconds?: number;
  /** How often an instance checks the cron schedules (tests shorten it). */
  cronSeconds?: number;
  /** Whether this instance sends scheduled jobs (default true; a test that drives a worker by hand turns it off). */
  cron?: boolean;
}

/** The executor pg-boss runs its SQL with: our Kysely pool (a multi-statement text without values runs as a simple query). */
export function poolExecutor(db: Kysely<DB>): PgBoss.Db {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * Starts pg-boss on `db`: creates or migrates its schema (pgboss) when needed — a few dozen
 * milliseconds, measured on both databases — and the declared queues, then watches the cron schedules.
 */
export async function startJobQueue(db: Kysely<DB>, options: QueueTiming & { log?: (message: string) => void } = {}): Promise<JobQueue> {
  const log = options.log ?? (() => {});
  const jobLog = moduleLogger('jobs');
  const boss = new PgBoss({
    db: poolExecutor(db),
    schema: 'pgboss',
    migrate: true,
    supervise: true,
    schedule: options.cron ?? true,
    // Schedules are checked every 10 s (pg-boss: 30 s), so a minute's round starts within seconds of it.
    cronMonitorIntervalSeconds: options.cronSeconds ?? 10,
    cronWorkerIntervalSeconds: options.cronSeconds ?? 2,
  });
  boss.on('error', (error: Error) => log(`job queue: ${error.message}`));
  await boss.start();

  // Instances starting together create the same queues: two pgboss.create_queue of one name at once
  // deadlock (each inserts the queue row and locks the job table for its partition; issue 44 item 4).
  // PostgreSQL gives up one of them with 40P01; that one reads the queues again and creates what is left.
  for (let attempt = 1; ; attempt++) {
    try {
      const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
      for (const [name, spec] of Object.entries(QUEUES)) {
        if (!existing.has(name)) await boss.createQueue(name, { name, ...spec });
      }
      break;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if ((code !== '40P01' && code !== '23505') || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }

  const workers = new Map<JobName, string>();
  const pollingIntervalSeconds = options.pollingSeconds ?? 2;

  return {
    async send(name, data = {}, sendOptions = {}) {
      const { startAfter, ...rest } = sendOptions;
      const id = await boss.send(name, data, { ...rest, ...(startAfter !== undefined ? { startAfter } : {}) });
      // A job for this instance's own worker starts now rather than at its next poll.
      const worker = workers.get(name);
      if (id && worker && startAfter === undefined) boss.notifyWorker(worker);
      return id;
    },
    async work<T extends object>(name: JobName, handler: JobHandler<T>, workOptions: WorkOptions = {}) {
      if (workers.has(name)) throw new Error(`A worker for ${name} is already running`);
      const id = await boss.work<T>(name, { pollingIntervalSeconds, batchSize: 1, includeMetadata: true }, async (jobs) => {
        for (const job of jobs) {
          // One JSON line per job run: queue, id, try, result and duration (docs/decisions/0045).
          const line = { job: name, job_id: job.id, try: job.retryCount + 1 };
          const started = performance.now();
          try {
            await handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
            metrics.jobRuns.inc({ queue: name, result: 'completed' });
            jobLog.info({ ...line, result: 'completed', duration_ms: Math.round(performance.now() - started) }, `job ${name} completed`);
          } catch (error) {
            metrics.jobRuns.inc({ queue: name, result: 'failed' });
            jobLog.warn({ ...line, result: 'failed', duration_ms: Math.round(performance.now() - started), error: (error as Error).message }, `job ${name} ${job.id} failed (try ${job.retryCount + 1} of ${job.retryLimit + 1})`);
            throw error;
          }
        }
        // pg-boss pauses its loop for the poll interval after each fetch unless the worker was notified.
        const self = workers.get(name);
        if (workOptions.drain && self) boss.notifyWorker(self);
      });
      workers.set(name, id);
      return async () => {
        if (workers.get(name) !== id) return;
        workers.delete(name);
        await boss.offWork({ id });
      };
    },
    async schedule(name, cron, data = {}) {
      await boss.schedule(name, cron, data, { tz: 'UTC' });
    },
    async stats() {
      const { rows } = await sql<{ name: string; waiting: number; oldest: number | null }>`
        select name, count(*)::int as waiting, extract(epoch from now() - min(start_after))::float8 as oldest
        from pgboss.job where state in ('created', 'retry') and start_after <= now() group by name`.execute(db);
      const byName = new Map(rows.map((row) => [row.name, row]));
      return (Object.keys(QUEUES) as JobName[]).map((queue) => ({ name: queue, waiting: byName.get(queue)?.waiting ?? 0, oldestSeconds: Math.max(0, byName.get(queue)?.oldest ?? 0) }));
    },
    async stop() {
      workers.clear();
      await boss.stop({ graceful: true, timeout: 10_000, close: false });
    },
  };
}
