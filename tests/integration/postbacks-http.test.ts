// Postbacks over HTTP against the production build (issue 23 item 5, docs/decisions/0028): a visitor
// from the demo network signs up, and the demo network's endpoint (/dev/postbacks on the site itself)
// receives the lead with the visit's sub1 — sent by the job queue, not by the signup request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const HOST = 'herzklopfen.de';
const get = (path: string, headers: Record<string, string> = {}, host = HOST) => request(server.port, host, path, { headers: { 'user-agent': BROWSER_UA, ...headers } });

beforeAll(async () => {
  server = await startServer({ SKIP_SEED: '1' });
});

afterAll(async () => {
  await server?.stop();
});

/** Asks /dev/postbacks until `test` holds (the worker sends a second after the signup), for up to 20 s. */
async function eventually(path: string, test: (body: string) => boolean, host = HOST): Promise<string> {
  let body = '';
  for (let tries = 0; tries < 100; tries++) {
    body = String((await get(path, {}, host)).body);
    if (test(body)) return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return body;
}

describe('/dev/postbacks and the demo network', () => {
  it('records a postback it receives and lists it for its own tenant only', async () => {
    const received = await get('/dev/postbacks/receive?event=lead&click_id=abc&sub1=manual-check');
    expect(received.status).toBe(200);
    expect(String(received.body)).toBe('OK\n');
    expect(String((await get('/dev/postbacks')).body)).toContain('sub1=manual-check');
    expect(String((await get('/dev/postbacks', {}, 'flirtlokaal.nl')).body)).not.toContain('manual-check');
  });

  it('receives the lead of a visitor who came through a demo tracking link and signed up', async () => {
    const landing = await get('/landers/video?network=demo&sub1=spring-test');
    const all = landing.headers['set-cookie'];
    const cookie = (Array.isArray(all) ? all : [String(all)]).map((c: string) => c.split(';')[0]).join('; ');
    const signup = await request(server.port, HOST, '/api/signup.php', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://${HOST}`, cookie, 'user-agent': BROWSER_UA },
      body: JSON.stringify({ email: 'demo-lead@example.com', name: 'Lena', password: 'a good password', date_of_birth: '1992-03-04', gender: 'female', seeking: 'female', country: 'DE', region: 'DE-BY', terms: true, orientation_consent: true }),
    });
    expect(signup.status, String(signup.body)).toBe(201);
    const list = await eventually('/dev/postbacks', (body) => body.includes('sub1=spring-test'));
    expect(list).toMatch(/event=lead · click_id=[A-Za-z0-9_-]{22} · sub1=spring-test/);
  });
});
