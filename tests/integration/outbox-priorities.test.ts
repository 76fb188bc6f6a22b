// Issue 45 (docs/decisions/0063): a login code, a reset mail or a direct-debit SMS code never waits
// behind notification or news mail, and the outbox drains grow with the fleet — on PGlite and
// PostgreSQL, into a real SMTP server (smtp-server on loopback).
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordResetMail } from '~/.server/accounts/account-mails';
import { now } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import { startSmsWorker } from '~/.server/directdebit/sms';
import { startJobQueue, type JobQueue } from '~/.server/jobs/queue';
import { startMailWorker } from '~/.server/mail/mail';
import { loadTenants } from '~/.server/tenants/registry';
import { databaseKinds, migratedDatabase } from '../support/databases';

const tenant = loadTenants('tenants').find((t) => t.id === 'herzklopfen')!;

/** An SMTP server on loopback that records each message's subject. */
async function smtpSink(): Promise<{ port: number; subjects: string[]; close: () => Promise<void> }> {
  const subjects: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString();
      });
      stream.on('end', () => {
        subjects.push(/^Subject: (.*)$/m.exec(head)?.[1]?.trim() ?? '');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as AddressInfo).port, subjects, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** `count` bulk mails (a news post's), written in one statement. */
async function queueBulkMails(database: Database, count: number, tag: string) {
  const at = now();
  await sql`
    insert into mail_outbox (tenant_id, kind, priority, to_address, from_address, subject, html, text, next_attempt_at, created_at)
    select ${tenant.id}, 'notification', 2, 'member' || n || '@example.com', 'news@herzklopfen.de', ${tag} || ' ' || n, '<p>News</p>', 'News', ${at}, ${at}
    from generate_series(1, ${count}) as n`.execute(database.db);
}

describe.each(databaseKinds)('the outboxes on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const queues: JobQueue[] = [];
  const instance = async () => {
    const jobs = await startJobQueue(database.db, { pollingSeconds: 0.5, cron: false });
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

  it('with 5,000 bulk mails queued, a reset mail reaches the SMTP server within 5 s', async () => {
    const sink = await smtpSink();
    await queueBulkMails(database, 5000, 'News');
    const jobs = await instance();
    const worker = await startMailWorker(database.db, jobs, { smtpUrl: `smtp://127.0.0.1:${sink.port}` });
    try {
      worker.poke();
      // The backlog is being sent when the member asks for a new password.
      await vi.waitFor(() => expect(sink.subjects.length).toBeGreaterThan(50), { timeout: 30_000, interval: 20 });
      await passwordResetMail(database.db, tenant, { to: 'mia@example.com', name: 'Mia', locale: 'de', origin: 'http://herzklopfen.localhost', token: 'abc' });
      worker.poke();
      const asked = Date.now();
      await vi.waitFor(() => expect(sink.subjects.some((subject) => subject.includes('Passwort'))).toBe(true), { timeout: 5_000, interval: 10 });
      const waited = Date.now() - asked;
      expect(waited).toBeLessThan(5_000);
      // It overtook the backlog: most of the news mails were still waiting when it left.
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from mail_outbox where status = 'pending' and priority = 2`.execute(database.db);
      expect(rows[0]!.n).toBeGreaterThan(1000);
    } finally {
      await worker.stop();
      await sink.close();
      await sql`delete from mail_outbox`.execute(database.db);
    }
  });

  it('claims a direct-debit SMS code before bulk SMS that were queued earlier', async () => {
    const at = now();
    await sql`
      insert into sms_outbox (tenant_id, kind, priority, to_phone, text, next_attempt_at, created_at)
      select ${tenant.id}, 'promotion', 2, '+491510000' || n, 'News', ${at}, ${at} from generate_series(1, 300) as n`.execute(database.db);
    await database.db.insertInto('sms_outbox').values({ tenant_id: tenant.id, kind: 'directdebit-code', priority: 0, to_phone: '+4915123456789', text: 'Code 123456', next_attempt_at: at, created_at: at, last_error: null, sent_at: null }).execute();
    const jobs = await instance();
    // No gateway: "sent" to the development outbox; one batch, driven by hand.
    const worker = await startSmsWorker(database.db, jobs, {});
    try {
      await worker.runOnce();
      const code = await database.db.selectFrom('sms_outbox').select('status').where('kind', '=', 'directdebit-code').executeTakeFirstOrThrow();
      expect(code.status).toBe('sent');
      const waiting = await database.db.selectFrom('sms_outbox').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
      expect(Number(waiting.n)).toBeGreaterThan(200);
    } finally {
      await worker.stop();
      await sql`delete from sms_outbox`.execute(database.db);
    }
  });

  it('drains on two instances at once, each mail handed to SMTP once', async () => {
    const [sinkA, sinkB] = [await smtpSink(), await smtpSink()];
    await queueBulkMails(database, 1500, 'Weekly');
    const [a, b] = [await instance(), await instance()];
    const workerA = await startMailWorker(database.db, a, { smtpUrl: `smtp://127.0.0.1:${sinkA.port}` });
    const workerB = await startMailWorker(database.db, b, { smtpUrl: `smtp://127.0.0.1:${sinkB.port}` });
    try {
      // Only instance A is poked: its first full batch asks for the other slots, which B takes.
      workerA.poke();
      await vi.waitFor(() => expect(sinkA.subjects.length + sinkB.subjects.length).toBe(1500), { timeout: 60_000, interval: 100 });
      expect(sinkA.subjects.length).toBeGreaterThan(0);
      expect(sinkB.subjects.length).toBeGreaterThan(0);
      expect(new Set([...sinkA.subjects, ...sinkB.subjects]).size).toBe(1500);
      // A drain marks its batch sent in one statement after the batch's sends: the last batch's rows
      // may reach the sink a moment before they are marked.
      await vi.waitFor(async () => {
        const { rows } = await sql<{ status: string; n: number }>`select status, count(*)::int as n from mail_outbox group by status`.execute(database.db);
        expect(rows).toEqual([{ status: 'sent', n: 1500 }]);
      }, { timeout: 30_000, interval: 100 });
    } finally {
      await Promise.all([workerA.stop(), workerB.stop()]);
      await Promise.all([sinkA.close(), sinkB.close()]);
    }
  });
});
