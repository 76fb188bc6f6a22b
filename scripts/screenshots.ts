// npm run screenshots — docs/screenshots/: /, /pages/terms and a 404 for two tenants in two
// languages, and the member pages (the member list, a profile, My profile, Settings) of a logged-in
// member of two tenants, and the operator console (login, queue, a claimed conversation,
// statistics) of the demo operator, at 375 px (mobile) and 1280 px (desktop), from the production
// build in Chromium.
import fs from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser';
import { sessionCookie, signUpMember } from '../tests/support/members';
import { startServer, type RunningServer } from '../tests/support/server';

const SHOTS = [
  { tenant: 'flirtlokaal', locales: ['nl', 'en'] },
  { tenant: 'bellacurva', locales: ['es', 'it'] },
];
const PAGES = [
  { name: 'home', path: '/', fullPage: true },
  { name: 'terms', path: '/pages/terms', fullPage: false },
  { name: '404', path: '/this-page-does-not-exist', fullPage: false },
];
const MEMBER_SHOTS = [
  { tenant: 'flirtlokaal', locale: 'nl', country: 'NL', name: 'Sanne' },
  { tenant: 'solvhjerter', locale: 'da', country: 'DK', name: 'Birgitte' },
];
const WIDTHS = [375, 1280];

const viewport = (width: number) => ({ width, height: width < 500 ? 812 : 900 });

async function visitorShots(server: RunningServer, browser: Browser) {
  for (const { tenant, locales } of SHOTS) {
    for (const locale of locales) {
      for (const width of WIDTHS) {
        const context = await browser.newContext({ viewport: viewport(width) });
        const url = `http://${tenant}.localhost:${server.port}/`;
        await context.addCookies([
          { name: 'locale', value: locale, url },
          { name: 'entry_warning_dismissed', value: String(Date.now()), url },
        ]);
        const page = await context.newPage();
        for (const shot of PAGES) {
          await page.goto(`http://${tenant}.localhost:${server.port}${shot.path}`, { waitUntil: 'networkidle' });
          const file = `docs/screenshots/${tenant}-${locale}-${shot.name}-${width}.png`;
          await page.screenshot({ path: file, fullPage: shot.fullPage });
          console.log(file);
        }
        await context.close();
      }
    }
  }
}

/** A member with a photo (one of the demo pictures), as a real member would look after a day. */
async function memberShots(server: RunningServer, browser: Browser) {
  for (const { tenant, locale, country, name } of MEMBER_SHOTS) {
    const base = `http://${tenant}.localhost:${server.port}`;
    const member = await signUpMember(server, tenant, { name, country, gender: 'female', seeking: 'male' });
    const setUp = async (context: BrowserContext) => {
      await context.addCookies([
        { name: 'locale', value: locale, url: base },
        { name: 'entry_warning_dismissed', value: String(Date.now()), url: base },
        sessionCookie(server, tenant, member),
      ]);
    };
    const first = await browser.newContext({ viewport: viewport(1280) });
    await setUp(first);
    const page = await first.newPage();
    await page.goto(`${base}/members`, { waitUntil: 'networkidle' });
    const profileHref = await page.locator('[data-testid="profile-card"] a').first().getAttribute('href');
    const uploaded = await page.evaluate(async () => {
      const list = (await (await fetch('/api/members.php?gender=female')).json()) as { results: { main_image: { filename: string } | null }[] };
      const picture = list.results.find((card) => card.main_image)?.main_image?.filename;
      if (!picture) return 0;
      const form = new FormData();
      form.append('photo', await (await fetch(picture)).blob(), 'me.webp');
      return (await fetch('/api/photos.php', { method: 'POST', body: form })).status;
    });
    if (uploaded !== 201) throw new Error(`photo upload answered ${uploaded}`);
    await first.close();

    const pages = [
      { name: 'members', path: '/members' },
      { name: 'profile', path: profileHref ?? '/members' },
      { name: 'my-profile', path: '/profile' },
      { name: 'notifications', path: '/notifications' },
    ];
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: viewport(width) });
      await setUp(context);
      const shotPage = await context.newPage();
      for (const shot of pages) {
        await shotPage.goto(`${base}${shot.path}`, { waitUntil: 'networkidle' });
        const file = `docs/screenshots/${tenant}-${locale}-member-${shot.name}-${width}.png`;
        await shotPage.screenshot({ path: file });
        console.log(file);
      }
      await context.close();
    }
  }
}

/** The demo operator of FlirtLokaal: login, the queue, a claimed conversation and the statistics. */
async function operatorShots(server: RunningServer, browser: Browser) {
  const base = `http://flirtlokaal.localhost:${server.port}`;
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: viewport(width) });
    const page = await context.newPage();
    const file = (name: string) => `docs/screenshots/operator-${name}-${width}.png`;
    await page.goto(`${base}/operator/login`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: file('login') });
    await page.locator('#email').fill('operator@flirtlokaal.example');
    await page.locator('#password').fill('rendezvous-demo');
    await page.locator('main button[type="submit"]').click();
    await page.waitForURL(`${base}/operator`);
    await page.locator('[data-testid="queue"]').waitFor();
    await page.screenshot({ path: file('queue'), fullPage: true });
    await page.locator('[data-testid^="queue-item-"]').first().click();
    await page.waitForURL(/\/operator\/conversations\/\d+$/);
    await page.locator('[data-testid="claim"], [data-testid="renew"]').first().click();
    await page.locator('[data-testid="release"]').waitFor();
    await page.screenshot({ path: file('conversation'), fullPage: true });
    await page.goto(`${base}/operator/stats`, { waitUntil: 'domcontentloaded' });
    await page.screenshot({ path: file('stats'), fullPage: true });
    await context.close();
  }
}

/** The chat of the demo premium member (its demo conversations): the list, and a conversation beside it or alone. */
async function chatShots(server: RunningServer, browser: Browser) {
  for (const { tenant, locale } of [{ tenant: 'flirtlokaal', locale: 'nl' }, { tenant: 'herzklopfen', locale: 'de' }]) {
    const base = `http://${tenant}.localhost:${server.port}`;
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: viewport(width) });
      await context.addCookies([
        { name: 'locale', value: locale, url: base },
        { name: 'entry_warning_dismissed', value: String(Date.now()), url: base },
      ]);
      const page = await context.newPage();
      await page.goto(`${base}/pages/faq`, { waitUntil: 'networkidle' });
      const status = await page.evaluate(async (email) => (await fetch('/api/user.php', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'rendezvous-demo' }) })).status, `premium@${tenant}.example`);
      if (status !== 200) throw new Error(`demo login answered ${status}`);
      await page.goto(`${base}/chats`, { waitUntil: 'networkidle' });
      await page.screenshot({ path: `docs/screenshots/${tenant}-${locale}-chat-list-${width}.png` });
      await page.locator('[data-testid="chat-row"]').nth(1).click();
      await page.waitForURL(/\/chats\/\d+/);
      await page.locator('[data-testid="thread"]').waitFor();
      await page.waitForLoadState('networkidle');
      const file = `docs/screenshots/${tenant}-${locale}-chat-conversation-${width}.png`;
      await page.screenshot({ path: file });
      console.log(file);
      await context.close();
    }
  }
}

fs.mkdirSync('docs/screenshots', { recursive: true });
const [server, browser] = await Promise.all([startServer({ NODE_ENV: 'production', DEMO: '1', DATABASE_URL: '' }), launchBrowser()]);
try {
  await visitorShots(server, browser);
  await memberShots(server, browser);
  await operatorShots(server, browser);
  await chatShots(server, browser);
} finally {
  await browser.close();
  await server.stop();
}
