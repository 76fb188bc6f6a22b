// Notifications (issue 24 items 2–5, docs/decisions/0024) on PGlite and PostgreSQL, with the clock
// moved: new messages and likes reach a member who is not looking by one batched mail in their
// language with List-Unsubscribe (RFC 8058), never while they look, never for a kind switched off or
// under a disabled reason; the one-click unsubscribe; web push queued for the same news and sent
// through web-push (msw answers as the push service), a gone subscription dropped.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateAccount } from '~/.server/accounts/activation';
import { signUp } from '~/.server/accounts/signup';
import { createToken } from '~/.server/accounts/tokens';
import { storeMessage } from '~/.server/chat/send';
import { now, setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import type { JobQueue, SendOptions } from '~/.server/jobs/queue';
import { MAIL_BATCH_MS, notifyActivity } from '~/.server/notifications/activity';
import { sendPush, subscribePush, tenantPushKeys, type PushPayload } from '~/.server/notifications/push';
import { markHidden, markLooking, notificationState } from '~/.server/notifications/state';
import { enableNotificationMail, oneClickUnsubscribe } from '~/.server/notifications/unsubscribe';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';
import { databaseKinds, migratedDatabase } from '../support/databases';

const tenants = loadTenants('tenants');
// FlirtLokaal: a tenant without a niche filter, so that men and women see each other.
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const herz = tenants.find((t) => t.id === 'herzklopfen')!;
const ORIGIN = 'https://flirtlokaal.example';

const pushes: { endpoint: string; status: number }[] = [];
let pushStatus = 201;
const server = setupServer(
  http.post('https://push.example.test/:id', ({ request }) => {
    pushes.push({ endpoint: request.url, status: pushStatus });
    return new HttpResponse(null, { status: pushStatus });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => setClockForTests(null));
afterAll(() => server.close());

describe.each(databaseKinds)('notifications on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;
  let n = 0;
  const sent: { name: string; data: object; options?: SendOptions }[] = [];
  const jobs = { send: async (name: string, data: object, options?: SendOptions) => (sent.push({ name, data, options }), 'job') } as unknown as JobQueue;
  const deps = { tenant: (id: string) => tenants.find((t) => t.id === id), originOf: () => ORIGIN, jobs };
  const round = () => notifyActivity(db(), deps);
  /** Moves the app clock forward from where it is now. */
  const later = (ms: number) => setClockForTests(new Date(now().getTime() + ms));

  async function member(name: string, gender: 'male' | 'female', language: 'nl' | 'en' = 'nl', t: Tenant = flirt): Promise<User> {
    n++;
    const result = await signUp(db(), t, { ip: null, origin: ORIGIN, locale: language }, {
      email: `${name.toLowerCase()}${n}@example.com`, name, password: 'a good password', date_of_birth: '1990-01-01', gender, seeking: gender === 'male' ? 'female' : 'male',
      country: t.settings.countries[0], terms: true, orientation_consent: true, tracking: { network: 'n', ref: 'r' },
    });
    if (!result.ok) throw new Error(`signup ${name}: ${JSON.stringify(result)}`);
    const token = await createToken(db(), { tenantId: t.id, userId: result.user.id, kind: 'activation' });
    expect(await activateAccount(db(), t, token)).toBe(true);
    return fresh(result.user.id);
  }
  const fresh = (id: number) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const write = (from: User, to: User, text = 'Hallo!') => storeMessage(db(), { tenantId: flirt.id, senderProfileId: from.profile_id!, recipientProfileId: to.profile_id!, content: { kind: 'text', text } });
  const like = (from: User, to: User) => db().insertInto('likes').values({ liker_profile_id: from.profile_id!, liked_profile_id: to.profile_id!, created_at: now(), seen_at: null }).execute();
  const mailsTo = (user: User) => db().selectFrom('mail_outbox').selectAll().where('to_address', '=', user.email).where('kind', '=', 'notification').orderBy('id').execute();

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('sends one batched mail for a like and a message at the next round, in the member\'s language, with one-click List-Unsubscribe', async () => {
    const mia = await member('Mia', 'female');
    const tom = await member('Tom', 'male');
    const ben = await member('Ben', 'male');
    await like(tom, mia);
    later(10_000);
    await write(ben, mia);
    // The first mail gathers for half a minute, then leaves at the next round (rounds run every minute).
    later(10_000);
    await round();
    expect(await mailsTo(mia)).toEqual([]);
    later(60_000);
    expect((await round()).mails).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await mailsTo(mia);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Er is nieuws voor je op FlirtLokaal');
    expect(mail!.text).toContain('Tom vindt je leuk.');
    expect(mail!.text).toContain('Ben heeft je voor het eerst geschreven.');
    expect(mail!.text).toContain(`${ORIGIN}/chats`);
    const state = await notificationState(db(), mia);
    expect(mail!.headers).toEqual({
      // The one-click URL names the kinds the mail tells of (issue 48 item 19).
      'List-Unsubscribe': `<${ORIGIN}/unsubscribe/${state.unsubscribe_token}?kind=new_conversations&kind=like>, <mailto:${flirt.settings.support_email}?subject=unsubscribe%20${state.unsubscribe_token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail!.html).toContain(`${ORIGIN}/unsubscribe/${state.unsubscribe_token}`);
    // Nothing new: the next round sends nothing.
    later(60_000);
    await round();
    expect(await mailsTo(mia)).toHaveLength(1);
  });

  it('batches later news: at most one mail per member every 30 minutes, never one per message', async () => {
    const lea = await member('Lea', 'female');
    const max = await member('Max', 'male');
    await write(max, lea, 'Een');
    later(90_000);
    await round();
    expect(await mailsTo(lea)).toHaveLength(1);
    for (const text of ['Zwei', 'Drei', 'Vier']) {
      later(60_000);
      await write(max, lea, text);
      await round();
    }
    expect(await mailsTo(lea)).toHaveLength(1);
    later(MAIL_BATCH_MS);
    await round();
    const mails = await mailsTo(lea);
    expect(mails).toHaveLength(2);
    // Lea has not answered yet: still a new conversation.
    expect(mails[1]!.subject).toBe('Max wil met je chatten');
    expect(mails[1]!.text).toContain('Nieuwe berichten van Max: 3');
    expect(mails[1]!.text).toContain('/chats/');
  });

  it('sends nothing while the member looks at the site, and tells them once they stopped', async () => {
    const ida = await member('Ida', 'female');
    const jan = await member('Jan', 'male');
    await markLooking(db(), ida);
    await like(jan, ida);
    later(60_000);
    await round();
    expect(await mailsTo(ida)).toEqual([]);
    await markHidden(db(), ida);
    later(60_000);
    await round();
    expect((await mailsTo(ida)).map((m) => m.subject)).toEqual(['Jan vindt je leuk']);
  });

  it('leaves out a kind the member switched off, and sends nothing when all news is of such kinds', async () => {
    const eva = await member('Eva', 'female', 'en');
    const leo = await member('Leo', 'male');
    await db().updateTable('users').set({ notifications_disabled: ['new_conversations', 'new_messages'] }).where('id', '=', eva.id).execute();
    await write(leo, eva);
    later(60_000);
    await round();
    expect(await mailsTo(eva)).toEqual([]);
    later(MAIL_BATCH_MS);
    await like(leo, eva);
    later(60_000);
    await round();
    expect((await mailsTo(eva)).map((m) => m.subject)).toEqual(['Leo likes you']);
  });

  it.each(['fbl', 'bounce', 'listunsubscribe'])('sends no notification mail while the reason %s is set', async (reason) => {
    const ana = await member('Ana', 'female');
    const oli = await member('Oli', 'male');
    await db().updateTable('users').set({ notifications_disabled: [reason] }).where('id', '=', ana.id).execute();
    await write(oli, ana);
    await like(oli, ana);
    later(60_000);
    await round();
    later(MAIL_BATCH_MS + 60_000);
    await round();
    expect(await mailsTo(ana)).toEqual([]);
  });

  it('unsubscribes with the one-click token of the right tenant only, and the member can turn mail back on', async () => {
    const zoe = await member('Zoe', 'female');
    const { unsubscribe_token: token } = await notificationState(db(), zoe);
    expect(await oneClickUnsubscribe(db(), herz, token)).toBe(false);
    expect(await oneClickUnsubscribe(db(), flirt, 'not-a-token')).toBe(false);
    expect(await oneClickUnsubscribe(db(), flirt, token)).toBe(true);
    expect(await oneClickUnsubscribe(db(), flirt, token)).toBe(true);
    expect((await fresh(zoe.id)).notifications_disabled).toEqual(['listunsubscribe']);
    expect(await enableNotificationMail(db(), await fresh(zoe.id))).toEqual([]);
  });

  it('never sends the same mail twice when two rounds run at once', async () => {
    const ute = await member('Ute', 'female');
    const kai = await member('Kai', 'male');
    await write(kai, ute);
    later(90_000);
    await Promise.all([round(), round(), round()]);
    expect(await mailsTo(ute)).toHaveLength(1);
  });

  it('queues a push per subscribed browser for the same news, sends it with the tenant\'s VAPID keys and drops a gone subscription', async () => {
    const pia = await member('Pia', 'female');
    const tim = await member('Tim', 'male');
    const keys = await tenantPushKeys(db(), flirt);
    expect(await tenantPushKeys(db(), flirt)).toEqual(keys);
    expect(await tenantPushKeys(db(), herz)).not.toEqual(keys);
    const browser = { endpoint: `https://push.example.test/${pia.id}`, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } };
    await subscribePush(db(), flirt, pia, { subscription: browser });
    sent.length = 0;
    await write(tim, pia, 'Hi Pia');
    later(30_000);
    await round();
    const push = sent.find((job) => job.name === 'push.send');
    expect(push?.options).toMatchObject({ retryLimit: 3, retryBackoff: true });
    const data = push!.data as { tenant: string; subscription: number; payload: PushPayload };
    expect(data.payload).toMatchObject({ title: 'Tim wil met je chatten', url: expect.stringMatching(new RegExp(`^${ORIGIN}/chats/\\d+$`)) });
    expect(await sendPush(db(), herz, data.subscription, data.payload)).toBeNull(); // another tenant's subscription
    expect(await sendPush(db(), flirt, data.subscription, data.payload)).toBe('sent');
    expect(pushes.at(-1)).toEqual({ endpoint: browser.endpoint, status: 201 });
    pushStatus = 410;
    expect(await sendPush(db(), flirt, data.subscription, data.payload)).toBe('gone');
    expect(await db().selectFrom('push_subscriptions').select('id').where('user_id', '=', pia.id).execute()).toEqual([]);
    pushStatus = 201;
  });
});
