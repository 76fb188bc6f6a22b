// Notification alerts and guards in Chromium (issue 24 items 3, 4, 6; docs/product.md §4): the push alert invites
// a member whose browser can take push and who has not subscribed, outside the notifications page,
// and stays dismissed; the disabled-notifications alert says why mail is off and what to do, and the
// activation reminder is not shown meanwhile; a failed chunk load reloads the page at most once per
// 60 s, then shows a translated error with a reload button; the news composer of the console
// previews and sends. Screenshots at 375 and 1280 px go to docs/screenshots/.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docScreenshot, launchBrowser, visit as openPage, watchConsole } from '../support/browser';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
const HOST = 'flirtlokaal.localhost';
const base = () => `http://${HOST}:${server.port}`;
const host = () => `${HOST}:${server.port}`;
const SECRET = 'feedback-secret-for-the-e2e-test-01';
const SHOTS = 'docs/screenshots';
let n = 0;

interface Member {
  session: { name: string; value: string };
  email: string;
}

/** A member signed up over the API, confirmed through the mailed link unless told otherwise. */
async function member(confirm = true): Promise<Member> {
  n++;
  const email = `alerts-e2e-${n}@example.com`;
  const res = await request(server.port, host(), '/api/signup.php', {
    method: 'POST',
    body: JSON.stringify({ email, name: `Fenna${String.fromCharCode(96 + n)}`, password: 'member password 1', date_of_birth: '1991-03-03', gender: 'female', seeking: 'male', country: 'NL', terms: true, orientation_consent: true }),
    headers: { 'content-type': 'application/json', origin: base(), 'x-forwarded-for': `10.2.0.${n}` },
  });
  expect(res.status).toBe(201);
  const [name, value] = String(res.headers['set-cookie']).split(';')[0]!.split('=') as [string, string];
  if (confirm) {
    const outbox = await request(server.port, host(), '/dev/outbox');
    const token = new RegExp(`data-to="${email}"[\\s\\S]*?/activate\\?token=([\\w-]+)`).exec(outbox.text)![1]!;
    await request(server.port, host(), `/activate?token=${token}`);
  }
  return { session: { name, value }, email };
}

async function contextFor(who: Member | null, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } });
  await context.addCookies([
    { name: 'locale', value: 'en', url: base() },
    { name: 'entry_warning_dismissed', value: String(Date.now()), url: base() },
    ...(who ? [{ ...who.session, url: base(), secure: true, httpOnly: true, sameSite: 'Lax' as const }] : []),
  ]);
  return context;
}

