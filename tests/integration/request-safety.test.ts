// Issue 21 over HTTP against the built server: no request poisons the process for every tenant
// (prototype keys), no redirect leaves the site, malformed requests answer 4xx, a body cut off at its
// cap never leaks into the next request on a kept-alive connection, a client that hangs up is a
// disconnect in the log, and a demo start listens on loopback only.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const HOST = 'flirtlokaal.nl';
const ORIGIN = `http://${HOST}`;
const get = (pathname: string, headers: Record<string, string> = {}) => request(server.port, HOST, pathname, { headers: { cookie: 'locale=en', ...headers } });
const form = (pathname: string, body: string, headers: Record<string, string> = {}) =>
  request(server.port, HOST, pathname, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, cookie: 'locale=en', ...headers } });
const json = (pathname: string, body: string) => request(server.port, HOST, pathname, { method: 'POST', body, headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: 'locale=en' } });

/** Raw bytes on one connection; resolves with everything the server sent until it closed (or `ms` passed). */
function raw(chunks: (string | Buffer)[], ms = 5000): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(server.port, '127.0.0.1', () => {
      for (const chunk of chunks) socket.write(chunk);
    });
    let received = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(received);
    };
    const timer = setTimeout(done, ms);
    socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
    socket.on('close', done);
    socket.on('error', done);
  });
}

const statuses = (received: string) => [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));

interface Search {
  results: { gender: string }[];
}

