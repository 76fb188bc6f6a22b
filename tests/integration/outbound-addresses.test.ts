// Calls to addresses someone supplied never reach our own network (issue 31 item 3,
// docs/decisions/0037). The issue's words: POST /api/user.php?push=1 accepted
// https://127.0.0.1:6379/…, https://169.254.169.254/…, https://10.0.0.1/…, https://[::1]/… and
// https://2130706433/…, and the server then connected there on every message and like.
// - subscribing refuses loopback, private, link-local and metadata addresses and localhost (400 with
//   a translated text), over HTTP against the built server;
// - connecting checks the resolved address again: a stored endpoint, a postback or an SMS gateway
//   whose name resolves to loopback is refused and the local sink hears nothing — unless the one
//   documented variable OUTBOUND_ALLOW_PRIVATE=1 lets a test reach its local sink;
// - postback URLs are https in a real production start.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALLOW_PRIVATE_VARIABLE, outboundRequest, refusedHost } from '~/.server/net/outbound';
import { PushSubscriptionSchema } from '~/.server/notifications/push';
import { request, startServer, type RunningServer } from '../support/server';

const PRIVATE_ENDPOINTS = [
  'https://127.0.0.1:6379/x',
  'https://169.254.169.254/latest/meta-data/',
  'https://10.0.0.1/x',
  'https://[::1]/x',
  'https://2130706433/x',
  'https://0x7f.1/x',
  'https://[::ffff:127.0.0.1]/x',
  'https://192.168.1.20/x',
  'https://172.16.0.1/x',
  'https://100.64.0.1/x',
  'https://[fd00::1]/x',
  'https://[fe80::1]/x',
  'https://0.0.0.0/x',
  'https://localhost/x',
  'https://push.localhost:8443/x',
  'https://metadata.google.internal/computeMetadata/v1/',
];

describe('the addresses a member may give for push', () => {
  it('refuses loopback, private, link-local and metadata addresses and localhost, however spelt', () => {
    for (const endpoint of PRIVATE_ENDPOINTS) expect(refusedHost(endpoint, {}), endpoint).not.toBeNull();
    expect(refusedHost('https://2130706433/x', {})).toBe('private');
    expect(refusedHost('https://169.254.169.254/x', { [ALLOW_PRIVATE_VARIABLE]: '1' })).toBe('metadata');
  });

  it('accepts the push services of the browsers', () => {
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc', 'https://updates.push.services.mozilla.com/wpush/v2/abc', 'https://web.push.apple.com/abc', 'https://wns2-db5p.notify.windows.com/w/?token=abc']) {
      expect(refusedHost(endpoint, {}), endpoint).toBeNull();
    }
  });

  it('the subscription schema says why, as a key the API translates', () => {
    const parsed = PushSubscriptionSchema.safeParse({ subscription: { endpoint: 'https://10.0.0.1/x', keys: { p256dh: 'a', auth: 'b' } } });
    expect(parsed.error?.issues[0]?.message).toBe('validation.publicAddress');
  });
});

describe('connecting checks the resolved address again', () => {
  let sink: http.Server;
  let heard = 0;
  let port = 0;
  const before = process.env[ALLOW_PRIVATE_VARIABLE];

  beforeAll(async () => {
    sink = http.createServer((_req, res) => {
      heard++;
      res.end('ok');
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    port = (sink.address() as AddressInfo).port;
  });
  afterEach(() => {
    if (before === undefined) delete process.env[ALLOW_PRIVATE_VARIABLE];
    else process.env[ALLOW_PRIVATE_VARIABLE] = before;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  });

  it('refuses a name that resolves to loopback (as a DNS rebinding would) and a literal address; the sink hears nothing', async () => {
    delete process.env[ALLOW_PRIVATE_VARIABLE];
    await expect(outboundRequest(`http://localhost:${port}/`, { timeoutMs: 5000 })).rejects.toThrow(/not allowed/);
    await expect(outboundRequest(`http://127.0.0.1:${port}/`, { timeoutMs: 5000 })).rejects.toThrow(/not allowed/);
    await expect(outboundRequest(`http://2130706433:${port}/`, { timeoutMs: 5000 })).rejects.toThrow(/not allowed/);
    expect(heard).toBe(0);
  });

  it('reaches a local sink only when OUTBOUND_ALLOW_PRIVATE=1 says so', async () => {
    process.env[ALLOW_PRIVATE_VARIABLE] = '1';
    expect(await outboundRequest(`http://localhost:${port}/`, { timeoutMs: 5000 })).toEqual({ status: 200, body: 'ok' });
    expect(heard).toBe(1);
  });
});

describe('POST /api/user.php?push=1 against the built server', () => {
  let server: RunningServer;
  const HOST = 'flirtlokaal.nl';
  const call = (path: string, cookie: string, body: unknown) =>
    request(server.port, HOST, path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: `http://${HOST}`, cookie } });

  beforeAll(async () => {
    server = await startServer({ SKIP_SEED: '1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 400 with a translated text for every private endpoint, and keeps a public one', async () => {
    const res = await call('/api/signup.php', 'locale=en', { email: 'pusher@example.com', name: 'Pusher', password: 'a good password', date_of_birth: '1990-01-01', gender: 'female', seeking: 'male', country: 'NL', terms: true, orientation_consent: true });
    expect(res.status).toBe(201);
    const cookie = `${String(res.headers['set-cookie']).split(';')[0]!}; locale=en`;
    const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
    for (const endpoint of PRIVATE_ENDPOINTS) {
      const refused = await call('/api/user.php?push=1', cookie, { subscription: { endpoint, keys } });
      expect(refused.status, endpoint).toBe(400);
      expect(JSON.stringify(refused.json())).toContain('The address must be a public address on the internet');
    }
    expect((await call('/api/user.php?push=1', cookie, { subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys } })).status).toBe(200);
  });
});
