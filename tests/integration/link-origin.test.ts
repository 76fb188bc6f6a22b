// Issue 31 item 1 (docs/decisions/0036): every link the server builds comes from the tenant's own
// hosts, never from a forged Host. The server trusts its loopback proxy (TRUST_PROXY), the tenant
// comes from X-Forwarded-Host, and every request here carries `Host: evil.example:<port>`: the
// mailed links (activation, password reset, mail change, reactivation, operator invitation) and the
// checkout and return URLs must all point at the tenant's host. Bad forwarded headers answer 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitsNicheOf } from '../support/niche';
import { request, startServer, withServerDatabase, type RunningServer } from '../support/server';

let server: RunningServer;
const EVIL = 'evil.example';
const real = () => `flirtlokaal.localhost:${server.port}`;
const forgedHeaders = (extra: Record<string, string> = {}) => ({ 'x-forwarded-host': real(), 'x-forwarded-proto': 'http', origin: `http://${real()}`, ...extra });

/** A request as a forger sends it: the tenant's host forwarded, an evil Host. */
function forged(method: string, pathname: string, body: unknown, headers: Record<string, string> = {}) {
  const isForm = body instanceof URLSearchParams;
  return request(server.port, `${EVIL}:${server.port}`, pathname, {
    method,
    body: body === undefined ? undefined : isForm ? body.toString() : JSON.stringify(body),
    headers: forgedHeaders({ 'content-type': isForm ? 'application/x-www-form-urlencoded' : 'application/json', ...headers }),
  });
}

