// The job queue (issue 24 item 1, docs/decisions/0023-job-queue.md) on PGlite and PostgreSQL: two
// server instances (two queues) on one database run each scheduled round once, never send an outbox
// row twice however often both are poked, a stately queue never piles up waiting jobs, and a worker
// asked to drain works a backlog back to back instead of one job per poll (docs/decisions/0065: a new
// member's photo is screened within seconds though the start queued the demo's photos before it).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '~/.server/db/database';
import { startOutboxWorker } from '~/.server/jobs/outbox-worker';
import { startJobQueue, type JobQueue } from '~/.server/jobs/queue';
import { enqueueMail } from '~/.server/mail/mail';
import { loadTenants } from '~/.server/tenants/registry';
import { databaseKinds, migratedDatabase } from '../support/databases';

const tenant = loadTenants('tenants').find((t) => t.id === 'herzklopfen')!;

describe.each(databaseKinds)('the job queue on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const queues: JobQueue[] = [];
  const instance = async (options: Parameters<typeof startJobQueue>[1] = {}) => {
    const jobs = await startJobQueue(database.db, { pollingSeconds: 0.5, ...options });
    queues.push(jobs);
    return jobs;
  };

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
  });

  afterAll(async () => {
    for (const jobs of queues) await jobs.stop();
    await database.close();
    await drop();
  });

  it('creates its schema and queues on first start, and a second instance finds them', async () => {
    await instance({ cron: false });
    await instance({ cron: false });
    const { rows } = await sql<{ name: string }>`select name from pgboss.queue order by name`.execute(database.db);
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['accounts.erase', 'mail.outbox', 'payments.reconcile', 'sms.outbox']));
  });

  it('runs each scheduled round once, on one of two instances', async () => {
    const runs: { job: string; instance: string }[] = [];
    const [a, b] = [await instance({ cronSeconds: 1 }), await instance({ cronSeconds: 1 })];
    for (const [jobs, name] of [[a, 'a'], [b, 'b']] as const) {
      await jobs.work('payments.reconcile', async (_data, job) => {
        runs.push({ job: job.id, instance: name });
      });
      await jobs.schedule('payments.reconcile', '* * * * *');
    }
    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(1), { timeout: 20_000, interval: 200 });
    // Both instances keep checking the schedule (one check a second between them): wait for several
    // more checks and for every round they decided on to have been worked.
    const cronChecks = async () => (await sql<{ at: Date }>`select cron_on as at from pgboss.version`.execute(database.db)).rows[0]!.at.getTime();
    const seen = new Set([await cronChecks()]);
    const rounds = async () =>
      Number((await sql<{ n: number }>`select count(distinct singleton_on) as n from pgboss.job where name = '__pgboss__send-it' and singleton_key = 'payments.reconcile'`.execute(database.db)).rows[0]!.n);
    const pending = async () => Number((await sql<{ n: number }>`select count(*) as n from pgboss.job where name in ('__pgboss__send-it', 'payments.reconcile') and state < 'completed'`.execute(database.db)).rows[0]!.n);
    await vi.waitFor(
      async () => {
        seen.add(await cronChecks());
        expect(seen.size).toBeGreaterThanOrEqual(4);
        expect(await pending()).toBe(0);
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(new Set(runs.map((r) => r.job)).size).toBe(runs.length);
    // One run per round (a minute), not one per instance. A minute may turn between the checks above
    // and this count (a new round decided, its run a moment later: seen in CI), so the count is waited
    // for; a second run of a round would keep runs above rounds and fail it.
    await vi.waitFor(async () => expect(runs.length).toBe(await rounds()), { timeout: 30_000, interval: 250 });
  });

  it('never sends an outbox row twice, however often both instances are poked', async () => {
    const delivered = new Map<number, number>();
    const deliver = async (row: { id: number }) => {
      await new Promise((resolve) => setImmediate(resolve));
      delivered.set(row.id, (delivered.get(row.id) ?? 0) + 1);
    };
    const workers = [];
    for (const jobs of [await instance({ cron: false }), await instance({ cron: false })]) {
      workers.push(await startOutboxWorker(database.db, jobs, { table: 'mail_outbox', job: 'mail.outbox', deliver, describe: (row) => `mail ${row.id}` }));
    }
    for (let i = 0; i < 30; i++) {
      await enqueueMail(database.db, tenant, { kind: 'test', priority: 'bulk', to: `m${i}@example.com`, locale: 'de', content: { subject: `Mail ${i}`, heading: 'Hallo', paragraphs: ['Text'] } });
    }
    const ids = (await database.db.selectFrom('mail_outbox').select('id').where('kind', '=', 'test').execute()).map((r) => r.id);
    for (let i = 0; i < 5; i++) for (const worker of workers) worker.poke();
    await Promise.all(workers.flatMap((worker) => [worker.runOnce(), worker.runOnce()]));
    await vi.waitFor(
      async () => expect(await database.db.selectFrom('mail_outbox').select('id').where('kind', '=', 'test').where('status', '!=', 'sent').execute()).toEqual([]),
      { timeout: 20_000, interval: 200 },
    );
    for (const worker of workers) await worker.stop();
    expect(ids.map((id) => delivered.get(id))).toEqual(ids.map(() => 1));
  });

  it('holds at most one waiting job in a stately queue, so rounds never pile up', async () => {
    const jobs = await instance({ cron: false });
    await sql`delete from pgboss.job where name = 'accounts.erase'`.execute(database.db);
    expect(await jobs.send('accounts.erase')).toEqual(expect.any(String));
    expect(await jobs.send('accounts.erase')).toBeNull();
  });

  it('works a backlog back to back when the worker drains, one job per poll otherwise', async () => {
    const backlog = async (drain: boolean) => {
      const jobs = await instance({ cron: false, pollingSeconds: 2 });
      const done: number[] = [];
      // Sent before the worker starts: nothing wakes it but its own loop.
      for (let photo = 1; photo <= 6; photo++) await jobs.send('photos.screen', { photo });
      const started = Date.now();
      const stop = await jobs.work<{ photo: number }>('photos.screen', async ({ photo }) => void done.push(photo), { drain });
      await vi.waitFor(() => expect(done).toHaveLength(6), { timeout: 30_000, interval: 100 });
      await stop();
      return (Date.now() - started) / 1000;
    };
    // Without draining: a fetch, then a 2 s pause before each of the other five.
    expect(await backlog(false)).toBeGreaterThan(8);
    expect(await backlog(true)).toBeLessThan(4);
  }, 60_000);
});
