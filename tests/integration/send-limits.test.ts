// Limits on mail and heavy work (issue 31 item 4, docs/decisions/0038), on both databases: every
// action that sends a mail or queues heavy work counts against a per-account and a per-recipient
// limit held in the database, and parallel requests never pass it together.
// The words: resending the activation mail 40 times sent 41 mails; 30 mail changes to one
// address sent 30 mails, 40 addresses 40 mails; 15 export requests queued 15 exports; a news post
// could be sent twice.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClockForTests } from '~/.server/clock';
import { resendActivation } from '~/.server/accounts/activation';
import { requestMailChange } from '~/.server/accounts/mail-change';
import { requestPasswordReset } from '~/.server/accounts/password-reset';
import type { Database } from '~/.server/db/database';
import { sendNews } from '~/.server/notifications/news';
import { inviteOperator } from '~/.server/operators/team';
import { loadTenants } from '~/.server/tenants/registry';
import { fileComplaint } from '~/.server/trust/complaints';
import { requestExport } from '~/.server/trust/export';
import { applyRetention } from '~/.server/trust/retention';
import { SEND_LIMITS, sendLimitText } from '~/.server/trust/send-limits';
import { createDiskStorage } from '~/.server/media/disk-storage';
import { buyer } from '../support/checkout';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { operatorOn } from '../support/operators';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const origin = 'http://flirtlokaal.localhost';
let n = 0;

