// The worker behind every outbox (DESIGN §8): mail_outbox and sms_outbox rows are written in the
// transaction of their cause; this sends what is due every few seconds and on poke(). Due rows are
// claimed with a 5-minute lease (FOR UPDATE SKIP LOCKED), so several server instances never send
// the same row twice and a crashed sender's lease simply runs out. Failures back off exponentially,
// up to 8 tries, then the row is marked failed.
import { sql, type Kysely } from 'kysely';
import { now } from '../clock';
import type { DB } from '../db/schema';

export const OUTBOX_MAX_ATTEMPTS = 8;
const LEASE_MS = 5 * 60_000;

export interface OutboxWorker {
  /** Sends what is due now; resolves with the number sent. */
  runOnce(): Promise<number>;
  poke(): void;
  stop(): Promise<void>;
}

interface OutboxRow {
  id: number;
  attempts: number;
}

export function startOutboxWorker<Row extends OutboxRow>(
  db: Kysely<DB>,
  options: {
    table: 'mail_outbox' | 'sms_outbox';
    deliver: (row: Row) => Promise<void>;
    /** How a failure names the row in the log. */
    describe: (row: Row) => string;
    intervalMs?: number;
    log?: (message: string) => void;
    onStop?: () => void;
  },
): OutboxWorker {
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
      } catch (error) {
        const attempts = row.attempts + 1;
        const message = (error as Error).message;
        await sql`
          update ${table} set attempts = ${attempts}, status = ${attempts >= OUTBOX_MAX_ATTEMPTS ? 'failed' : 'pending'},
            last_error = ${message.slice(0, 500)}, next_attempt_at = ${new Date(now().getTime() + 2 ** attempts * 1000)}
          where id = ${row.id}`.execute(db);
        options.log?.(`${options.describe(row)} failed (attempt ${attempts}): ${message}`);
      }
    }
    return sent;
  }

  const runOnce = () => {
    running ??= sendDue().finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => void runOnce().catch(() => {}), options.intervalMs ?? 3000);
  timer.unref();

  return {
    runOnce,
    poke: () => {
      if (!stopped) setImmediate(() => void runOnce().catch(() => {}));
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      options.onStop?.();
    },
  };
}
