// Notifications over HTTP against the built server (issue 24): the one-click unsubscribe (RFC 8058)
// without a login, the page-hidden beacon, push subscription for members only, the service worker
// and the tenant's VAPID public key in the settings.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startServer, withServerDatabase, type RunningServer } from '../support/server';

let server: RunningServer;
const HOST = 'flirtlokaal.nl';
const ORIGIN = `http://${HOST}`;
let n = 0;

const call = (method: string, path: string, cookie: string, body?: unknown, headers: Record<string, string> = {}) =>
  request(server.port, HOST, path, {
    method,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: ORIGIN, cookie, ...headers },
  });

/** A confirmed member (activated through the mailed link), with English texts. */
async function member(): Promise<{ cookie: string; email: string }> {
  n++;
  const email = `notify${n}@example.com`;
  const res = await call('POST', '/api/signup.php', 'locale=en', { email, name: `Notify${n}`, password: 'a good password', date_of_birth: '1990-01-01', gender: 'female', seeking: 'male', country: 'NL', terms: true, orientation_consent: true });
  expect(res.status).toBe(201);
  const cookie = `${String(res.headers['set-cookie']).split(';')[0]!}; locale=en`;
  const outbox = await request(server.port, HOST, '/dev/outbox');
  const token = new RegExp(`data-to="${email}"[\\s\\S]*?/activate\\?token=([\\w-]+)`).exec(outbox.text)![1]!;
  await request(server.port, HOST, `/activate?token=${token}`);
  return { cookie, email };
}

const subscription = {
  endpoint: 'https://push.example.test/abc',
  expirationTime: null,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
};

const FEEDBACK_SECRET = 'feedback-secret-for-the-tests-0123';
/** A provider's report from tests/fixtures/mail-feedback about `recipient`. */
const report = (file: string, recipient: string) =>
  fs.readFileSync(`tests/fixtures/mail-feedback/${file}`, 'utf8').replace(/gone@example\.net|full@example\.net|angry@example\.org/g, recipient);
const feedback = (body: string, type: string, secret: string | null = FEEDBACK_SECRET) =>
  request(server.port, HOST, '/api/mail-feedback.php', { method: 'POST', body, headers: { 'content-type': type, ...(secret === null ? {} : { authorization: `Bearer ${secret}` }) } });
const reasons = async (cookie: string) => (await call('GET', '/api/user.php', cookie)).json<{ user: { notifications_disabled: string[] } }>().user.notifications_disabled;

beforeAll(async () => {
  server = await startServer({ MAIL_FEEDBACK_SECRET: FEEDBACK_SECRET });
});

afterAll(async () => {
  await server?.stop();
});

