// Issue 31 item 5 (docs/decisions/0039): a saturated server answers 503 with Retry-After before it
// starts work, never 500 — a translated page for pages, JSON `overloaded` on /api — and /healthz is
// never refused. "Busy" is forced deterministically: OVERLOAD_TEST_DELAY_MS (NODE_ENV=test only)
// makes the event-loop monitor report that delay. The monitor's own measurement and the render
// abort are tested in tests/unit/admission.test.tsx. A server saturated by work (issue 45, docs/decisions/0071):
// its requests in flight at the limit, the queue full, a new page answers 503 with Retry-After at once.
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startServer, type RunningServer } from '../support/server';

let busy: RunningServer;
let calm: RunningServer;
const host = (server: RunningServer) => `flirtlokaal.localhost:${server.port}`;

beforeAll(async () => {
  [busy, calm] = await Promise.all([
    startServer({ SKIP_SEED: '1', OVERLOAD_TEST_DELAY_MS: '5000', OVERLOAD_DELAY_MS: '250', OVERLOAD_RETRY_AFTER_S: '7' }),
    startServer({ SKIP_SEED: '1', OVERLOAD_TEST_DELAY_MS: '100', OVERLOAD_DELAY_MS: '250' }),
  ]);
});

afterAll(async () => {
  await Promise.all([busy?.stop(), calm?.stop()]);
});

describe('a saturated server', () => {
  it.each(['/', '/members', '/likes', '/login', '/unsubscribe/some-token'])('answers the page %s with a translated 503 page and Retry-After', async (path) => {
    const res = await request(busy.port, host(busy), path, { headers: { cookie: 'locale=en' } });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('The site is very busy right now. Please try again in a moment');
    const dutch = await request(busy.port, host(busy), path);
    expect(dutch.text).toContain('De site is op dit moment erg druk. Probeer het zo meteen opnieuw');
  });

  it('answers /api with JSON { error: "overloaded", message }', async () => {
    for (const method of ['GET', 'POST']) {
      const res = await request(busy.port, host(busy), '/api/settings.php', { method, headers: { cookie: 'locale=en', 'content-type': 'application/json', origin: `http://${host(busy)}` }, body: method === 'POST' ? '{}' : undefined });
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('7');
      expect(res.json()).toEqual({ error: 'overloaded', message: 'The site is very busy right now. Please try again in a moment' });
    }
  });

  it('never refuses the health check', async () => {
    const res = await request(busy.port, host(busy), '/healthz');
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('still serves the message catalogue, so a page it did render never starts in English', async () => {
    const res = await request(busy.port, host(busy), '/i18n/nl.000000000000.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.text).toContain('"nl"');
  });

  it('serves media before the gate, as the static files: a picture of a page it served is never shed (issue 48 item 16)', async () => {
    // No demo data here: a missing demo picture is a 404 from the media handler, never the gate's 503.
    const res = await request(busy.port, host(busy), '/media/demo/f/1-1.webp');
    expect(res.status).toBe(404);
    expect(res.headers['retry-after']).toBeUndefined();
    const file = fs.readdirSync('build/client/assets').find((name) => name.startsWith('entry.client-'))!;
    expect((await request(busy.port, host(busy), `/assets/${file}`)).status).toBe(200);
  });

  it('logs the refusals without a stack: one summary at warn, each refused request at info, never an error line (issue 45 item 4)', () => {
    const output = busy.output();
    expect(output).toMatch(/overloaded \([^)\n]*event-loop delay 5000 ms, busy 100 %\): \d+ request\(s\) answered 503/);
    expect(output.match(/overloaded \(/g)).toHaveLength(1);
    expect(output).toMatch(/"level":"warn"[^\n]*overloaded \(/);
    expect(output).toMatch(/"level":"info"[^\n]*"status":503/);
    expect(output).not.toMatch(/"level":"error"[^\n]*"status":503/);
    expect(output).not.toMatch(/answered 500|aborted by the server/);
  });
});

describe('a server whose requests in flight are at the limit', () => {
  it('answers a new page 503 with Retry-After at once, and serves again once the place is free', async () => {
    const full = await startServer({ SKIP_SEED: '1', ADMISSION_IN_FLIGHT: '1', ADMISSION_QUEUE: '0' });
    const hold = new net.Socket();
    try {
      const at = host(full);
      // One request in flight that does not end: a JSON body announced and never sent in full.
      await new Promise<void>((resolve) => hold.connect(full.port, '127.0.0.1', resolve));
      hold.write(`POST /api/user.php HTTP/1.1\r\nHost: ${at}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
      await expect.poll(async () => (await request(full.port, at, '/', { headers: { cookie: 'locale=en' } })).status, { timeout: 10_000, interval: 50 }).toBe(503);
      const res = await request(full.port, at, '/members', { headers: { cookie: 'locale=en' } });
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.text).toContain('The site is very busy right now. Please try again in a moment');
      const api = await request(full.port, at, '/api/settings.php', { headers: { cookie: 'locale=en' } });
      expect(api.status).toBe(503);
      expect(api.json()).toMatchObject({ error: 'overloaded' });
      // Before the gate: never refused.
      expect((await request(full.port, at, '/healthz')).status).toBe(200);
      expect((await request(full.port, at, '/i18n/en.000000000000.js')).status).toBe(200);
      // The held request's client hangs up: its place is free again.
      hold.destroy();
      await expect.poll(async () => (await request(full.port, at, '/')).status, { timeout: 10_000, interval: 50 }).toBe(200);
      expect(full.output()).toMatch(/"level":"warn"[^\n]*overloaded \(1 in flight, 0 waiting/);
      expect(full.output()).not.toMatch(/"level":"error"[^\n]*"status":503/);
    } finally {
      hold.destroy();
      await full.stop();
    }
  });
});

describe('a server under its limit', () => {
  it('serves pages and the API as usual', async () => {
    expect((await request(calm.port, host(calm), '/')).status).toBe(200);
    expect((await request(calm.port, host(calm), '/api/settings.php')).status).toBe(200);
  });
});
