// The marketer's console over HTTP (issue 23 item 6, docs/decisions/0028) against the production
// build with the demo data: the demo marketer's console opens on the gallery and answers every page
// and the CSV; a free and a premium member get 404, the answering operator and the moderator 403,
// a visitor the console's login as on every console page (docs/decisions/0070) — and another site's
// marketer is a visitor here. A marketer's preview of a lander is no visit; landers may be framed by the site
// itself and answer ?lang= in that language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const host = (tenant = 'flirtlokaal') => `${tenant}.localhost:${server.port}`;
const PAGES = ['/operator/marketing', '/operator/marketing/funnel', '/operator/marketing/splits', '/operator/marketing/funnel.csv', '/operator/marketing/bursts.csv'];
/** The pages, their client-router data requests and a query: every shape a request for them can take. */
const TARGETS = [...PAGES, '/operator/marketing.data', '/operator/marketing/funnel.data', '/operator/marketing/splits.data', '/operator/marketing/funnel.csv?from=2026-01-01&to=2026-12-31', '/operator/marketing?lander=video&make=1&network=x'];

beforeAll(async () => {
  server = await startServer({ DEMO: '1' });
});

afterAll(async () => {
  await server?.stop();
});

async function logIn(path: string, email: string, tenant = 'flirtlokaal', cookieName = path === '/login' ? 'rdv_session' : 'rdv_operator'): Promise<string> {
  const res = await request(server.port, host(tenant), path, {
    method: 'POST',
    body: new URLSearchParams({ email, password: 'rendezvous-demo' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host(tenant)}` },
  });
  expect(res.status, `${email} logs in`).toBe(302);
  const cookie = [res.headers['set-cookie']].flat().map(String).find((c) => c.startsWith(`${cookieName}=`));
  expect(cookie).toBeDefined();
  return cookie!.split(';')[0]!;
}

const get = (path: string, cookie = '', tenant = 'flirtlokaal', headers: Record<string, string> = {}) => request(server.port, host(tenant), path, { headers: { cookie, 'user-agent': BROWSER_UA, ...headers } });

describe('who reaches the marketer console', () => {
  it('opens every page and the CSV to the demo marketer, whose console starts there', async () => {
    const marketer = await logIn('/operator/login', 'marketer@flirtlokaal.example');
    const home = await get('/operator', marketer);
    expect(home.status).toBe(302);
    expect(home.headers.location).toBe('/operator/marketing');
    for (const path of PAGES) expect((await get(path, marketer)).status, path).toBe(200);
    const gallery = await get('/operator/marketing', marketer);
    expect(gallery.text).toContain('href="/operator/marketing"');
    expect(gallery.text).not.toContain('href="/operator/team"');
    expect(gallery.text).toContain('<meta name="robots" content="noindex"/>');
    const csv = await get('/operator/marketing/funnel.csv?from=2026-01-01&to=2026-01-31', marketer);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="funnel-flirtlokaal-2026-01-01-2026-01-31.csv"');
    expect(csv.text.split('\r\n')[0]).toBe('lander,variant,network,ref,sub1,visits,signups,confirmed,first_purchases,signup_rate,purchase_rate');
  });

  it('answers a free member and a premium member 404 and the other roles 403, never with a redirect; a visitor goes to the login', async () => {
    const members = [await logIn('/login', 'member@flirtlokaal.example'), await logIn('/login', 'premium@flirtlokaal.example')];
    const staff = [await logIn('/operator/login', 'operator@flirtlokaal.example'), await logIn('/operator/login', 'moderator@flirtlokaal.example')];
    for (const target of TARGETS) {
      for (const [cookie, status] of [...members.map((m) => [m, 404] as const), ...staff.map((s) => [s, 403] as const)] as const) {
        const res = await get(target, cookie);
        expect(res.status, `${target} with ${cookie.split('=')[0] || 'no cookie'}`).toBe(status);
        expect(res.headers.location, target).toBeUndefined();
        expect(res.text).not.toContain('funnel-table');
      }
      const visitor = await get(target);
      expect(visitor.text).not.toContain('funnel-table');
      if (target.includes('.data')) expect(visitor.status, target).not.toBe(200);
      else {
        expect(visitor.status, target).toBe(302);
        expect(visitor.headers.location, target).toBe('/operator/login');
      }
    }
    // Their console shows no way there.
    const queue = await get('/operator', staff[0]!);
    expect(queue.status).toBe(200);
    expect(queue.text).not.toContain('/operator/marketing');
  });

  it("treats another site's marketer as a visitor", async () => {
    const theirs = await logIn('/operator/login', 'marketer@herzklopfen.example', 'herzklopfen');
    expect((await get('/operator/marketing', theirs, 'herzklopfen')).status).toBe(200);
    for (const target of TARGETS) {
      const res = await get(target, theirs);
      const visitor = await get(target);
      expect(res.status, target).toBe(visitor.status);
      expect(res.headers.location, target).toBe(visitor.headers.location);
      expect(res.text).not.toContain('funnel-table');
    }
  });
});

describe('landers for the marketer', () => {
  it("counts no visit for a marketer's preview, and one for a visitor", async () => {
    const marketer = await logIn('/operator/login', 'marketer@flirtlokaal.example');
    expect((await get('/landers/video?network=previewnet&sub1=own-view', marketer)).status).toBe(200);
    expect((await get('/landers/video?network=visitornet&sub1=real-view')).status).toBe(200);
    const csv = (await get('/operator/marketing/funnel.csv', marketer)).text;
    expect(csv).not.toContain('previewnet');
    // A lander without a slug serves the default variant, which the visit names.
    // No signups, so no purchase rate (decision 0069: per signup); no revenue either.
    expect(csv).toMatch(/^video,tonight,visitornet,\(none\),real-view,1,0,0,0,0,,0\.00,0\.0000\r?$/m);
    // Nor is a console page opened with a traffic source a visit.
    expect(csv).not.toMatch(/^,,x,/m);
  });

  it('counts 30 visits from one address with 30 user agents as one and shows the burst; 30 returning visitors stay 30 (decision 0055)', async () => {
    const marketer = await logIn('/operator/login', 'marketer@flirtlokaal.example');
    const agent = (n: number) => BROWSER_UA.replace('Chrome/131.0.0.0', `Chrome/131.0.${n}.0`);
    const cookies: string[] = [];
    for (let n = 0; n < 30; n++) {
      const res = await get('/landers/iconslanding?network=rotatornet', '', 'flirtlokaal', { 'user-agent': agent(n) });
      expect(res.status).toBe(200);
      cookies.push([res.headers['set-cookie']].flat().map(String).find((c) => c.startsWith('rdv_vid='))!.split(';')[0]!);
    }
    // The same 30 browsers come back, each with the visitor cookie its first visit got.
    for (const [n, cookie] of cookies.entries()) expect((await get('/landers/collagelanding?network=returnnet', cookie, 'flirtlokaal', { 'user-agent': agent(n) })).status).toBe(200);
    const csv = (await get('/operator/marketing/funnel.csv', marketer)).text;
    expect(csv).toMatch(/^iconslanding,[^,]*,rotatornet,\(none\),\(none\),1,/m);
    expect(csv).toMatch(/^collagelanding,[^,]*,returnnet,\(none\),\(none\),30,/m);
    const page = await get('/operator/marketing/funnel', marketer, 'flirtlokaal', { 'accept-language': 'en' });
    expect(page.text).toContain('data-testid="bursts-table"');
    expect(page.text).toMatch(/data-testid="burst-row"[\s\S]*?\/landers\/iconslanding[\s\S]*?127\.0\.0\.0\/24[\s\S]*?>30</);
    const bursts = await get('/operator/marketing/bursts.csv', marketer);
    expect(bursts.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(bursts.text).toMatch(/^iconslanding,\/landers\/iconslanding,127\.0\.0\.0\/24,30,\d{4}-/m);
    expect(bursts.text).not.toContain('collagelanding');
  });

  it('lets only the site itself frame a lander, and no other page', async () => {
    const lander = await get('/landers/video');
    expect(String(lander.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    const other = await get('/pricing');
    expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String((await get('/operator/login')).headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it("shows a lander in the tenant's language asked by ?lang= and keeps it for the visitor, not for an operator", async () => {
    const visitor = await get('/landers/gallery?lang=en');
    expect(visitor.text).toContain('<html lang="en"');
    expect([visitor.headers['set-cookie']].flat().map(String).some((c) => c.startsWith('locale=en;'))).toBe(true);
    const marketer = await logIn('/operator/login', 'marketer@flirtlokaal.example');
    const preview = await get('/landers/gallery?lang=en', marketer);
    expect(preview.text).toContain('<html lang="en"');
    expect([preview.headers['set-cookie']].flat().map(String).some((c) => c.startsWith('locale='))).toBe(false);
    // A language the tenant does not show changes nothing.
    expect((await get('/landers/gallery?lang=fi')).text).toContain('<html lang="nl"');
  });
});

describe('the split report and its switches (docs/decisions/0064)', () => {
  const post = (cookie: string, body: Record<string, string>, tenant = 'flirtlokaal') =>
    request(server.port, host(tenant), '/operator/marketing/splits', {
      method: 'POST',
      body: new URLSearchParams(body).toString(),
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host(tenant)}`, 'accept-language': 'en', 'user-agent': BROWSER_UA },
    });

  // The console speaks the operator's language: the demo marketer of FlirtLokaal reads Dutch.
  it('shows the split in auto mode with the probability of being best, the current weights and the history', async () => {
    const marketer = await logIn('/operator/login', 'marketer@flirtlokaal.example');
    const page = await get('/operator/marketing/splits', marketer, 'flirtlokaal', { 'accept-language': 'en' });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/data-testid="split-optimisation" data-split="spring" data-mode="auto"/);
    expect(page.text).toContain('Kans om de beste te zijn');
    expect(page.text).toContain('Huidig gewicht');
    // Computed at start: a weight history with its first change.
    expect(page.text).toContain('data-testid="weight-chart"');
    expect(page.text).toContain('Berekend bij de start');
  });

  it('lets the marketer freeze a variant and go back to fixed weights; refuses other roles and other sites', async () => {
    const marketer = await logIn('/operator/login', 'marketer@flirtlokaal.example');
    const answering = await logIn('/operator/login', 'operator@flirtlokaal.example');
    const otherSite = await logIn('/operator/login', 'marketer@herzklopfen.example', 'herzklopfen');
    expect((await post(answering, { intent: 'fixed', split: 'spring' })).status).toBe(403);
    for (const outsider of [otherSite, '']) {
      const refused = await post(outsider, { intent: 'fixed', split: 'spring' });
      expect(refused.status).toBe(302);
      expect(refused.headers.location).toBe('/operator/login');
    }
    expect((await post(marketer, { intent: 'freeze', split: 'spring', winner: 'nope' })).text).toContain('Deze variant hoort niet bij de split.');
    expect((await post(marketer, { intent: 'sideways', split: 'spring' })).status).toBe(400);

    const frozen = await post(marketer, { intent: 'freeze', split: 'spring', winner: 'tonight' });
    expect(frozen.status).toBe(200);
    expect(frozen.text).toContain('Split spring is beëindigd: tonight krijgt elke nieuwe bezoeker.');
    let page = await get('/operator/marketing/splits', marketer, 'flirtlokaal', { 'accept-language': 'en' });
    expect(page.text).toMatch(/data-split="spring" data-mode="frozen"/);
    expect(page.text).toMatch(/data-variant="tonight" data-weight="1\.0000"/);
    expect(page.text).toContain('zette de winnaar vast');
    // A fresh visitor of the split now gets tonight.
    const visitor = await get('/landers/video/spring');
    expect(visitor.status).toBe(200);

    const fixed = await post(marketer, { intent: 'fixed', split: 'spring' });
    expect(fixed.text).toContain('Split spring gebruikt weer de vaste gewichten uit het tenantbestand.');
    page = await get('/operator/marketing/splits', marketer, 'flirtlokaal', { 'accept-language': 'en' });
    expect(page.text).toMatch(/data-split="spring" data-mode="fixed"/);
    expect(page.text).toMatch(/data-variant="tonight" data-weight="0\.7500"/);
    expect(page.text).toContain('ging terug naar vaste gewichten');

    const auto = await post(marketer, { intent: 'auto', split: 'spring', goal: 'signups' });
    expect(auto.text).toContain('Split spring optimaliseert zichzelf nu');
  });
});
