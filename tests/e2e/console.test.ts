// The main pages in Chromium, as a visitor and as a free member, fail on any console error or React
// hydration warning (issue 10, docs/architecture.md §12); an error page reached by client-side navigation keeps
// the tenant's theme; a form whose action fails shows SPEC's error text inline. The session cookie
// is Secure only over https (decision 0069), so every browser keeps it on plain-HTTP `npm start`.
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit, wakeApp } from '../support/browser';
import { waitForLiveEvents } from '../support/live';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
const HOST = 'flirtlokaal.localhost';
const base = () => `http://${HOST}:${server.port}`;

beforeAll(async () => {
  // DEMO=1 seeds the README's demo accounts, the premium member among them.
  [server, browser] = await Promise.all([startServer({ DEMO: '1' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every console error, page error and hydration warning of a page. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text();
    // The 404 page's own status is no problem; anything else in red is.
    if (/status of 404/.test(text) && page.url().endsWith('/no-such-page')) return;
    if (message.type() === 'error' || /hydrat|did not match|Minified React error/i.test(text)) problems.push(`${page.url()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

async function context(): Promise<BrowserContext> {
  const created = await browser.newContext({ viewport: { width: 375, height: 800 } });
  await created.addCookies([
    { name: 'locale', value: 'en', url: base() },
    { name: 'entry_warning_dismissed', value: String(Date.now()), url: base() },
  ]);
  return created;
}

/** A fictional profile with more than 3 photos: a free member sees 3 of them (the #418 case). */
async function profileWithManyPhotos(): Promise<number> {
  const res = await request(server.port, `${HOST}:${server.port}`, '/api/members.php?country=NL');
  const ids = res.json<{ results: { id: number }[] }>().results.map((r) => r.id);
  for (const id of ids) {
    const page = await request(server.port, `${HOST}:${server.port}`, `/members/${id}`, { headers: { cookie: 'locale=en' } });
    if (page.text.includes('data-testid="more-photos"')) return id;
  }
  throw new Error('no profile with more than 3 photos');
}

const PAGES = ['/', '/members', '/login', '/signup', '/pages/terms', '/pricing', '/no-such-page'];
const MEMBER_PAGES = ['/', '/members', '/profile', '/notifications', '/likes', '/likes/matches', '/chats', '/swipe-game', '/match-finder', '/pages/faq', '/no-such-page'];

describe('the main pages in Chromium', () => {
  it('show no console error or hydration warning to a visitor', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    const problems = watch(page);
    const profile = await profileWithManyPhotos();
    for (const path of [...PAGES, `/members/${profile}`]) await visit(page, `${base()}${path}`);
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('show none to a free member either, whose session cookie is kept on http://*.localhost (Secure only over https)', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    const problems = watch(page);
    await visit(page, `${base()}/signup`);
    const signup = await page.evaluate(async () => {
      const res = await fetch('/api/signup.php', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'console@e2e.example', name: 'Consola', password: 'member password 1', date_of_birth: '1990-02-02', gender: 'female', seeking: 'male', country: 'NL', terms: true, orientation_consent: true }),
      });
      return res.status;
    });
    expect(signup).toBe(201);
    const session = (await ctx.cookies()).find((c) => c.name === 'rdv_session');
    expect(session).toMatchObject({ secure: false, httpOnly: true, sameSite: 'Lax' });
    const profile = await profileWithManyPhotos();
    for (const path of [...MEMBER_PAGES, `/members/${profile}`, `/members/${profile}/chat`]) {
      // A member's page keeps its live event stream open, so the network never goes idle: wait for
      // the stream instead (the 404 page has none).
      const notFound = path === '/no-such-page';
      await page.goto(`${base()}${path}`, { waitUntil: notFound ? 'networkidle' : 'load' });
      if (!notFound) await waitForLiveEvents(page);
    }
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('show none to a premium member (the demo account), who sees every photo of a profile', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    const problems = watch(page);
    await visit(page, `${base()}/login`);
    await page.locator('#email').fill('premium@flirtlokaal.example');
    await page.locator('#password').fill('rendezvous-demo');
    await page.locator('main button[type="submit"]').click();
    await page.waitForURL(`${base()}/`);
    const profile = await profileWithManyPhotos();
    for (const path of [...MEMBER_PAGES, `/members/${profile}`, `/members/${profile}/chat`]) {
      // A member's page keeps its live event stream open, so the network never goes idle: wait for
      // the stream instead (the 404 page has none).
      const notFound = path === '/no-such-page';
      await page.goto(`${base()}${path}`, { waitUntil: notFound ? 'networkidle' : 'load' });
      if (!notFound) await waitForLiveEvents(page);
    }
    expect(await page.locator('[data-testid="more-photos"]').count()).toBe(0);
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('keeps the tenant\'s theme on an error page reached by client-side navigation', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await visit(page, `${base()}/`);
    // The visitor's home page sleeps until the visitor acts (decision 0042): wake the app first.
    await wakeApp(page);
    const primary = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    // A Remix <Link> would navigate on the client: use the router the page already has.
    await page.evaluate(() => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate('/members/2147483647'));
    await page.locator('[data-testid="error-page"]').waitFor();
    const status = page.locator('[data-testid="error-page"] p').first();
    expect(await status.evaluate((el) => getComputedStyle(el).fontSize)).toBe('72px');
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toBe(primary);
    await ctx.close();
  });
});
