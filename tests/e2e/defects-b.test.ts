// Issue 34 items 11, 18 and 19 in Chromium: a route chunk that fails during a navigation reloads the
// page once (not Remix's reload and the guard's), and a second failure within 60 s shows the error
// bar; the "New like!" modal waits while a navigation menu is open, so the menu's click lands; a
// visitor sent from a chat link to /login meets the entry warning the chat layout's rule asks for,
// and the complaint form is reachable without it. Screenshots at 375 and 1280 px go to docs/screenshots/.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docScreenshot, launchBrowser, visit, watchConsole } from '../support/browser';
import { waitForLiveEvents } from '../support/live';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
const HOST = 'flirtlokaal.localhost';
const base = () => `http://${HOST}:${server.port}`;
const host = () => `${HOST}:${server.port}`;
const SHOTS = 'docs/screenshots';
let n = 0;

interface Member {
  session: { name: string; value: string };
  profile: number;
}

async function member(gender: 'female' | 'male'): Promise<Member> {
  n++;
  const res = await request(server.port, host(), '/api/signup.php', {
    method: 'POST',
    body: JSON.stringify({
      email: `defects-b-e2e-${n}@example.com`, name: `Defectb${String.fromCharCode(96 + n)}`, password: 'member password 1', date_of_birth: '1990-04-04',
      gender, seeking: gender === 'female' ? 'male' : 'female', country: 'NL', terms: true, orientation_consent: true,
    }),
    headers: { 'content-type': 'application/json', origin: base(), 'x-forwarded-for': `10.34.0.${n}` },
  });
  expect(res.status).toBe(201);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  const [name, value] = cookie.split('=') as [string, string];
  const outbox = await request(server.port, host(), '/dev/outbox');
  const token = new RegExp(`data-to="defects-b-e2e-${n}@example.com"[\\s\\S]*?/activate\\?token=([\\w-]+)`).exec(outbox.text)![1]!;
  await request(server.port, host(), `/activate?token=${token}`);
  const me = await request(server.port, host(), '/api/user.php', { headers: { cookie } });
  return { session: { name, value }, profile: me.json<{ user: { profile: { id: number } } }>().user.profile.id };
}

async function contextFor(who: Member | null, width: number, options: { country?: string; entered?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 812 : 900 },
    ...(options.country ? { extraHTTPHeaders: { 'x-test-country': options.country } } : {}),
  });
  await context.addCookies([
    { name: 'locale', value: 'en', url: base() },
    ...(options.entered === false ? [] : [{ name: 'entry_warning_dismissed', value: String(Date.now()), url: base() }]),
    ...(who ? [{ ...who.session, url: base(), secure: true, httpOnly: true, sameSite: 'Lax' as const }] : []),
  ]);
  return context;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ TRUST_PROXY: 'loopback', COUNTRY_HEADER: 'x-test-country' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('item 11: a route chunk that fails during a navigation', () => {
  it('reloads the page once, and within 60 s of that shows the error bar instead of reloading', async () => {
    const context = await contextFor(await member('female'), 1280);
    const page = await context.newPage();
    let loads = 0;
    page.on('request', (req) => {
      if (req.isNavigationRequest() && req.frame() === page.mainFrame()) loads++;
    });
    await visit(page, `${base()}/likes`);
    expect(loads).toBe(1);
    // The next page's chunk is gone, as after a deploy.
    await context.route(/\/assets\/members\._index-[^/]*\.js(\?.*)?$/, (route) => route.abort());
    const link = page.locator('a[href="/members"]').first();
    await Promise.all([page.waitForEvent('load'), link.click()]);
    // Let a second reload, if any, happen.
    await page.waitForTimeout(3000);
    expect(loads).toBe(2);
    // A second failure within 60 s: the error bar, no reload.
    await page.locator('a[href="/members"]').first().click();
    const box = page.locator('[data-testid="chunk-error"]');
    await box.waitFor({ state: 'visible' });
    await page.waitForTimeout(2000);
    expect(loads).toBe(2);
    expect(await box.getAttribute('role')).toBe('alert');
    // More than 60 s later (the stored time moved back): one reload again, and only one.
    await page.evaluate(() => window.sessionStorage.setItem('rdv_chunk_reload_at', String(Date.now() - 61_000)));
    await page.reload({ waitUntil: 'networkidle' });
    const before = loads;
    await Promise.all([page.waitForEvent('load'), page.locator('a[href="/members"]').first().click()]);
    await page.waitForTimeout(3000);
    expect(loads).toBe(before + 1);
    await context.close();
  });
});