describe.each(databaseKinds)('limits on mail and heavy work on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
  });
  afterEach(() => setClockForTests(null));
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const mailsTo = async (to: string, kind: string) =>
    Number((await db().selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('to_address', '=', to).where('kind', '=', kind).executeTakeFirstOrThrow()).n);
  const mailsOf = async (kind: string) => Number((await db().selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', kind).executeTakeFirstOrThrow()).n);

  it('ten mail changes to one address at once send at most three mails; the rest answer send_limit with the wait', async () => {
    const member = await buyer(db(), flirt, 'Changer');
    const victim = `victim${n++}@example.com`;
    const results = await Promise.all(Array.from({ length: 10 }, () => requestMailChange(db(), flirt, member, { email: victim, origin, locale: 'en' })));
    expect(results.filter((r) => r.ok)).toHaveLength(SEND_LIMITS.mail_change.perHour);
    expect(await mailsTo(victim, 'mail_change')).toBe(3);
    const refused = results.find((r) => !r.ok);
    expect(refused).toMatchObject({ ok: false, error: 'send_limit', retryAfter: expect.any(Number) });
    expect(sendLimitText('en', (refused as { retryAfter: number }).retryAfter)).toMatch(/try again in \d+ min/);
  });

  it('one address is protected from many accounts, and one account cannot mail forty addresses', async () => {
    const victim = `victim${n++}@example.com`;
    const members = await Promise.all(Array.from({ length: 5 }, (_, i) => buyer(db(), flirt, `Many${i}`)));
    await Promise.all(members.map((member) => requestMailChange(db(), flirt, member, { email: victim, origin, locale: 'en' })));
    expect(await mailsTo(victim, 'mail_change')).toBe(3);

    const spammer = await buyer(db(), flirt, 'Spammer');
    const addresses = Array.from({ length: 40 }, (_, i) => `target${n}-${i}@example.com`);
    const results = await Promise.all(addresses.map((email) => requestMailChange(db(), flirt, spammer, { email, origin, locale: 'en' })));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    // An hour later three more, and never more than ten a day.
    for (let hour = 1; hour <= 5; hour++) {
      setClockForTests(new Date(Date.now() + hour * 3600_000 + 1000));
      for (const email of addresses.slice(hour * 3, hour * 3 + 4)) await requestMailChange(db(), flirt, spammer, { email, origin, locale: 'en' });
    }
    const sent = await db().selectFrom('account_tokens').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', spammer.id).where('kind', '=', 'mail_change').executeTakeFirstOrThrow();
    expect(Number(sent.n)).toBe(SEND_LIMITS.mail_change.perDay);
  });

  it('forty activation resends at once send three mails', async () => {
    const member = await buyer(db(), flirt, 'Resender');
    const before = await mailsTo(member.email, 'activation');
    const results = await Promise.all(Array.from({ length: 40 }, () => resendActivation(db(), flirt, member, { origin, locale: 'en' })));
    expect(results.filter((r) => r.sent)).toHaveLength(3);
    expect(await mailsTo(member.email, 'activation')).toBe(before + 3);
    expect(results.filter((r) => 'retryAfter' in r)).toHaveLength(37);
  });

  it('fifteen export requests at once queue three exports', async () => {
    const member = await buyer(db(), flirt, 'Exporter');
    const jobs = { send: async () => 'job' };
    const results = await Promise.all(Array.from({ length: 15 }, () => requestExport(db(), flirt, member, { jobs })));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    const rows = await db().selectFrom('data_exports').select('id').where('user_id', '=', member.id).execute();
    expect(rows).toHaveLength(3);
  });

  it('password reset mails go through the same mechanism (three a day per account)', async () => {
    const member = await buyer(db(), flirt, 'Forgetful');
    const results = await Promise.all(Array.from({ length: 6 }, () => requestPasswordReset(db(), flirt, { email: member.email, origin, locale: 'en' })));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok)).toEqual(Array.from({ length: 3 }, () => ({ ok: false, error: 'too_many' })));
  });

  it('complaint receipts to one address stop at the limit, while the notices themselves are all taken', async () => {
    const victim = `victim${n++}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => fileComplaint(db(), flirt, { user: null, locale: 'en' }, { category: 'other', description: 'Something is wrong here', email: victim } as never)),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await mailsTo(victim, 'complaint_received')).toBe(3);
  });

  it('an operator invitation counts per inviter and per invitee; a refusal invites nobody', async () => {
    const admin = await operatorOn(db(), [flirt.id], `Admin${n++}`, ['admin']);
    const invite = (email: string) => inviteOperator(db(), flirt, admin, { email, language: 'en', roles: ['answering'], origin });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => invite(`invitee${n}-${i}@example.com`)));
    expect(results.filter((r) => r.ok)).toHaveLength(SEND_LIMITS.operator_invitation.perHour);
    expect(results.filter((r) => !r.ok)).toEqual([expect.objectContaining({ error: 'send_limit' }), expect.objectContaining({ error: 'send_limit' })]);
    const invited = await db().selectFrom('operators').select('id').where('email', 'like', `invitee${n}-%`).execute();
    expect(invited).toHaveLength(10);
  });

  it('a news post is sent once: the same texts again (a second click) are refused, and a tenant sends a few a day', async () => {
    const marketer = await operatorOn(db(), [flirt.id], `Marketer${n++}`, ['marketing']);
    const jobs = { send: async () => 'job' } as never;
    const post = { default_locale: 'en' as const, texts: { en: { subject: `Hello ${n}`, body: 'News for everyone' } } };
    const twice = await Promise.all([sendNews(db(), flirt, marketer, post, jobs), sendNews(db(), flirt, marketer, post, jobs)]);
    expect(twice.filter((r) => r.ok)).toHaveLength(1);
    expect(twice.find((r) => !r.ok)).toMatchObject({ error: 'send_limit' });
    const others = await Promise.all(Array.from({ length: 4 }, (_, i) => sendNews(db(), flirt, marketer, { ...post, texts: { en: { subject: `Other ${n} ${i}`, body: 'More news' } } }, jobs)));
    expect(others.filter((r) => r.ok)).toHaveLength(SEND_LIMITS.news.perHour - 1);
    expect(await mailsOf('news')).toBe(0);
  });

  it('the daily retention round forgets counted sends older than two days', async () => {
    const member = await buyer(db(), flirt, 'Old');
    await resendActivation(db(), flirt, member, { origin, locale: 'en' });
    setClockForTests(new Date(Date.now() + 3 * 24 * 3600_000));
    await applyRetention(db(), createDiskStorage('/tmp'));
    const left = await db().selectFrom('send_log').select('id').where('subject', '=', `account:${member.id}`).execute();
    expect(left).toEqual([]);
  });
});
