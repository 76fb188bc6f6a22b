// The worker behind every outbox (DESIGN §8, docs/decisions/0023-job-queue.md): mail_outbox and
// sms_outbox rows are written in the transaction of their cause, without needing the queue; a drain
// job of the job queue sends what is due — at once after poke() (the route that caused the row), and
// every minute by schedule for retries and rows nobody poked. The drain queue is stately (one waiting,
// one running across all instances); due rows are still claimed with a 5-minute lease (FOR UPDATE SKIP
// LOCKED) so that a drain outliving its job's expiry never sends a row twice. The row is the record
// (/dev/outbox shows it): its retries follow the app clock, backing off exponentially up to 8 tries,
// then the row is marked failed.
import { sql, type Kysely } from 'kysely';
import { now } from '../clock';
import type { DB } from '../db/schema';
import { metrics } from '../observability/metrics';
import type { JobName, JobQueue } from './queue';

export const OUTBOX_MAX_ATTEMPTS = 8;
const LEASE_MS = 5 * 60_000;
const CHANNEL = { mail_outbox: 'mail', sms_outbox: 'sms' } as const;

export interface OutboxWorker {
  /** Sends what is due now on this instance; resolves with the number sent. */
  runOnce(): Promise<number>;
  /** Asks the queue for a drain now (after the transaction that wrote a row has committed). */
  poke(): void;
  stop(): Promise<void>;
}

interface OutboxRow {
  id: number;
  attempts: number;
}

export async function startOutboxWorker<Row extends OutboxRow>(
  db: Kysely<DB>,
  jobs: JobQueue,
  options: {
    table: 'mail_outbox' | 'sms_outbox';
    /** The drain job's queue (jobs/names.ts). */
    job: JobName & `${string}.outbox`;
    deliver: (row: Row) => Promise<void>;
    /** How a failure names the row in the log. */
    describe: (row: Row) => string;
    log?: (message: string) => void;
    onStop?: () => void;
  },
): Promise<OutboxWorker> {
  const table = sql.table(options.table);
  let running: Promise<number> | null = null;
  let stopped = false;

  async function sendDue(): Promise<number> {
    const at = now();
    const { rows: due } = await sql<Row>`
      update ${table} set next_attempt_at = ${new Date(at.getTime() + LEASE_MS)}
      where id in (select id from ${table} where status = 'pending' and next_attempt_at <= ${at} order by id limit 20 for update skip locked)
      returning *`.execute(db);
    let sent = 0;
    for (const row of due.sort((a, b) => a.id - b.id)) {
      try {
        await options.deliver(row);
        await sql`update ${table} set status = 'sent', sent_at = ${now()}, attempts = ${row.attempts + 1} where id = ${row.id}`.execute(db);
        sent++;
        metrics.deliveries.inc({ channel: CHANNEL[options.table], result: 'sent' });
      } catch (error) {
        const attempts = row.attempts + 1;
        const message = (error as Error).message;
        await sql`
          update ${table} set attempts = ${attempts}, status = ${attempts >= OUTBOX_MAX_ATTEMPTS ? 'failed' : 'pending'},
            last_error = ${message.slice(0, 500)}, next_attempt_at = ${new Date(now().getTime() + 2 ** attempts * 1000)}
          where id = ${row.id}`.execute(db);
        metrics.deliveries.inc({ channel: CHANNEL[options.table], result: 'failed' });
        options.log?.(`${options.describe(row)} failed (attempt ${attempts}): ${message}`);
      }
    }
    return sent;
  }

  const runOnce = () => {
    running ??= sendDue().finally(() => (running = null));
    return running;
  };
  // One drain sends batch after batch until nothing more is due (a batch is 20 rows).
  const stopWorking = await jobs.work(options.job, async () => {
    while (!stopped && (await runOnce()) > 0);
  });
  await jobs.schedule(options.job, '* * * * *');

  return {
    runOnce,
    poke: () => {
      if (!stopped) void jobs.send(options.job).catch((error: Error) => options.log?.(`${options.job}: ${error.message}`));
    },
    async stop() {
      stopped = true;
      await stopWorking();
      await running?.catch(() => 0);
      options.onStop?.();
    },
  };
}