describe('item 18: the "New like!" modal and an open menu', () => {
  it('waits while the language menu is open, so the menu takes the click; it shows once the menu closes', async () => {
    for (const width of [375, 1280]) {
      const she = await member('female');
      const context = await contextFor(she, width);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await visit(page, `${base()}/members`);
      const menu = page.locator('[data-testid="language-menu"]');
      const modal = page.locator('[data-testid="match-modal"]');
      // The live stream is up before the like is sent (a fixed 1.5 s was not always enough in CI).
      await waitForLiveEvents(page);
      await menu.locator('summary').click();
      const first = await member('male');
      expect((await request(server.port, host(), '/api/like.php', { method: 'POST', body: JSON.stringify({ profile: she.profile }), headers: { 'content-type': 'application/json', origin: base(), cookie: `${first.session.name}=${first.session.value}` } })).status).toBe(200);
      await page.waitForTimeout(2500);
      expect(await modal.isVisible()).toBe(false);
      await docScreenshot(page, { path: `${SHOTS}/flirtlokaal-en-menu-before-like-modal-${width}.png` });
      // The menu closes: the like is announced.
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'visible' });
      await docScreenshot(page, { path: `${SHOTS}/flirtlokaal-en-like-modal-after-menu-${width}.png` });
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'hidden' });
      // Another like while the menu is open: the choice in the menu is made, not swallowed.
      await menu.locator('summary').click();
      const second = await member('male');
      await request(server.port, host(), '/api/like.php', { method: 'POST', body: JSON.stringify({ profile: she.profile }), headers: { 'content-type': 'application/json', origin: base(), cookie: `${second.session.name}=${second.session.value}` } });
      await page.waitForTimeout(2500);
      await Promise.all([page.waitForEvent('load'), menu.locator('button[value="nl"]').click()]);
      expect(await page.locator('html').getAttribute('lang')).toBe('nl');
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe('item 19: the entry warning', () => {
  it('shows on /login to a visitor from a chat link whom the chat layout\'s rule would warn', async () => {
    for (const width of [375, 1280]) {
      const context = await contextFor(null, width, { country: 'DE', entered: false });
      const page = await context.newPage();
      await visit(page, `${base()}/chats`);
      expect(new URL(page.url()).pathname).toBe('/login');
      await page.locator('[data-testid="entry-warning"]').waitFor({ state: 'visible' });
      await docScreenshot(page, { path: `${SHOTS}/flirtlokaal-en-login-from-chat-entry-warning-${width}.png` });
      await visit(page, `${base()}/members/1/chat`);
      expect(new URL(page.url()).pathname).toBe('/login');
      await page.locator('[data-testid="entry-warning"]').waitFor({ state: 'visible' });
      // A German visitor on a plain /login of this Dutch site: the tenant's countries (NL, BE) only.
      await visit(page, `${base()}/login`);
      await page.waitForTimeout(500);
      expect(await page.locator('[data-testid="entry-warning"]').isVisible()).toBe(false);
      await context.close();
    }
  });

  it('does not cover the complaint form for a first-time visitor', async () => {
    for (const width of [375, 1280]) {
      const context = await contextFor(null, width, { country: 'NL', entered: false });
      const page = await context.newPage();
      await visit(page, `${base()}/complaints`);
      await page.waitForTimeout(500);
      expect(await page.locator('[data-testid="entry-warning"]').isVisible()).toBe(false);
      await page.locator('main textarea').first().fill('A profile shows a picture of me that I never uploaded.');
      await docScreenshot(page, { path: `${SHOTS}/flirtlokaal-en-complaints-first-visit-${width}.png` });
      // Elsewhere the warning still greets the visitor.
      await visit(page, `${base()}/`);
      await page.locator('[data-testid="entry-warning"]').waitFor({ state: 'visible' });
      await context.close();
    }
  });
});
