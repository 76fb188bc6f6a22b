// npm run bench:notifications (with DATABASE_URL): how many notification mails per second the job
// queue renders (activityMail + renderMail in the member's language and brand, with List-Unsubscribe)
// and hands to SMTP (smtp-server on loopback) on PostgreSQL, through the mail.outbox drain job.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startJobQueue } from '../app/.server/jobs/queue';
import { enqueueMail, startMailWorker } from '../app/.server/mail/mail';
import { activityMail } from '../app/.server/notifications/activity-mail';
import { listUnsubscribeHeaders } from '../app/.server/notifications/unsubscribe';
import { loadTenants } from '../app/.server/tenants/registry';
import { databaseKinds, migratedDatabase } from '../tests/support/databases';

if (!process.env.DATABASE_URL) {
  console.log('bench:notifications skipped: set DATABASE_URL=postgres://…');
  process.exit(0);
}
const MAILS = Number(process.env.BENCH_MAILS ?? 200);
const tenant = loadTenants('tenants').find((t) => t.id === 'flirtlokaal')!;
const { database, drop } = await migratedDatabase(databaseKinds.find((k) => k.name === 'postgres')!);
let received = 0;
const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], onData(stream, _s, done) { stream.on('data', () => {}); stream.on('end', () => { received++; done(); }); } });
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const jobs = await startJobQueue(database.db, { cron: false, pollingSeconds: 0.5 });
const worker = await startMailWorker(database.db, jobs, { smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}?pool=true` });
const card = (id: number) => ({ id, name: `Anna${id}`, age: 30, gender: 'female' as const, country: 'NL', region: null, city: null, main_image: { filename: '/media/demo/1-1.webp', thumb_filename: '/media/demo/1-1-thumb.webp' }, fictional: false, distance: null });
const started = performance.now();
for (let i = 0; i < MAILS; i++) {
  const items = [
    { kind: 'new_messages' as const, profile: card(i), conversation: i, count: 2, match: false, lastMessageId: i, lastAt: new Date() },
    { kind: 'like' as const, profile: card(i + 1), conversation: null, count: 1, match: i % 2 === 0, lastMessageId: 0, lastAt: new Date() },
  ];
  await enqueueMail(database.db, tenant, { kind: 'notification', priority: 'notification', to: `m${i}@example.com`, locale: 'nl', content: activityMail(tenant, 'nl', 'https://flirtlokaal.nl', {} as never, items, `t${i}`), headers: listUnsubscribeHeaders(tenant, 'https://flirtlokaal.nl', `t${i}`) });
}
const rendered = performance.now();
worker.poke();
while (received < MAILS) await new Promise((resolve) => setTimeout(resolve, 50));
const sent = performance.now();
console.log(`notification mails: ${MAILS} rendered and queued at ${Math.round(MAILS / ((rendered - started) / 1000))}/s, handed to SMTP by the queue at ${Math.round(MAILS / ((sent - rendered) / 1000))}/s, ${Math.round(MAILS / ((sent - started) / 1000))}/s end to end (PostgreSQL)`);
await jobs.stop();
await worker.stop();
await new Promise<void>((resolve) => smtp.close(() => resolve()));
await database.close();
await drop();
process.exit(0);