/** The hrefs of the newest mail to `to` in the development outbox. */
async function mailedLinks(to: string): Promise<string[]> {
  const outbox = await request(server.port, real(), '/dev/outbox');
  expect(outbox.status).toBe(200);
  const at = outbox.text.indexOf(`data-to="${to}"`);
  expect(at, `a mail to ${to}`).toBeGreaterThan(-1);
  const mail = outbox.text.slice(at, outbox.text.indexOf('data-to="', at + 1) === -1 ? undefined : outbox.text.indexOf('data-to="', at + 1));
  return [...mail.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

function expectOwnLinks(links: string[], path: string) {
  const wanted = links.filter((link) => link.includes(path));
  expect(wanted.length, `a link to ${path} in ${links.join(' ')}`).toBeGreaterThan(0);
  for (const link of wanted) expect(link.startsWith(`http://${real()}${path}`), link).toBe(true);
  for (const link of links) expect(link).not.toContain(EVIL);
}

const signupBody = (email: string) => ({
  email,
  name: email.split('@')[0]!.slice(0, 20),
  password: 'a good password',
  date_of_birth: '1980-03-03',
  gender: 'female',
  seeking: 'male',
  country: 'NL',
  ...fitsNicheOf('flirtlokaal', 'female'),
  terms: true,
  orientation_consent: true,
});

async function member(email: string): Promise<string> {
  const res = await forged('POST', '/api/signup.php', signupBody(email));
  expect(res.status, res.text).toBe(201);
  return String(res.headers['set-cookie']).split(';')[0]!;
}

beforeAll(async () => {
  server = await startServer({ DEMO: '1', TRUST_PROXY: 'loopback' });
});

afterAll(async () => {
  await server?.stop();
});

describe('links under a forged Host (TRUST_PROXY, X-Forwarded-Host of the tenant)', () => {
  it('the activation mail of a signup', async () => {
    await member('ada@links.example');
    expectOwnLinks(await mailedLinks('ada@links.example'), '/activate?token=');
  });

  it('the password reset mail (the account takeover of the issue)', async () => {
    await member('bea@links.example');
    const res = await forged('POST', '/api/password-reset.php', { email: 'bea@links.example' });
    expect(res.status, res.text).toBe(200);
    expectOwnLinks(await mailedLinks('bea@links.example'), '/reset-password/do?token=');
  });

  it('the mail change confirmation', async () => {
    const cookie = await member('cor@links.example');
    const res = await forged('POST', '/api/mail-change.php', { email: 'cor.new@links.example' }, { cookie });
    expect(res.status, res.text).toBe(200);
    expectOwnLinks(await mailedLinks('cor.new@links.example'), '/mail-change/do?token=');
  });

  it('the reactivation link of a deleted account', async () => {
    const cookie = await member('dirk@links.example');
    const res = await forged('POST', '/api/account-delete.php', { reason: 'time' }, { cookie });
    expect(res.status, res.text).toBe(200);
    expectOwnLinks(await mailedLinks('dirk@links.example'), '/reactivate?token=');
  });

  it('the operator invitation', async () => {
    const login = await forged('POST', '/operator/login', new URLSearchParams({ email: 'admin@flirtlokaal.example', password: 'rendezvous-demo' }));
    expect(login.status).toBe(302);
    const admin = [login.headers['set-cookie']].flat().map(String).find((c) => c.startsWith('rdv_operator='))!.split(';')[0]!;
    const params = new URLSearchParams({ intent: 'invite', email: 'eva@staff.example', name: 'Eva', language: 'en', roles: 'moderation' });
    const invited = await forged('POST', '/operator/team', params, { cookie: admin });
    expect(invited.status).toBe(200);
    expectOwnLinks(await mailedLinks('eva@staff.example'), '/operator/set-password?token=');
  });

  it('the checkout URL and the return URL of a payment', async () => {
    const cookie = await member('fem@links.example');
    const created = await forged('POST', '/api/payment.php', { package: 'popular', method: 'ideal' }, { cookie });
    expect(created.status, created.text).toBe(201);
    const checkout = created.json<{ payment: { checkout_url: string } }>().payment.checkout_url;
    expect(checkout.startsWith(`http://${real()}/sandbox/checkout/`), checkout).toBe(true);
    const settled = await forged('POST', new URL(checkout).pathname, new URLSearchParams({ outcome: 'paid' }), { cookie });
    expect(settled.status).toBe(302);
    const back = String(settled.headers.location);
    expect(back.startsWith('/') || back.startsWith(`http://${real()}/`), back).toBe(true);
  });

  it('javascript: or any other scheme from the proxy is never a link: 400, as is a forwarded host that is no host', async () => {
    for (const proto of ['javascript', 'ja va', 'https:', 'ftp']) {
      const res = await forged('POST', '/api/password-reset.php', { email: 'bea@links.example' }, { 'x-forwarded-proto': proto });
      expect(res.status, proto).toBe(400);
    }
    const badHost = await request(server.port, real(), '/', { headers: { 'x-forwarded-host': 'evil example' } });
    expect(badHost.status).toBe(400);
    expect(await mailedLinks('bea@links.example')).not.toContain('javascript');
  });

  it('a request on another of the tenant\'s hosts links there; one on a host that is not the tenant\'s gets the tenant\'s home', async () => {
    await member('gus@links.example');
    const other = await request(server.port, 'www.flirtlokaal.nl', '/api/password-reset.php', {
      method: 'POST',
      body: JSON.stringify({ email: 'gus@links.example' }),
      headers: { 'content-type': 'application/json', origin: 'http://www.flirtlokaal.nl' },
    });
    expect(other.status).toBe(200);
    expectLinksAt(await mailedLinks('gus@links.example'), 'http://www.flirtlokaal.nl/reset-password/do?token=');
  });

  it('the address stored with a session is a valid one, whatever X-Forwarded-For says', async () => {
    const res = await forged('POST', '/api/signup.php', signupBody('hal@links.example'), { 'x-forwarded-for': '10.77.18662.11' });
    expect(res.status, res.text).toBe(201);
    const { server: restarted, result } = await withServerDatabase(server, (db) =>
      db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').select('sessions.ip').where('users.email', '=', 'hal@links.example').execute(),
    );
    server = restarted;
    expect(result.length).toBeGreaterThan(0);
    for (const row of result) expect(row.ip).toMatch(/^(?:127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
  });
});

function expectLinksAt(links: string[], prefix: string) {
  expect(links.some((link) => link.startsWith(prefix)), links.join(' ')).toBe(true);
  for (const link of links) expect(link).not.toContain(EVIL);
}
