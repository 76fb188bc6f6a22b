// Notifications over HTTP against the built server (issue 24): the one-click unsubscribe (RFC 8058)
// without a login, the page-hidden beacon, push subscription for members only, the service worker
// and the tenant's VAPID public key in the settings.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startServer, type RunningServer } from '../support/server';

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

beforeAll(async () => {
  server = await startServer();
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

  it.runIf(process.env.DATABASE_URL)('unsubscribes with one POST of the List-Unsubscribe URL, without a login; the member sees why and turns mail back on', async () => {
    const { cookie, email } = await member();
    // The beacon makes the member's notification state, with its token (read here from the database).
    await call('POST', '/api/page-hidden.php', cookie, {});
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ token: string }>('select unsubscribe_token as token from notification_state s join users u on u.id = s.user_id where u.email = $1', [email]);
    await client.end();
    const token = rows[0]!.token;
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
});