beforeAll(async () => {
  // Seeded: the search must show both genders before and after the pollution attempts.
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('prototype keys in requests (item 1)', () => {
  const attempts: [string, () => Promise<{ status: number }>][] = [
    ['a query on settings', () => get('/api/settings.php?__proto__[query]=1')],
    ['a query on the search', () => get('/api/members.php?__proto__[gender]=male')],
    ['a query with constructor[prototype]', () => get('/api/members.php?constructor[prototype]=x')],
    ['a query with a plain __proto__', () => get('/api/settings.php?__proto__=1')],
    ['a login form body', () => form('/login', '__proto__[gender]=male&email=a%40b.example&password=x')],
    ['an API form body', () => form('/api/user.php', '__proto__[gender]=male')],
    ['a JSON body', () => json('/api/user.php', '{"email":"a@b.example","password":"x","__proto__":{"gender":"male"}}')],
    ['a nested JSON body', () => json('/api/signup.php', '{"tracking":{"__proto__":{"network":"x"}}}')],
    ['a multipart body', () => request(server.port, HOST, '/api/photos.php', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=b', origin: ORIGIN }, body: '--b\r\nContent-Disposition: form-data; name="__proto__[gender]"\r\n\r\nmale\r\n--b--\r\n' })],
  ];

  it('refuses every prototype key with a 4xx, never a 5xx', async () => {
    for (const [what, send] of attempts) {
      const res = await send();
      expect(res.status, what).toBeGreaterThanOrEqual(400);
      expect(res.status, what).toBeLessThan(500);
    }
  });

  it('says which field is not allowed, translated', async () => {
    const res = await get('/api/members.php?__proto__[gender]=male');
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', fields: { '__proto__[gender]': 'This field name is not allowed' } });
    const it = await request(server.port, 'bellacurva.it', '/api/members.php?constructor[prototype]=1', { headers: { cookie: 'locale=it' } });
    expect(it.json()).toMatchObject({ fields: { 'constructor[prototype]': 'Questo nome di campo non è consentito' } });
  });

  it('leaves the process as it was: settings, company info, logins and searches of every tenant still answer the same', async () => {
    for (const [, send] of attempts) await send();
    for (const host of ['flirtlokaal.nl', 'bellacurva.it', 'rainbowhearts.co.uk']) {
      const settings = await request(server.port, host, '/api/settings.php');
      expect(settings.status, host).toBe(200);
      expect(settings.json<Record<string, unknown>>()).not.toHaveProperty('query');
      expect((await request(server.port, host, '/api/companyinfo.php')).status, host).toBe(200);
      expect((await request(server.port, host, '/api/user.php')).json(), host).toMatchObject({ user: null });
    }
    const login = await json('/api/user.php', JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' }));
    expect(login.status).toBe(401);
    const search = (await get('/api/members.php')).json<Search>();
    expect(new Set(search.results.map((card) => card.gender))).toEqual(new Set(['male', 'female']));
    expect(({} as Record<string, unknown>).gender).toBeUndefined();
  });
});

describe('the language page returns only within the site (item 5)', () => {
  const evil = ['/%09/evil.example', '/%0A/evil.example', '/%0D%0A/evil.example', '//evil.example', '/\\evil.example', '/%5Cevil.example', 'https://evil.example/', '/%2F/evil.example/'];

  it('never answers a Location that a browser reads as another site, and never a 5xx', async () => {
    for (const target of evil) {
      const res = await form('/lang-config', `locale=en&redirectTo=${target}`);
      expect(res.status, target).toBe(303);
      const location = String(res.headers.location);
      expect(location, target).toMatch(/^\/(?![/\\])/);
      // eslint-disable-next-line no-control-regex
      expect(location, target).not.toMatch(/[\u0000-\u001f\\]/);
      expect(new URL(location, 'https://flirtlokaal.nl').host, target).toBe('flirtlokaal.nl');
    }
  });

  it('keeps a same-site path with its query, normalised', async () => {
    const res = await form('/lang-config', `locale=en&redirectTo=${encodeURIComponent('/members/../members?city=Den Haag&page=2')}`);
    expect(res.headers.location).toBe('/members?city=Den%20Haag&page=2');
  });

  it('puts only a same-site path into the language buttons of the page', async () => {
    const page = await get('/lang-config?redirectTo=%2F%09%2Fevil.example');
    expect(page.status).toBe(200);
    // The page's language buttons return home; the menu in the header returns to this very page.
    const targets = [...page.text.matchAll(/name="redirectTo" value="([^"]*)"/g)].map((match) => match[1]!);
    expect(targets).toContain('/');
    for (const target of targets) {
      expect(target).toMatch(/^\/(?![/\\])/);
      expect(target).not.toMatch(/\t/);
      expect(new URL(target, 'https://flirtlokaal.nl').host).toBe('flirtlokaal.nl');
    }
  });
});

describe('malformed requests answer 4xx (item 6)', () => {
  const line = (target: string, host = HOST) => `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;

  it('refuses a Host with an invalid port', async () => {
    expect(statuses(await raw([line('/', `${HOST}:99999`)]))).toEqual([400]);
    expect(statuses(await raw([line('/', `${HOST}:abc`)]))).toEqual([400]);
    expect(statuses(await raw([line('/api/settings.php', `${HOST}:0`)]))).toEqual([400]);
  });

  it('serves an absolute-form target as the page it names', async () => {
    const received = await raw([line(`http://${HOST}/pages/terms`)]);
    expect(statuses(received)).toEqual([200]);
    expect(received).toContain('<html');
  });

  it('refuses the asterisk form except for OPTIONS', async () => {
    expect(statuses(await raw([line('*')]))).toEqual([400]);
    const options = await raw([`OPTIONS * HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`]);
    expect(statuses(options)).toEqual([204]);
    expect(options).toMatch(/Allow: GET, HEAD, POST/);
  });

  it('answers a NUL byte or malformed percent-encoding in the path with the themed 400 page, and logs no stack', async () => {
    const before = server.output().length;
    for (const target of ['/sandbox/checkout/%00', '/chats/%ZZ', '/members/%E0%A4%A', '/pages/%01']) {
      const res = await get(target);
      expect(res.status, target).toBe(400);
      expect(res.text, target).toContain('This address is not valid');
      expect(res.text, target).toContain('FlirtLokaal');
    }
    const api = await get('/api/chat.php/%ZZ');
    expect(api.status).toBe(400);
    expect(api.json()).toMatchObject({ error: 'bad_request' });
    expect(server.output().slice(before)).not.toMatch(/URIError|\n\s+at /);
  });
});

describe('connections and logs (item 7)', () => {
  const chunked = (pathname: string, kib: number, headers = '') => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const parts: (string | Buffer)[] = [`POST ${pathname} HTTP/1.1\r\nHost: ${HOST}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n${headers}\r\n`];
    for (let sent = 0; sent < kib; sent += 64) parts.push(`${chunk.length.toString(16)}\r\n`, chunk, '\r\n');
    parts.push('0\r\n\r\n');
    return parts;
  };
  const next = `GET /healthz HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`;

  it('a large chunked POST refused before its body is read leaves the kept-alive connection usable', async () => {
    const received = await raw([...chunked('/api/user.php', 2048, 'Origin: http://evil.example\r\n'), next]);
    expect(statuses(received)).toEqual([403, 200]);
  });

  it('a page form body cut off at its cap closes the connection instead of leaking the rest into the next request', async () => {
    const received = await raw([...chunked('/login', 4096), next]);
    const answers = statuses(received);
    expect(answers[0]).toBe(413);
    // Either the connection was closed (said in the answer) or the next request was answered: never a reset without a word.
    if (answers.length === 1) expect(received).toMatch(/Connection: close/i);
    else expect(answers).toEqual([413, 200]);
  });

  it('logs a client that hangs up mid-request as a disconnect, not as a 500', async () => {
    const before = server.output().length;
    await new Promise<void>((resolve) => {
      const socket = net.connect(server.port, '127.0.0.1', () => {
        socket.write(`POST /login HTTP/1.1\r\nHost: ${HOST}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nemail=a`);
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 300);
      });
    });
    await expect.poll(() => server.output().slice(before), { timeout: 10_000 }).toMatch(/client disconnected/);
    expect(server.output().slice(before)).not.toMatch(/answered 5\d\d|failed:/);
  });
});

describe('demo mode is not for the internet (item 8)', () => {
  function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-demo-'));
    return new Promise((resolve) => {
      const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: dataDir, SKIP_SEED: '1', DATABASE_URL: '', ...env };
      delete childEnv.HOST;
      if (env.HOST) childEnv.HOST = env.HOST;
      const child = spawn(process.execPath, ['build/server.js'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      const collect = (data: Buffer) => {
        output += data.toString();
        if (/listening on http/.test(output)) child.kill('SIGTERM');
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve({ code, output });
      });
    });
  }

  it('listens on loopback by default', async () => {
    const { output } = await start({ NODE_ENV: 'production', DEMO: '1' });
    expect(output).toMatch(/listening on http:\/\/localhost:\d+ \(address 127\.0\.0\.1\)/);
    // A fresh embedded database, its migrations and the job queue's schema: over a minute on a busy 2-core machine.
  }, 180_000);

  it('refuses a public address unless DEMO_LISTEN_PUBLIC says so, and then warns', async () => {
    const refused = await start({ NODE_ENV: 'production', DEMO: '1', HOST: '0.0.0.0' });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/HOST: 0\.0\.0\.0 is not a loopback address.*DEMO_LISTEN_PUBLIC=1/);
    const allowed = await start({ NODE_ENV: 'production', DEMO: '1', DEMO_LISTEN_PUBLIC: '1' });
    expect(allowed.output).toMatch(/WARNING: listening on 0\.0\.0\.0/);
    expect(allowed.output).toMatch(/\(address 0\.0\.0\.0\)/);
  }, 300_000);

  it('refuses a real production start with a tenant on the sandbox provider', async () => {
    const { code, output } = await start({ NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-32-characters!!' });
    expect(code).toBe(1);
    // The tenant-file rules refuse it while loading, naming the file and the field (decision 0068).
    expect(output).toMatch(/Invalid tenant file .*tenants\/\w+\.json:\s+payments\.provider: the sandbox provider/);
  });
});