describe('notifications over HTTP', () => {
  it('takes the page-hidden beacon with an empty JSON body from members and visitors alike', async () => {
    const { cookie } = await member();
    expect((await call('POST', '/api/page-hidden.php', cookie, {})).status).toBe(204);
    expect((await call('POST', '/api/page-hidden.php', cookie, { visible: true })).status).toBe(204);
    expect((await call('POST', '/api/page-hidden.php', '', {})).status).toBe(204);
  });

  it('subscribes and unsubscribes a member\'s browser to push with ?push=1, and refuses visitors', async () => {
    const visitor = await call('POST', '/api/user.php?push=1', '', { subscription });
    expect(visitor.status).toBe(403);
    expect(visitor.json<{ error: string }>().error).toBe('authentication_required');
    const { cookie } = await member();
    const bad = await call('POST', '/api/user.php?push=1', cookie, { subscription: { endpoint: 'http://insecure.example/x', keys: {} } });
    expect(bad.status).toBe(400);
    const ok = await call('POST', '/api/user.php?push=1', cookie, { subscription });
    expect(ok.status).toBe(200);
    expect(ok.json()).toEqual({ ok: true, push: { isSubscribed: true } });
    expect((await call('DELETE', '/api/user.php?push=1', cookie, { endpoint: subscription.endpoint })).json()).toEqual({ ok: true, push: { isSubscribed: false } });
    // Without ?push=1 the POST is still the login.
    expect((await call('POST', '/api/user.php', '', { email: 'nobody@example.com', password: 'wrong password' })).status).toBe(401);
  });

  it('serves the push service worker and the tenant\'s VAPID public key', async () => {
    const worker = await request(server.port, HOST, '/sw-push.js');
    expect(worker.status).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^text\/javascript/);
    expect(worker.text).toContain('showNotification');
    expect(worker.text).toContain('notificationclick');
    const settings = (await request(server.port, HOST, '/api/settings.php')).json<{ push_public_key: string }>();
    expect(settings.push_public_key).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    const again = (await request(server.port, HOST, '/api/settings.php')).json<{ push_public_key: string }>();
    expect(again.push_public_key).toBe(settings.push_public_key);
  });

  it('answers 404 to a one-click POST with an unknown token', async () => {
    const res = await request(server.port, HOST, '/unsubscribe/not-a-token', { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(404);
  });

  it('unsubscribes with one POST of the List-Unsubscribe URL, without a login; the member sees why and turns mail back on', async () => {
    const { cookie, email } = await member();
    // The beacon makes the member's notification state, with its token (read here from the database,
    // on PGlite with the server stopped and started again on the same data; the session survives).
    await call('POST', '/api/page-hidden.php', cookie, {});
    const read = await withServerDatabase(server, (db) =>
      db.selectFrom('notification_state as s').innerJoin('users as u', 'u.id', 's.user_id').select('s.unsubscribe_token as token').where('u.email', '=', email).executeTakeFirstOrThrow(),
    );
    server = read.server;
    const token = read.result.token;
    // As a mail client does it (RFC 8058): no cookie, no Origin.
    const res = await request(server.port, HOST, `/unsubscribe/${token}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(200);
    const me = (await call('GET', '/api/user.php', cookie)).json<{ user: { notifications_disabled: string[] } }>();
    expect(me.user.notifications_disabled).toEqual(['listunsubscribe']);
    const page = await call('GET', '/notifications', cookie);
    expect(page.text).toContain('data-testid="mail-off"');
    expect(page.text).toContain('You unsubscribed from our e-mails with one click');
    const on = await call('POST', '/notifications', cookie, 'intent=mail-on', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(on.status).toBeLessThan(400);
    expect((await call('GET', '/api/user.php', cookie)).json<{ user: { notifications_disabled: string[] } }>().user.notifications_disabled).toEqual([]);
  });

  it('refuses mail feedback without the bearer secret (401) and with a wrong one (403)', async () => {
    const body = JSON.stringify({ event: 'complaint', recipient: 'x@example.com' });
    const none = await feedback(body, 'application/json', null);
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.json<{ error: string; message: string }>()).toEqual({ error: 'unauthorized', message: 'Een geldig feedbackgeheim is vereist' });
    const wrong = await feedback(body, 'application/json', 'not-the-secret-not-the-secret');
    expect(wrong.status).toBe(403);
    expect(wrong.json<{ error: string }>().error).toBe('forbidden');
  });

  it('answers 400, never 5xx, to feedback it cannot read', async () => {
    const bodies: [string, string][] = [
      ['{"event":"bounce"', 'application/json'],
      ['{"event":"explode","recipient":"a@example.com"}', 'application/json'],
      ['{"event":"complaint","recipient":"not an address"}', 'application/json'],
      ['[]', 'application/json'],
      ['', 'message/rfc822'],
      ['just some words, no mail at all', 'text/plain'],
      ['\u0000\u0001\u0002 binary', 'message/rfc822'],
      ['Content-Type: multipart/report; boundary=x\r\n\r\n--x\r\nbroken', 'message/rfc822'],
      ['Subject: hello\r\n\r\nan ordinary mail', 'message/rfc822'],
      ['event=complaint', 'application/x-www-form-urlencoded'],
    ];
    for (const [body, type] of bodies) {
      const res = await feedback(body, type);
      expect(res.status, `${type}: ${body}`).toBeLessThan(500);
      if (res.status !== 200) expect(res.json<{ error: string; message: string }>().message).toBeTruthy();
    }
    expect((await feedback('{"event":"bounce"', 'application/json')).status).toBe(400);
    expect((await feedback('just some words, no mail at all', 'text/plain')).status).toBe(400);
    expect((await feedback('event=complaint', 'application/x-www-form-urlencoded')).status).toBe(400);
  });

  it('disables notification mail with `bounce` for a hard-bounce DSN (RFC 3464), not for a soft one', async () => {
    const { cookie, email } = await member();
    const soft = await feedback(report('dsn-soft.eml', email), 'message/rfc822');
    expect(soft.status).toBe(200);
    expect(soft.json()).toEqual({ disabled: 0, ignored: 1 });
    expect(await reasons(cookie)).toEqual([]);
    const hard = await feedback(report('dsn-hard.eml', email.toUpperCase()), 'message/rfc822');
    expect(hard.json()).toEqual({ disabled: 1, ignored: 0 });
    expect(await reasons(cookie)).toEqual(['bounce']);
    // Sent twice (providers retry): still one reason.
    await feedback(report('dsn-hard.eml', email), 'multipart/report');
    expect(await reasons(cookie)).toEqual(['bounce']);
  });

  it('disables notification mail with `fbl` for an ARF complaint (RFC 5965) and for a JSON complaint event', async () => {
    const first = await member();
    const arf = await feedback(report('arf-abuse.eml', first.email), 'message/rfc822');
    expect(arf.json()).toEqual({ disabled: 1, ignored: 0 });
    expect(await reasons(first.cookie)).toEqual(['fbl']);
    const second = await member();
    const json = await feedback(JSON.stringify({ events: [{ event: 'complaint', recipient: second.email }, { event: 'soft_bounce', recipient: second.email }] }), 'application/json');
    expect(json.json()).toEqual({ disabled: 1, ignored: 1 });
    expect(await reasons(second.cookie)).toEqual(['fbl']);
    // The member sees why on the notifications page and in the alert's data.
    const page = await call('GET', '/notifications', second.cookie);
    expect(page.text).toContain('You marked one of our e-mails as spam');
  });
});