async function visit(context: BrowserContext, path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems = watchConsole(page);
  await openPage(page, `${base()}${path}`);
  return { page, problems };
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ TRUST_PROXY: 'loopback', DEMO: '1', MAIL_FEEDBACK_SECRET: SECRET }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('notification alerts in Chromium', () => {
  it('invites a member who can take push to turn it on, not on the notifications page, and stays dismissed', async () => {
    const fenna = await member();
    for (const width of [375, 1280]) {
      const context = await contextFor(fenna, width);
      // The page shows one alert at a time: the profile-photo alert (before push) was dismissed.
      await context.addInitScript(() => window.localStorage.setItem('rdv_alert_profile_photo', '1'));
      const { page, problems } = await visit(context, '/members');
      const alert = page.locator('[data-testid="push-alert"]');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('Turn on push messages');
      expect(await alert.locator('a').getAttribute('href')).toBe('/notifications');
      await docScreenshot(page, { path: `${SHOTS}/flirtlokaal-en-push-alert-${width}.png` });
      const onSettings = await visit(context, '/notifications');
      await onSettings.page.locator('h1').waitFor();
      expect(await onSettings.page.locator('[data-testid="push-alert"]').count()).toBe(0);
      await alert.locator('button').click();
      await alert.waitFor({ state: 'detached' });
      expect(Number(await page.evaluate(() => window.localStorage.getItem('rdv_alert_push')))).toBeGreaterThan(0);
      await page.reload({ waitUntil: 'networkidle' });
      await page.locator('main').waitFor();
      expect(await page.locator('[data-testid="push-alert"]').count()).toBe(0);
      expect([...problems, ...onSettings.problems]).toEqual([]);
      await context.close();
    }
  });

  it('tells a member whose mail bounced why notifications are off and what to do, without the activation reminder', async () => {
    const unconfirmed = await member(false);
    // Before the bounce the activation reminder shows.
    const before = await contextFor(unconfirmed, 1280);
    const first = await visit(before, '/members');
    await first.page.locator('[data-testid="activation-banner"]').waitFor();
    await before.close();
    const bounce = await request(server.port, host(), '/api/mail-feedback.php', {
      method: 'POST',
      body: JSON.stringify({ event: 'hard_bounce', recipient: unconfirmed.email }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
    });
    expect(bounce.json()).toEqual({ disabled: 1, ignored: 0 });
    for (const width of [375, 1280]) {
      const context = await contextFor(unconfirmed, width);
      const { page, problems } = await visit(context, '/members');
      const alert = page.locator('[data-testid="mail-off-alert"]');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('Our e-mails to your address could not be delivered');
      expect(await alert.locator('a').textContent()).toBe('Check your e-mail address');
      expect(await page.locator('[data-testid="activation-banner"]').count()).toBe(0);
      // One alert at a time: the photo and push alerts wait until this one is dismissed.
      expect(await page.locator('[data-testid="photo-alert"], [data-testid="push-alert"]').count()).toBe(0);
      await docScreenshot(page, { path: `${SHOTS}/flirtlokaal-en-mail-off-alert-${width}.png` });
      await alert.locator('button').click();
      await page.locator('[data-testid="photo-alert"]').waitFor();
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('reloads once after a failed chunk load, then within 60 s shows a translated error whose button reloads', async () => {
    const context = await contextFor(null, 1280);
    const page = await context.newPage();
    let loads = 0;
    // Document requests of the tab: the first load and every reload.
    page.on('request', (req) => {
      if (req.isNavigationRequest() && req.frame() === page.mainFrame()) loads++;
    });
    // Every script chunk fails, as after a deploy that removed the old files.
    await context.route(/\/assets\/.*\.js(\?.*)?$/, (route) => route.abort());
    // A page that starts its app at once (the visitor's home page sleeps until the visitor acts,
    // decision 0042; the guard then runs with the woken scripts).
    await page.goto(`${base()}/complaints`, { waitUntil: 'load' });
    const box = page.locator('[data-testid="chunk-error"]');
    await box.waitFor({ state: 'visible' });
    // The first load and one reload by the guard; no loop.
    expect(loads).toBe(2);
    expect(await box.textContent()).toContain('Part of this page could not be loaded');
    expect(await box.getAttribute('role')).toBe('alert');
    await docScreenshot(page, { path: `${SHOTS}/flirtlokaal-en-chunk-error-1280.png` });
    expect(await page.evaluate(() => Number(window.sessionStorage.getItem('rdv_chunk_reload_at')))).toBeGreaterThan(0);
    // The files are back: the button reloads into a working page.
    await context.unroute(/\/assets\/.*\.js(\?.*)?$/);
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle' }), box.locator('button').click()]);
    expect(await page.locator('[data-testid="chunk-error"]').isVisible()).toBe(false);
    // A dynamic import failing later (vite:preloadError) within 60 s of the guard's reload: the error, no reload.
    const before = loads;
    await page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })));
    await box.waitFor({ state: 'visible' });
    expect(loads).toBe(before);
    // More than 60 s after it (the stored time moved back): one reload again.
    await page.evaluate(() => window.sessionStorage.setItem('rdv_chunk_reload_at', String(Date.now() - 61_000)));
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })))]);
    expect(loads).toBe(before + 1);
    await context.close();
  });

  it('lets a marketer preview news as a member of another language gets it, and send it to all members', async () => {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await openPage(page, `${base()}/operator/login`);
      await page.locator('#email').fill('marketer@flirtlokaal.example');
      await page.locator('#password').fill('rendezvous-demo');
      await page.locator('main button[type="submit"]').click();
      await page.waitForURL(`${base()}/operator/marketing`);
      await page.locator('a[href="/operator/news"]').first().click();
      await page.waitForURL(`${base()}/operator/news`);
      await page.locator('[data-testid="news-subject-nl"]').fill('Nieuw: videochat');
      await page.locator('[data-testid="news-body-nl"]').fill('Vanaf vandaag kun je videochatten met je matches.\n\nProbeer het meteen!');
      await page.locator('select[name="preview_locale"]').selectOption('de');
      await page.locator('[data-testid="news-preview"]').click();
      const frame = page.frameLocator('[data-testid="news-preview-frame"]');
      await frame.locator('h1').waitFor();
      expect(await frame.locator('h1').textContent()).toBe('Nieuw: videochat');
      expect(await page.locator('[data-testid="news-subject-nl"]').inputValue()).toBe('Nieuw: videochat');
      // The viewport with the preview in it (a full-page picture stitches the sticky header into the middle).
      // On a phone the preview is under the form: scroll to it. On a wide screen both columns show from the top.
      if (width < 500) await page.locator('[data-testid="news-preview-frame"]').scrollIntoViewIfNeeded();
      else await page.evaluate(() => window.scrollTo(0, 0));
      await docScreenshot(page, { path: `${SHOTS}/flirtlokaal-nl-news-composer-${width}.png` });
      if (width === 1280) {
        await page.locator('[data-testid="news-send"]').click();
        await page.locator('[data-testid="news-result"]').waitFor();
        expect(await page.locator('[data-testid="news-result"]').textContent()).toMatch(/Het nieuws is onderweg naar de leden die nieuws ontvangen: \d+\./);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
