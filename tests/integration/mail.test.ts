// Mail through nodemailer to a real SMTP server (smtp-server on loopback): branded, both parts, sent
// by a drain job of the job queue, retried when the server refuses, marked sent once delivered.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { now, setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import { startJobQueue } from '~/.server/jobs/queue';
import { enqueueMail, startMailWorker } from '~/.server/mail/mail';
import { loadTenants } from '~/.server/tenants/registry';
import { databaseKinds, migratedDatabase } from '../support/databases';

const tenant = loadTenants('tenants').find((t) => t.id === 'herzklopfen')!;
let database: Database;
let smtp: SMTPServer;
let port = 0;
let refuse = true;
const received: string[] = [];

beforeAll(async () => {
  // PGlite from the migrated template (tests/support/databases.ts).
  ({ database } = await migratedDatabase(databaseKinds[0]!));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        if (refuse) return callback(new Error('mailbox busy'));
        received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});

afterAll(async () => {
  setClockForTests(null);
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database.close();
});

describe('the mail worker', () => {
  it('delivers a queued mail over SMTP, retrying after a refusal', async () => {
    await enqueueMail(database.db, tenant, {
      kind: 'activation',
      priority: 'transactional',
      to: 'mia@example.com',
      locale: 'de',
      content: { subject: 'Hallo Mia', heading: 'Willkommen', paragraphs: ['Schön, dass du da bist.'], action: { label: 'Bestätigen', url: 'http://herzklopfen.de/activate?token=abc' } },
    });
    const jobs = await startJobQueue(database.db, { pollingSeconds: 0.5 });
    const worker = await startMailWorker(database.db, jobs, { smtpUrl: `smtp://127.0.0.1:${port}` });
    const row = () => database.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    try {
      // The route that wrote the mail pokes the worker: a drain job runs at once.
      worker.poke();
      await vi.waitFor(async () => expect((await row()).attempts).toBe(1), { timeout: 10_000 });
      const failed = await row();
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
      expect(failed.last_error).toMatch(/mailbox busy/);
      refuse = false;
      expect(await worker.runOnce()).toBe(0); // not due yet: it backs off
      setClockForTests(new Date(now().getTime() + 60_000));
      worker.poke();
      await vi.waitFor(async () => expect((await row()).status).toBe('sent'), { timeout: 10_000 });
      const sent = await row();
      expect(sent.attempts).toBe(2);
      expect(received).toHaveLength(1);
      const raw = received[0]!;
      expect(raw).toMatch(/^Subject: Hallo Mia/m);
      expect(raw).toMatch(/From: "?Herzklopfen"? <kundenservice@herzklopfen\.de>/);
      expect(raw).toContain('text/plain');
      expect(raw).toContain('text/html');
    } finally {
      await jobs.stop();
      await worker.stop();
    }
  });
});
