// The worker behind every outbox (docs/architecture.md §8, docs/decisions/0023-job-queue.md, 0063): mail_outbox and
// sms_outbox rows are written in the transaction of their cause, without needing the queue; drains
// send what is due — at once after poke() (the route that caused the row), and every minute by
// schedule for retries and rows nobody poked. The row is the record (/dev/outbox shows it): its
// retries follow the app clock, backing off exponentially up to 8 tries, then the row is marked failed.
//
// Fast and fair (issue 45, decision 0063):
// - rows are claimed by priority, then age (jobs/priority.ts): a login code or a reset mail is taken
//   in the next batch, however many news mails wait;
// - a drain sends a batch `concurrency` at a time (the mail transport is nodemailer's SMTP pool of as
//   many connections) and marks the batch's sent rows in one statement;
// - several drains run at once across the fleet: the drain queue is stately per slot (a singleton key
//   `slot-n`), so each slot has at most one waiting and one running drain, and a drain that finds a
//   full batch asks for the other slots, which other instances' workers take. Each drain claims its own
//   rows with a 5-minute lease (FOR UPDATE SKIP LOCKED in one statement, no transaction held while
//   sending), so two drains never send one row and a drain outliving its job never sends a row twice.
import { sql, type Kysely } from 'kysely';
import { now } from '../clock';
import type { DB } from '../db/schema';
import { metrics } from '../observability/metrics';
import type { JobName, JobQueue } from './queue';

export const OUTBOX_MAX_ATTEMPTS = 8;
const LEASE_MS = 5 * 60_000;
const CHANNEL = { mail_outbox: 'mail', sms_outbox: 'sms' } as const;
/** Sends at once per drain (the SMTP pool's connections); OUTBOX_CONCURRENCY. */
export const DEFAULT_OUTBOX_CONCURRENCY = 8;
/** Drains that may run at once across the fleet, one per instance at most. */
export const DEFAULT_OUTBOX_SLOTS = 4;

export interface OutboxWorker {
  /** Sends one batch of what is due now on this instance; resolves with the number sent. */
  runOnce(): Promise<number>;
  /** Asks the queue for a drain now (after the transaction that wrote a row has committed). */
  poke(): void;
  stop(): Promise<void>;
}

interface OutboxRow {
  id: number;
  attempts: number;
}

/** Runs `work` over `items`, at most `limit` at a time, in order of start. */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
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
    concurrency?: number;
    slots?: number;
  },
): Promise<OutboxWorker> {
  const table = sql.table(options.table);
  const channel = CHANNEL[options.table];
  const concurrency = options.concurrency ?? DEFAULT_OUTBOX_CONCURRENCY;
  const slots = options.slots ?? DEFAULT_OUTBOX_SLOTS;
  // A batch short enough that a transactional row claimed after it waits a fraction of a second.
  const batchSize = concurrency * 8;
  let running: Promise<{ claimed: number; sent: number }> | null = null;
  let stopped = false;

  async function sendBatch(): Promise<{ claimed: number; sent: number }> {
    const at = now();
    const { rows: due } = await sql<Row>`
      update ${table} set next_attempt_at = ${new Date(at.getTime() + LEASE_MS)}
      where id in (
        select id from ${table} where status = 'pending' and next_attempt_at <= ${at}
          -- A paused site sends no mail or SMS until it is resumed; they wait, kept (docs/decisions/0066).
          and tenant_id not in (select id from tenant_sites where status = 'paused')
        order by priority, id limit ${batchSize} for update skip locked)
      returning *`.execute(db);
    const sent: number[] = [];
    await eachLimited(
      due.sort((a, b) => a.id - b.id),
      concurrency,
      async (row) => {
        try {
          await options.deliver(row);
          sent.push(row.id);
          metrics.deliveries.inc({ channel, result: 'sent' });
        } catch (error) {
          const attempts = row.attempts + 1;
          const message = (error as Error).message;
          await sql`
            update ${table} set attempts = ${attempts}, status = ${attempts >= OUTBOX_MAX_ATTEMPTS ? 'failed' : 'pending'},
              last_error = ${message.slice(0, 500)}, next_attempt_at = ${new Date(now().getTime() + 2 ** attempts * 1000)}
            where id = ${row.id}`.execute(db);
          metrics.deliveries.inc({ channel, result: 'failed' });
          options.log?.(`${options.describe(row)} failed (attempt ${attempts}): ${message}`);
        }
      },
    );
    if (sent.length) await sql`update ${table} set status = 'sent', sent_at = ${now()}, attempts = attempts + 1 where id in (${sql.join(sent)})`.execute(db);
    return { claimed: due.length, sent: sent.length };
  }

  const batch = () => (running ??= sendBatch().finally(() => (running = null)));
  // Other slots' drains, taken by other instances' workers while this one is busy.
  const fanOut = () => {
    for (let slot = 1; slot < slots; slot++) void jobs.send(options.job, {}, { singletonKey: `slot-${slot}` }).catch((error: Error) => options.log?.(`${options.job}: ${error.message}`));
  };
  // One drain sends batch after batch until nothing more is due.
  const stopWorking = await jobs.work(options.job, async () => {
    let asked = false;
    while (!stopped) {
      const { claimed } = await batch();
      if (claimed === 0) break;
      if (claimed >= batchSize && !asked) {
        fanOut();
        asked = true;
      }
    }
  });
  await jobs.schedule(options.job, '* * * * *');

  return {
    runOnce: async () => (await batch()).sent,
    poke: () => {
      if (!stopped) void jobs.send(options.job, {}, { singletonKey: 'slot-0' }).catch((error: Error) => options.log?.(`${options.job}: ${error.message}`));
    },
    async stop() {
      stopped = true;
      await stopWorking();
      await running?.catch(() => 0);
      options.onStop?.();
    },
  };
}
