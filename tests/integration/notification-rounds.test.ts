// The scheduled notification kinds (issue 24; docs/decisions/0024 "Schedules") on PGlite and
// PostgreSQL with the app clock moved: each kind's mail goes when due and not before, in the
// member's language with List-Unsubscribe, never when the kind is switched off or a disabled reason
// (fbl, bounce, listunsubscribe) is set, and never twice — also when two rounds run at once; news is
// fanned out in batches, each member's copy in their language or the default one.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateAccount } from '~/.server/accounts/activation';
import { signUp } from '~/.server/accounts/signup';
import { createToken } from '~/.server/accounts/tokens';
import { storeMessage } from '~/.server/chat/send';
import { now, setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { startJobQueue, type JobQueue } from '~/.server/jobs/queue';
import { deliverNewsBatch, NEWS_BATCH, previewNews, sendNews } from '~/.server/notifications/news';
import { isoWeek, remindAccount, remindUnread, runNotificationRounds, sendPromotions, sendWeeklyUpdates } from '~/.server/notifications/rounds';
import type { OperatorActor } from '~/.server/operators/operator';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { fitsNiche } from '../support/niche';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const ORIGIN = 'https://flirtlokaal.example';
const deps = { tenant: (id: string) => tenants.find((t) => t.id === id), originOf: () => ORIGIN };
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const at = (iso: string) => setClockForTests(new Date(iso));
const later = (ms: number) => setClockForTests(new Date(now().getTime() + ms));

afterEach(() => setClockForTests(null));

describe.each(databaseKinds)('scheduled notification kinds on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;
  let n = 0;

  async function member(name: string, gender: 'male' | 'female', options: { language?: 'nl' | 'en' | 'de'; confirm?: boolean; t?: Tenant } = {}): Promise<User> {
    n++;
    const t = options.t ?? flirt;
    const result = await signUp(db(), t, { ip: null, origin: ORIGIN, locale: options.language ?? 'nl' }, {
      email: `${name.toLowerCase()}${n}@example.com`, name, password: 'a good password', date_of_birth: '1990-01-01', gender, seeking: gender === 'male' ? 'female' : 'male',
      country: t.settings.countries[0], terms: true, orientation_consent: true, tracking: { network: 'n', ref: 'r' }, ...fitsNiche(t, gender),
    });
    if (!result.ok) throw new Error(`signup ${name}: ${JSON.stringify(result)}`);
    if (options.confirm !== false) {
      const token = await createToken(db(), { tenantId: t.id, userId: result.user.id, kind: 'activation' });
      expect(await activateAccount(db(), t, token)).toBe(true);
    }
    return fresh(result.user.id);
  }
  const fresh = (id: number) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const write = (from: User, to: User, text = 'Hallo!') => storeMessage(db(), { tenantId: flirt.id, senderProfileId: from.profile_id!, recipientProfileId: to.profile_id!, content: { kind: 'text', text } });
  const mailsTo = (user: User) => db().selectFrom('mail_outbox').selectAll().where('to_address', '=', user.email).where('kind', '=', 'notification').orderBy('id').execute();
  const disable = (user: User, ...reasons: string[]) => db().updateTable('users').set({ notifications_disabled: reasons }).where('id', '=', user.id).execute();

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('reminds of messages unread for a day from 18:00 UTC, once a day, never twice for the same messages', async () => {
    at('2027-01-05T10:00:00Z');
    const mia = await member('Mia', 'female');
    const tom = await member('Tom', 'male');
    const off = await member('Off', 'female');
    const bounced = await member('Bounced', 'female');
    await write(tom, mia);
    await write(tom, off);
    await write(tom, bounced);
    await disable(off, 'unread_message_reminders');
    await disable(bounced, 'bounce');
    // A day later, before 18:00: not yet.
    at('2027-01-06T17:50:00Z');
    await remindUnread(db(), deps);
    expect(await mailsTo(mia)).toEqual([]);
    at('2027-01-06T18:00:00Z');
    await remindUnread(db(), deps);
    const [mail, ...more] = await mailsTo(mia);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Er wachten ongelezen berichten op je op FlirtLokaal: 1');
    expect(mail!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail!.text).toContain(`${ORIGIN}/chats`);
    // The next rounds that day, the next day with the same messages still unread: nothing more.
    later(10 * 60_000);
    await remindUnread(db(), deps);
    at('2027-01-07T18:10:00Z');
    await remindUnread(db(), deps);
    expect(await mailsTo(mia)).toHaveLength(1);
    // A newer message, unread for a day: one more reminder.
    await write(tom, mia, 'Nog een');
    at('2027-01-08T18:20:00Z');
    await remindUnread(db(), deps);
    expect(await mailsTo(mia)).toHaveLength(2);
    expect((await mailsTo(mia))[1]!.subject).toContain(': 2');
    expect(await mailsTo(off)).toEqual([]);
    expect(await mailsTo(bounced)).toEqual([]);
  });

  it('asks to confirm the e-mail address a day after signup and to add a photo three days after, each once', async () => {
    at('2027-02-01T08:00:00Z');
    const ann = await member('Ann', 'female', { confirm: false, language: 'en' });
    const eva = await member('Eva', 'female', { language: 'en' });
    const muted = await member('Muted', 'female', { confirm: false });
    const spam = await member('Spam', 'female');
    await disable(muted, 'reminders');
    await disable(spam, 'fbl');
    later(23 * HOUR);
    await remindAccount(db(), deps);
    expect(await mailsTo(ann)).toEqual([]);
    later(HOUR);
    await remindAccount(db(), deps);
    expect((await mailsTo(ann)).map((m) => m.subject)).toEqual(['Confirm your e-mail address for FlirtLokaal']);
    expect(await mailsTo(eva)).toEqual([]);
    later(2 * DAY - HOUR);
    await remindAccount(db(), deps);
    expect((await mailsTo(eva)).map((m) => m.subject)).toEqual([]);
    later(HOUR);
    await Promise.all([remindAccount(db(), deps), remindAccount(db(), deps)]);
    expect((await mailsTo(eva)).map((m) => m.subject)).toEqual(['Add a photo to your profile on FlirtLokaal']);
    // Ann is still unconfirmed and without a photo: the photo reminder too, and neither twice.
    expect((await mailsTo(ann)).map((m) => m.subject)).toEqual(['Confirm your e-mail address for FlirtLokaal', 'Add a photo to your profile on FlirtLokaal']);
    later(DAY);
    await remindAccount(db(), deps);
    expect(await mailsTo(ann)).toHaveLength(2);
    expect(await mailsTo(eva)).toHaveLength(1);
    expect(await mailsTo(muted)).toEqual([]);
    expect(await mailsTo(spam)).toEqual([]);
  });

  it('sends the weekly update on Monday from 09:00 UTC with the new members who fit, once a week, and none when nobody new fits', async () => {
    // Wednesday: the members who will be new.
    at('2027-03-03T12:00:00Z');
    const lisa = await member('Lisa', 'female', { language: 'de' });
    const unsub = await member('Unsub', 'female');
    const weeklyOff = await member('WeeklyOff', 'female');
    await disable(unsub, 'listunsubscribe');
    await disable(weeklyOff, 'weekly_updates');
    at('2027-03-04T12:00:00Z');
    await member('Jan', 'male');
    await member('Sara', 'female');
    at('2027-03-08T08:50:00Z');
    expect(isoWeek(now())).toBe('2027-W10');
    await sendWeeklyUpdates(db(), deps);
    expect(await mailsTo(lisa)).toEqual([]);
    at('2027-03-08T09:00:00Z');
    await Promise.all([sendWeeklyUpdates(db(), deps), sendWeeklyUpdates(db(), deps)]);
    const [mail, ...more] = await mailsTo(lisa);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Neue Mitglieder bei FlirtLokaal diese Woche');
    expect(mail!.text).toContain('Jan, ');
    // A woman seeking men is shown men only.
    expect(mail!.text).not.toContain('Sara, ');
    later(12 * HOUR);
    await sendWeeklyUpdates(db(), deps);
    expect(await mailsTo(lisa)).toHaveLength(1);
    // Tuesday: not a day for it, even for a member who missed Monday's.
    later(DAY);
    await sendWeeklyUpdates(db(), deps);
    expect(await mailsTo(weeklyOff)).toEqual([]);
    // The week after: Jan is no longer new, nobody else joined: no mail.
    at('2027-03-15T09:30:00Z');
    await sendWeeklyUpdates(db(), deps);
    expect(await mailsTo(lisa)).toHaveLength(1);
    expect(await mailsTo(unsub)).toEqual([]);
    expect(await mailsTo(weeklyOff)).toEqual([]);
  });

  it('tells of the welcome bonus in its last hour, once, and not to paid members', async () => {
    at('2027-04-01T10:00:00Z');
    const kim = await member('Kim', 'female', { language: 'en' });
    const paid = await member('Paid', 'female');
    const promosOff = await member('PromosOff', 'female');
    await db().updateTable('users').set({ paid_user: true }).where('id', '=', paid.id).execute();
    await disable(promosOff, 'promotions');
    later(2 * HOUR + 50 * 60_000);
    await sendPromotions(db(), deps);
    expect(await mailsTo(kim)).toEqual([]);
    later(20 * 60_000);
    await sendPromotions(db(), deps);
    expect((await mailsTo(kim)).map((m) => m.subject)).toEqual(['Your welcome bonus on FlirtLokaal ends in 50 minutes']);
    later(30 * 60_000);
    await sendPromotions(db(), deps);
    later(30 * 60_000);
    await sendPromotions(db(), deps);
    expect(await mailsTo(kim)).toHaveLength(1);
    expect(await mailsTo(paid)).toEqual([]);
    expect(await mailsTo(promosOff)).toEqual([]);
  });

  it('sends news of a marketing operator to every member once, in their language or the default one, in batches through the queue', async () => {
    at('2027-05-01T10:00:00Z');
    const nl = await member('Noor', 'female');
    const en = await member('Emma', 'female', { language: 'en' });
    const de = await member('Dora', 'female', { language: 'de' });
    const newsOff = await member('NewsOff', 'female');
    await disable(newsOff, 'news');
    const marketer: OperatorActor = { id: 1, name: 'M', language: 'en', tenantIds: [flirt.id], roles: { [flirt.id]: ['marketing'] } };
    const answerer: OperatorActor = { ...marketer, roles: { [flirt.id]: ['answering'] } };
    const input = { default_locale: 'nl' as const, texts: { nl: { subject: 'Nieuw: videochat', body: 'Vanaf vandaag kun je videochatten.' }, en: { subject: 'New: video chat', body: 'From today you can video chat.' } } };
    expect(await sendNews(db(), flirt, answerer, input, {} as JobQueue)).toEqual({ ok: false, error: 'forbidden' });
    expect(previewNews(flirt, marketer, { default_locale: 'nl', texts: { en: input.texts.en } }, 'nl', ORIGIN)).toEqual({ ok: false, error: 'no_default_text' });
    const preview = previewNews(flirt, marketer, input, 'de', ORIGIN);
    expect(preview).toMatchObject({ ok: true, subject: 'Nieuw: videochat', fallback: true });
    const queued: { name: string; data: { tenant: string; post: number; after: number } }[] = [];
    const jobs = { send: async (name: string, data: { tenant: string; post: number; after: number }) => (queued.push({ name, data }), 'job') } as unknown as JobQueue;
    const sent = await sendNews(db(), flirt, marketer, input, jobs);
    expect(sent).toMatchObject({ ok: true });
    // The queue runs the batches (each queues the next); a retried batch sends nothing twice.
    for (let i = 0; i < queued.length; i++) await deliverNewsBatch(db(), { ...deps, jobs }, queued[i]!.data);
    await deliverNewsBatch(db(), deps, queued[0]!.data);
    expect(queued.length).toBeGreaterThanOrEqual(1);
    expect(NEWS_BATCH).toBeGreaterThan(0);
    expect((await mailsTo(nl)).map((m) => m.subject)).toEqual(['Nieuw: videochat']);
    expect((await mailsTo(en)).map((m) => m.subject)).toEqual(['New: video chat']);
    expect((await mailsTo(de)).map((m) => m.subject)).toEqual(['Nieuw: videochat']);
    expect((await mailsTo(de))[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(await mailsTo(newsOff)).toEqual([]);
  });

  it('never sends the same reminder twice from two queue workers (two instances) on one database', async () => {
    at('2027-06-01T08:00:00Z');
    const waiting = [await member('Una', 'female', { confirm: false }), await member('Vera', 'female', { confirm: false }), await member('Wim', 'male', { confirm: false })];
    later(25 * HOUR);
    const instances = [await startJobQueue(db(), { cron: false, pollingSeconds: 0.5 }), await startJobQueue(db(), { cron: false, pollingSeconds: 0.5 })];
    let runs = 0;
    try {
      for (const jobs of instances) {
        await jobs.work('notifications.rounds', async () => {
          runs++;
          await runNotificationRounds(db(), deps);
        });
      }
      // Both instances are asked for rounds again and again, and rounds also run outside the queue at the same time.
      for (let i = 0; i < 4; i++) for (const jobs of instances) await jobs.send('notifications.rounds');
      await Promise.all([runNotificationRounds(db(), deps), runNotificationRounds(db(), deps), runNotificationRounds(db(), deps)]);
      await vi.waitFor(
        async () => {
          expect(runs).toBeGreaterThanOrEqual(1);
          const open = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'notifications.rounds' and state < 'completed'`.execute(db());
          expect(open.rows[0]!.n).toBe(0);
        },
        { timeout: 20_000, interval: 200 },
      );
    } finally {
      for (const jobs of instances) await jobs.stop();
    }
    for (const user of waiting) expect((await mailsTo(user)).map((m) => m.subject)).toEqual(['Bevestig je e-mailadres voor FlirtLokaal']);
  });
});
