// Issue 48 (round 3 of defects), helper i48d's items: 13 (the member's own country in the footer),
// 19 (the one-click unsubscribe turns off the kind of mail it came with), 20 (what happened while a
// kind of mail was off is never mailed later, an auto-like and a member's like alike), 21 (the
// operator's own SMS gateway on a private address), 23 (tenant:check says what a real production
// start says of an http:// postback template) and 24 (the reactivation link after the 14 days). Each
// test is written from the words; the domain ones on PGlite and PostgreSQL, the pages over
// HTTP against the built server.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eraseExpiredAccounts, reactivateAccount, reactivationLink, requestDeletion } from '~/.server/accounts/deletion';
import { setDisabledNotifications } from '~/.server/accounts/notifications';
import { storeMessage } from '~/.server/chat/send';
import { now, setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { sendThroughGateway } from '~/.server/directdebit/sms';
import { ALLOW_PRIVATE_VARIABLE, outboundRequest } from '~/.server/net/outbound';
import { autoLike } from '~/.server/likes/auto-like';
import { likeProfile } from '~/.server/likes/likes';
import { createDiskStorage } from '~/.server/media/disk-storage';
import { notifyActivity } from '~/.server/notifications/activity';
import { sendPromotions } from '~/.server/notifications/rounds';
import { markHidden, markLooking, notificationState } from '~/.server/notifications/state';
import { unsubscribe, unsubscribeListOf } from '~/.server/notifications/unsubscribe';
import { sendDuePostbacks } from '~/.server/postbacks/worker';
import { seedDemoProfiles } from '~/.server/seed/demo-profiles';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { fitsNicheOf } from '../support/niche';
import { request, startServer, withServerDatabase, type RunningServer } from '../support/server';
import { activatedMember } from '../support/accounts';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const ORIGIN = 'https://flirtlokaal.example';

afterEach(() => setClockForTests(null));

describe.each(databaseKinds)('issue 48 (i48d) on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;
  const deps = { tenant: (id: string) => tenants.find((t) => t.id === id), originOf: () => ORIGIN };
  const round = () => notifyActivity(db(), deps);
  const later = (ms: number) => setClockForTests(new Date(now().getTime() + ms));
  /** Each test's app clock starts at the real time (rows such as users.created_at take the database's now()). */
  let START = new Date();
  const start = () => setClockForTests((START = new Date()));

  const member = (name: string, gender: 'male' | 'female', language: 'nl' | 'en' = 'en', t: Tenant = flirt): Promise<User> => activatedMember(db(), t, name, { gender, credits: 0, locale: language, origin: ORIGIN });
  const fresh = (id: number) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const mailsTo = (user: User) => db().selectFrom('mail_outbox').selectAll().where('to_address', '=', user.email).where('kind', '=', 'notification').orderBy('id').execute();
  const memberLike = (from: User, to: User) => likeProfile(db(), flirt, { user: from }, to.profile_id!);
  /** The URL of the List-Unsubscribe header (the https one, RFC 8058). */
  const oneClickUrl = (headers: Record<string, string> | null) => new URL(/<(https:[^>]+)>/.exec(headers?.['List-Unsubscribe'] ?? '')![1]!);

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    await seedDemoProfiles(database.db, 450);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  describe('item 19: the one-click unsubscribe turns off the kind of mail it belongs to', () => {
    it('a like mail\'s List-Unsubscribe URL turns off like mails only: messages are still mailed', async () => {
      start();
      const mia = await member('Unsmia', 'female');
      const tom = await member('Unstom', 'male');
      const ben = await member('Unsben', 'male');
      // News counts from after the member signed up.
      later(60_000);
      await memberLike(tom, mia);
      later(90_000);
      await round();
      const [mail] = await mailsTo(mia);
      expect(mail!.text).toContain('Unstom');
      const url = oneClickUrl(mail!.headers);
      // The link in the mail's footer is the same URL.
      expect(mail!.html).toContain(url.href.replace(/&/g, '&amp;'));
      expect(unsubscribeListOf(url.searchParams)).toEqual(['like']);
      const token = decodeURIComponent(url.pathname.split('/').at(-1)!);
      // As a mail client does it: a POST of the URL.
      expect(await unsubscribe(db(), flirt, token, unsubscribeListOf(url.searchParams))).toMatchObject({ off: ['like'], disabled: ['like'] });
      expect((await fresh(mia.id)).notifications_disabled).toEqual(['like']);

      // Another like is not mailed; a new conversation is.
      later(60 * 60_000);
      const kai = await member('Unskai', 'male');
      later(1000);
      await memberLike(kai, mia);
      await storeMessage(db(), { tenantId: flirt.id, senderProfileId: ben.profile_id!, recipientProfileId: mia.profile_id!, content: { kind: 'text', text: 'Hello Mia' } });
      later(90_000);
      await round();
      const mails = await mailsTo(mia);
      expect(mails).toHaveLength(2);
      expect(mails[1]!.text).toContain('Unsben');
      expect(mails[1]!.text).not.toContain('Unskai');
      // That mail is about a new conversation: its link turns off that kind.
      expect(unsubscribeListOf(oneClickUrl(mails[1]!.headers).searchParams)).toEqual(['new_conversations']);
    });

    it('a scheduled mail\'s link names its own kind (the welcome bonus promotion: promotions)', async () => {
      start();
      const ida = await member('Unsida', 'female');
      expect(await sendPromotions(db(), deps, new Date(START.getTime() + 3.5 * 3600_000))).toBeGreaterThanOrEqual(1);
      const [mail] = await db().selectFrom('mail_outbox').selectAll().where('to_address', '=', ida.email).where('kind', '=', 'notification').execute();
      const url = oneClickUrl(mail!.headers);
      expect(unsubscribeListOf(url.searchParams)).toEqual(['promotions']);
      const token = (await notificationState(db(), ida)).unsubscribe_token;
      expect(await unsubscribe(db(), flirt, token, ['promotions'])).toMatchObject({ off: ['promotions'], disabled: ['promotions'] });
      // A link without a kind (mails sent before kinds were named) still turns all notification mail off.
      expect(unsubscribeListOf(new URLSearchParams(''))).toBe('all');
      expect(await unsubscribe(db(), flirt, token, 'all')).toMatchObject({ off: 'all', disabled: ['promotions', 'listunsubscribe'] });
      expect(await unsubscribe(db(), flirt, 'not-a-token', ['news'])).toBeNull();
    });
  });

  describe('item 20: what happened while a kind of mail was off is never mailed later', () => {
    it('mails neither an auto-like nor a member\'s like received while like mails were off — whether the member was looking or away', async () => {
      start();
      const mia = await member('Offmia', 'female');
      const tom = await member('Offtom', 'male');
      const ben = await member('Offben', 'male');
      later(60_000);
      await setDisabledNotifications(db(), mia, ['like']);

      // Away: a member's like; the rounds pass.
      await markHidden(db(), mia);
      await memberLike(tom, mia);
      later(90_000);
      await round();
      // On the site (her page asks for the auto-like): an auto-like and another member's like.
      later(10 * 60_000);
      await markLooking(db(), mia);
      const auto = await autoLike(db(), flirt, { user: await fresh(mia.id) });
      if (!auto.ok || !auto.profile) throw new Error('no auto-like');
      await memberLike(ben, mia);
      later(60_000);
      await round();
      // She turns like mails back on and leaves.
      await setDisabledNotifications(db(), await fresh(mia.id), []);
      later(60_000);
      await markHidden(db(), mia);
      for (const step of [60_000, 60_000, 40 * 60_000]) {
        later(step);
        await round();
      }
      expect(await mailsTo(mia)).toEqual([]);

      // A like that comes now is mailed, alone.
      const kai = await member('Offkai', 'male');
      later(1000);
      await memberLike(kai, mia);
      later(90_000);
      await round();
      const mails = await mailsTo(mia);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Offkai');
      for (const name of ['Offtom', 'Offben', auto.profile.name]) expect(mails[0]!.text).not.toContain(name);
    });

    it('the same rule for an auto-like received while away and a member\'s like received while looking', async () => {
      start();
      const lea = await member('Offlea', 'female');
      const max = await member('Offmax', 'male');
      await setDisabledNotifications(db(), lea, ['like']);
      later(11 * 60_000);
      await markHidden(db(), lea);
      const auto = await autoLike(db(), flirt, { user: await fresh(lea.id) });
      if (!auto.ok || !auto.profile) throw new Error('no auto-like');
      later(90_000);
      await round();
      await markLooking(db(), lea);
      await memberLike(max, lea);
      later(60_000);
      await round();
      await setDisabledNotifications(db(), await fresh(lea.id), []);
      await markHidden(db(), lea);
      for (const step of [60_000, 60_000, 40 * 60_000]) {
        later(step);
        await round();
      }
      expect(await mailsTo(lea)).toEqual([]);
    });

    it('turning one message kind back on leaves the other kind\'s waiting news alone: a new conversation is still mailed', async () => {
      start();
      const zoe = await member('Offzoe', 'female');
      const jan = await member('Offjan', 'male');
      const rik = await member('Offrik', 'male');
      later(60_000);
      const write = (from: User, text: string) => storeMessage(db(), { tenantId: flirt.id, senderProfileId: from.profile_id!, recipientProfileId: zoe.profile_id!, content: { kind: 'text', text } });
      // Zoe and Jan already talk; new messages are off.
      await write(jan, 'Hi Zoe');
      await storeMessage(db(), { tenantId: flirt.id, senderProfileId: zoe.profile_id!, recipientProfileId: jan.profile_id!, content: { kind: 'text', text: 'Hi Jan' } });
      await setDisabledNotifications(db(), zoe, ['new_messages']);
      await markLooking(db(), zoe);
      await write(jan, 'How are you?');
      // Rik starts a conversation while she looks: its kind is on, it waits for her to leave.
      await write(rik, 'Hello, I am Rik');
      later(60_000);
      await round();
      await setDisabledNotifications(db(), await fresh(zoe.id), []);
      await markHidden(db(), zoe);
      later(60_000);
      await round();
      const mails = await mailsTo(zoe);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Offrik');
      expect(mails[0]!.text).not.toContain('Offjan');
    });
  });

  describe('item 24: the reactivation link after the 14 days', () => {
    it('knows the account is gone for good, before and after the erasure, and reactivates within the window', async () => {
      start();
      const linkOf = async (user: User) => {
        const mail = await db().selectFrom('mail_outbox').select('text').where('to_address', '=', user.email).where('kind', '=', 'reactivation').orderBy('id', 'desc').executeTakeFirstOrThrow();
        return /token=([\w-]+)/.exec(mail.text)![1]!;
      };
      const stays = await member('Goneeva', 'female');
      await requestDeletion(db(), flirt, stays, { reason: 'time', origin: ORIGIN, locale: 'en' });
      const staysToken = await linkOf(stays);
      const goes = await member('Goneada', 'female');
      await requestDeletion(db(), flirt, goes, { reason: 'time', origin: ORIGIN, locale: 'en' });
      const goesToken = await linkOf(goes);

      setClockForTests(new Date(START.getTime() + 13 * 24 * 3600_000));
      expect(await reactivationLink(db(), flirt, staysToken)).toEqual({ state: 'usable' });
      expect(await reactivateAccount(db(), flirt, staysToken)).toEqual({ ok: true });
      expect(await reactivationLink(db(), flirt, staysToken)).toEqual({ state: 'invalid' });

      // Past the window, before the nightly erasure ran.
      setClockForTests(new Date(START.getTime() + 14 * 24 * 3600_000 + 60_000));
      expect(await reactivationLink(db(), flirt, goesToken)).toEqual({ state: 'gone', days: 14 });
      expect(await reactivateAccount(db(), flirt, goesToken)).toEqual({ ok: false, error: 'account_deleted', days: 14 });
      // After it.
      await eraseExpiredAccounts(db(), createDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-d48-'))));
      expect((await fresh(goes.id)).status).toBe('deleted');
      expect(await reactivationLink(db(), flirt, goesToken)).toEqual({ state: 'gone', days: 14 });
      expect(await reactivateAccount(db(), flirt, goesToken)).toEqual({ ok: false, error: 'account_deleted', days: 14 });
      // A token nobody was sent stays an invalid link.
      expect(await reactivationLink(db(), flirt, 'no-such-token')).toEqual({ state: 'invalid' });
    });
  });

  describe('item 23: tenant:check says what a real production start says of an http:// postback template', () => {
    it('warns with the very words the postback worker of a real production start refuses the template with', async () => {
      const template = 'http://track.adnet.example/pb?clickid={click_id}&event={event}';
      const raw = JSON.parse(fs.readFileSync('tenants/flirtlokaal.json', 'utf8')) as Record<string, unknown>;
      raw.postbacks = { adnet: { sale: template } };
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-d48-tenants-'));
      fs.writeFileSync(path.join(dir, 'flirtlokaal.json'), JSON.stringify(raw, null, 2));
      const withHttp = { ...flirt, postbacks: { adnet: { sale: template } } } as Tenant;

      // A real production start: the worker has no own address (selfOrigin null) and refuses the URL.
      const at = now();
      const { id } = await db()
        .insertInto('postbacks')
        .values({ tenant_id: flirt.id, event: 'sale', subject: `d48-${kind.name}`, user_id: null, payment_id: null, visit_id: null, network: 'adnet', amount: 1995, currency: 'EUR', order_number: 'R1', url: null, next_attempt_at: at, last_error: null, sent_at: null, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(await sendDuePostbacks(db(), { tenant: () => withHttp, selfOrigin: () => null })).toBe(0);
      const refused = await db().selectFrom('postbacks').select('last_error').where('id', '=', id).executeTakeFirstOrThrow();
      expect(refused.last_error).toBeTruthy();

      const out = await new Promise<{ code: number; text: string }>((resolve) => {
        execFile(process.execPath, ['--import', 'tsx', 'scripts/tenant-check.ts'], { env: { ...process.env, TENANTS_DIR: dir, NODE_ENV: 'development' } }, (error, stdout, stderr) =>
          resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, text: stdout + stderr }),
        );
      });
      // A warning, not a failure: outside production the template is sent.
      expect(out.code, out.text).toBe(0);
      expect(out.text).toMatch(/^warn {2}.*flirtlokaal\.json$/m);
      expect(out.text).toContain(`postbacks.adnet.sale: ${refused.last_error}`);
      fs.rmSync(dir, { recursive: true, force: true });
    });
  });
});

describe('item 21: the SMS gateway the operator configures may live on a private address', () => {
  let sink: http.Server;
  const heard: string[] = [];
  let port = 0;
  const before = process.env[ALLOW_PRIVATE_VARIABLE];

  beforeAll(async () => {
    sink = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        heard.push(body);
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    port = (sink.address() as AddressInfo).port;
  });
  afterAll(async () => {
    if (before === undefined) delete process.env[ALLOW_PRIVATE_VARIABLE];
    else process.env[ALLOW_PRIVATE_VARIABLE] = before;
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  });

  it('sends to an internal relay without OUTBOUND_ALLOW_PRIVATE (as in a real production start); addresses others supply stay refused', async () => {
    delete process.env[ALLOW_PRIVATE_VARIABLE];
    await sendThroughGateway(`http://127.0.0.1:${port}/sms`, { to: '+31612345678', text: 'Your code: 123456' });
    expect(heard).toEqual([JSON.stringify({ to: '+31612345678', text: 'Your code: 123456' })]);
    // A push endpoint or a postback to the same address is still refused.
    await expect(outboundRequest(`http://127.0.0.1:${port}/x`, { timeoutMs: 5000 })).rejects.toThrow(/not allowed/);
    expect(heard).toHaveLength(1);
  });
});

describe('over HTTP against the built server', () => {
  let server: RunningServer;
  let m = 0;
  const FLIRT = 'flirtlokaal.localhost';
  const BELLA = 'bellacurva.localhost';
  const call = (host: string, method: string, pathname: string, cookie: string, body?: string, type = 'application/json') =>
    request(server.port, `${host}:${server.port}`, pathname, {
      method,
      body,
      headers: { 'content-type': type, origin: `http://${host}:${server.port}`, cookie, 'x-forwarded-for': `10.48.4.${m}` },
    });

  async function signup(host: string, locale: string, country: string): Promise<{ session: string; email: string }> {
    m++;
    const email = `d48-http-${m}@d48.example`;
    const res = await call(host, 'POST', '/api/signup.php', `locale=${locale}`, JSON.stringify({
      email, name: `Httpd${String.fromCharCode(96 + m)}`, password: 'a good password', date_of_birth: '1988-02-02', gender: 'female', seeking: 'male',
      country, terms: true, orientation_consent: true, tracking: { network: 'adnet', ref: 'd48' }, ...fitsNicheOf(host.split('.')[0]!),
    }));
    expect(res.status, res.text).toBe(201);
    return { session: String(res.headers['set-cookie']).split(';')[0]!, email };
  }

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: 'loopback', SKIP_SEED: '1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('item 13: a French member on BellaCurva sees France, the country she chose, in the footer', async () => {
    const fr = await signup(BELLA, 'fr', 'FR');
    const page = await call(BELLA, 'GET', '/notifications', `locale=fr; ${fr.session}`);
    expect(page.status).toBe(200);
    const footer = /data-testid="country-language"[\s\S]*?<\/a>/.exec(page.text)?.[0] ?? '';
    expect(footer).toContain('France');
    expect(footer).not.toContain('Espagne');
    // A country she picks on /lang-config wins over the one of her profile.
    const chosen = await call(BELLA, 'GET', '/notifications', `locale=fr; country=IT; ${fr.session}`);
    expect(/data-testid="country-language"[\s\S]*?<\/a>/.exec(chosen.text)?.[0]).toContain('Italie');
  });

  it('item 19: the one-click POST turns off that kind only; the page says which and offers the others', async () => {
    const who = await signup(FLIRT, 'en', 'NL');
    await call(FLIRT, 'POST', '/api/page-hidden.php', who.session, '{}');
    const read = await withServerDatabase(server, (db) =>
      db.selectFrom('notification_state as s').innerJoin('users as u', 'u.id', 's.user_id').select('s.unsubscribe_token as token').where('u.email', '=', who.email).executeTakeFirstOrThrow(),
    );
    server = read.server;
    const token = read.result.token;
    const url = `/unsubscribe/${token}?kind=like`;
    // GET only shows what the button will do.
    const shown = await call(FLIRT, 'GET', url, 'locale=en');
    expect(shown.text).toContain('Someone likes me');
    expect((await call(FLIRT, 'GET', '/api/user.php', who.session)).json<{ user: { notifications_disabled: string[] } }>().user.notifications_disabled).toEqual([]);
    // As a mail client does it (RFC 8058): no cookie, no Origin.
    const res = await request(server.port, `${FLIRT}:${server.port}`, url, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(200);
    expect((await call(FLIRT, 'GET', '/api/user.php', who.session)).json<{ user: { notifications_disabled: string[] } }>().user.notifications_disabled).toEqual(['like']);
    const off = /data-testid="unsubscribe-off"[\s\S]*?<\/ul>/.exec(res.text)?.[0] ?? '';
    expect(off).toContain('Someone likes me');
    expect(off).not.toContain('New messages');
    // The others, each with its own button, all at once, and the settings.
    const others = /data-testid="unsubscribe-others"[\s\S]*?<\/ul>/.exec(res.text)?.[0] ?? '';
    for (const label of ['New messages', 'Weekly update with new members', 'News about the website']) expect(others).toContain(label);
    expect(others).not.toContain('Someone likes me');
    expect(res.text).toContain(`action="/unsubscribe/${token}?kind=news"`);
    expect(res.text).toContain(`action="/unsubscribe/${token}"`);
    expect(res.text).toContain('href="/notifications"');
    // The page's button for another kind turns that one off too.
    const news = await call(FLIRT, 'POST', `/unsubscribe/${token}?kind=news`, 'locale=en', 'token=x', 'application/x-www-form-urlencoded');
    expect(news.status).toBe(200);
    expect((await call(FLIRT, 'GET', '/api/user.php', who.session)).json<{ user: { notifications_disabled: string[] } }>().user.notifications_disabled).toEqual(['like', 'news']);
  });

  it('item 24: after the 14 days, the reactivation link\'s page says the account is gone for good and what happened to the data', async () => {
    const who = await signup(FLIRT, 'en', 'NL');
    expect((await call(FLIRT, 'POST', '/api/account-delete.php', who.session, JSON.stringify({ reason: 'time' }))).status).toBe(200);
    const outbox = await call(FLIRT, 'GET', '/dev/outbox', '');
    const link = new RegExp(`data-to="${who.email}"[\\s\\S]*?href="[^"]*(/reactivate\\?token=[\\w-]+)"`).exec(outbox.text)![1]!;
    // The 14 days pass (the erasure has not run yet).
    const moved = await withServerDatabase(server, async (db) => {
      const user = await db.selectFrom('users').select('id').where('email', '=', who.email).executeTakeFirstOrThrow();
      const past = new Date(Date.now() - 15 * 24 * 3600_000);
      await db.updateTable('users').set({ deletion_requested_at: past }).where('id', '=', user.id).execute();
      await db.updateTable('account_tokens').set({ created_at: past, expires_at: new Date(past.getTime() + 14 * 24 * 3600_000) }).where('user_id', '=', user.id).where('kind', '=', 'reactivation').execute();
    });
    server = moved.server;
    for (const page of [await call(FLIRT, 'GET', link, 'locale=en'), await call(FLIRT, 'POST', link, 'locale=en', `token=${new URL(link, 'http://x').searchParams.get('token')}`, 'application/x-www-form-urlencoded')]) {
      expect(page.status).toBe(200);
      expect(page.text).toContain('This account has been deleted: the 14 days in which it could be reactivated have passed.');
      expect(page.text).toContain('erased');
      expect(page.text).not.toContain('Link expired or invalid, request a new email');
      expect(page.text).not.toContain('Reactivate my account');
    }
  });
});
