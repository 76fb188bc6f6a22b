// Live events in Chromium (issue 14 item 6): a member's open page receives a like, a match and a new
// balance without a reload, through GET /api/events.php — not through the refresh schedule, whose
// first likes refresh only sets a baseline and whose next one is a minute away. At 375 px and 1280 px,
// without console errors.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docScreenshot, launchBrowser, watchConsole } from '../support/browser';
import { memberContext } from '../support/members';
import { waitForLiveEvents } from '../support/live';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
const HOST = 'flirtlokaal.localhost';
const base = () => `http://${HOST}:${server.port}`;
const host = () => `${HOST}:${server.port}`;
let n = 0;

interface Member {
  session: { name: string; value: string };
  cookie: string;
  profile: number;
  name: string;
}

const api = (who: Member, method: string, path: string, body: unknown) =>
  request(server.port, host(), path, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { 'content-type': 'application/json', origin: base(), cookie: `${who.cookie}; locale=en` } });

async function member(gender: 'male' | 'female'): Promise<Member> {
  n++;
  const name = `${gender === 'male' ? 'Joost' : 'Lotte'}${String.fromCharCode(96 + n)}`;
  const email = `live-e2e-${n}@example.com`;
  const res = await request(server.port, host(), '/api/signup.php', {
    method: 'POST',
    body: JSON.stringify({ email, name, password: 'member password 1', date_of_birth: '1990-05-05', gender, seeking: gender === 'male' ? 'female' : 'male', country: 'NL', terms: true, orientation_consent: true }),
    headers: { 'content-type': 'application/json', origin: base(), 'x-forwarded-for': `10.14.1.${n}` },
  });
  expect(res.status).toBe(201);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  const [cookieName, value] = cookie.split('=') as [string, string];
  const outbox = await request(server.port, host(), '/dev/outbox');
  const token = new RegExp(`data-to="${email}"[\\s\\S]*?/activate\\?token=([\\w-]+)`).exec(outbox.text)![1]!;
  await request(server.port, host(), `/activate?token=${token}`);
  const me = await request(server.port, host(), '/api/user.php', { headers: { cookie } });
  return { session: { name: cookieName, value }, cookie, profile: me.json<{ user: { profile: { id: number } } }>().user.profile.id, name };
}

async function buy(who: Member): Promise<void> {
  const created = await api(who, 'POST', '/api/payment.php', { package: 'popular', method: 'ideal' });
  expect(created.status).toBe(201);
  const { payment } = created.json<{ payment: { checkout_url: string } }>();
  const settled = await request(server.port, host(), new URL(payment.checkout_url).pathname, { method: 'POST', body: 'outcome=paid', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base(), cookie: who.cookie } });
  expect(settled.status).toBe(302);
}

const contextFor = (who: Member, width: number) => memberContext(browser, base(), who.session, { width });


beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ TRUST_PROXY: 'loopback' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('live events in Chromium', () => {
  it('shows a like and then a match in two open browsers at once, without a reload', async () => {
    const lotte = await member('female');
    const joost = await member('male');
    const [hers, his] = await Promise.all([contextFor(lotte, 375), contextFor(joost, 1280)]);
    const herPage = await hers.newPage();
    const hisPage = await his.newPage();
    const problems = [...watchConsole(herPage), ...watchConsole(hisPage)];
    await herPage.goto(`${base()}/members`);
    await hisPage.goto(`${base()}/members/${lotte.profile}`);
    await Promise.all([waitForLiveEvents(herPage), waitForLiveEvents(hisPage)]);
    const herUrl = herPage.url();

    // Joost likes Lotte from his browser: her page announces it.
    await hisPage.getByTestId('like').click();
    const modal = herPage.getByTestId('match-modal');
    await modal.waitFor();
    expect(await modal.getAttribute('data-kind')).toBe('new_like');
    expect(await modal.textContent()).toContain(joost.name);
    expect(herPage.url()).toBe(herUrl);
    await docScreenshot(herPage, { path: '/tmp/live-like-375.png' });
    await herPage.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    // Lotte likes him back (from another device, through the API): his page shows the match.
    expect((await api(lotte, 'POST', '/api/like.php', { profile: joost.profile })).json()).toEqual({ state: 'match' });
    const match = hisPage.getByTestId('match-modal');
    await match.waitFor();
    expect(await match.getAttribute('data-kind')).toBe('match');
    expect(await match.textContent()).toContain(lotte.name);
    // The profile behind it follows: its button says Matched now.
    await hisPage.locator('[data-testid="like"][data-state="match"]').waitFor();
    await docScreenshot(hisPage, { path: '/tmp/live-match-1280.png' });
    expect(problems).toEqual([]);
    await Promise.all([hers.close(), his.close()]);
  });

  it('updates the credits in the navigation when a purchase completes elsewhere, and stops streaming at logout', async () => {
    const buyer = await member('male');
    await buy(buyer);
    const context = await contextFor(buyer, 1280);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${base()}/members`);
    await waitForLiveEvents(page);
    const credits = async () => (await api(buyer, 'GET', '/api/user.php', undefined)).json<{ user: { credits: number } }>().user.credits;
    const nav = page.locator('header a[href="/credits"]').first();
    const before = await credits();
    await nav.getByText(`${before} credits`).waitFor();
    await buy(buyer);
    const after = await credits();
    expect(after).toBeGreaterThan(before);
    await nav.getByText(`${after} credits`).waitFor();
    // Logging out elsewhere ends this page's stream; the page switches to the visitor's navigation.
    await api(buyer, 'POST', '/api/logout.php', {});
    await page.waitForSelector('html[data-live-events="closed"]', { state: 'attached' });
    await nav.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
