// npm run screenshots — docs/screenshots/: /, /pages/terms and a 404 for two tenants in two
// languages, and the member pages (the member list, a profile, My profile, Settings) of a logged-in
// member of two tenants, the operator console (login, queue, a claimed conversation, statistics) of
// the demo operator, and on the lived-in demo (its 60 days of history) the marketer's split report
// with the split optimising itself and the moderator's photo queue with the model's scores, at
// 375 px (mobile) and 1280 px (desktop), from the production build in Chromium.
// `npm run screenshots -- consoles chats` takes only those groups (visitors, members, operator,
// chats, consoles); without arguments, all of them.
import fs from 'node:fs';
import sharp from 'sharp';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser';
import { sessionCookie, signUpMember, type TestMember } from '../tests/support/members';
import { request, startServer, type RunningServer } from '../tests/support/server';

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

/** A staff member of FlirtLokaal logged in with the console in English. */
async function staffPage(server: RunningServer, browser: Browser, email: string, width: number) {
  const base = `http://flirtlokaal.localhost:${server.port}`;
  const context = await browser.newContext({ viewport: viewport(width) });
  const page = await context.newPage();
  await page.goto(`${base}/operator/login`, { waitUntil: 'networkidle' });
  await page.locator('#email').fill(email);
  await page.locator('#password').fill('rendezvous-demo');
  await Promise.all([page.waitForURL((url) => url.pathname !== '/operator/login'), page.locator('main button[type="submit"]').click()]);
  await page.locator('[data-testid="operator-language"]').selectOption('en');
  await Promise.all([page.waitForNavigation(), page.locator('form[action="/operator/language"] button').click()]);
  await page.locator('html[lang="en"]').waitFor();
  return { context, page, base };
}

/**
 * The lived-in demo's consoles for issue 47 (docs/decisions/0064, 0065): FlirtLokaal's split report
 * with `spring` optimising toward signups (the probability of being best, the current weights, the
 * weight history), and the moderator's photo queue with a new member's photo among the history's,
 * each with the model's five scores, in order of risk.
 */
async function consoleShots(server: RunningServer, browser: Browser) {
  // Right after the start the server is still screening the history's photos and may shed a request (503, overloaded): again a little later.
  let member: TestMember | undefined;
  for (let tries = 0; !member; tries++) {
    try {
      member = await signUpMember(server, 'flirtlokaal', { name: 'Marloes', country: 'NL', gender: 'female', seeking: 'male' });
    } catch (error) {
      if (tries > 10 || !/answered 503/.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  }
  const base = `http://flirtlokaal.localhost:${server.port}`;
  const picture = await sharp(Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="600"><rect width="480" height="380" fill="#5a2a2a"/><rect y="380" width="480" height="220" fill="#6b4f34"/><ellipse cx="170" cy="300" rx="110" ry="165" fill="#e0ac8a"/><ellipse cx="315" cy="300" rx="110" ry="165" fill="#d89c78"/></svg>`,
  )).jpeg({ quality: 85 }).toBuffer();
  const boundary = `----shots${Date.now()}`;
  const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), picture, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const uploaded = await request(server.port, `flirtlokaal.localhost:${server.port}`, '/api/photos.php', { method: 'POST', body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: base, cookie: member.session } });
  if (uploaded.status !== 201) throw new Error(`photo upload answered ${uploaded.status}`);
  const photo = uploaded.json<{ photo: { id: number } }>().photo.id;
  for (const width of WIDTHS) {
    const marketer = await staffPage(server, browser, 'marketer@flirtlokaal.example', width);
    await marketer.page.goto(`${base}/operator/marketing/splits`, { waitUntil: 'networkidle' });
    await marketer.page.locator('[data-testid="split-optimisation"][data-split="spring"]').screenshot({ path: `docs/screenshots/flirtlokaal-en-split-optimisation-${width}.png` });
    console.log(`docs/screenshots/flirtlokaal-en-split-optimisation-${width}.png`);
    await marketer.context.close();

    const moderator = await staffPage(server, browser, 'moderator@flirtlokaal.example', width);
    // Its scores arrive within seconds of the upload (the job runs off the request path).
    for (let tries = 0; ; tries++) {
      await moderator.page.goto(`${base}/operator/photos`, { waitUntil: 'networkidle' });
      if (await moderator.page.locator(`[data-testid="photo-${photo}"] [data-testid="photo-screening"][data-risk]`).count()) break;
      if (tries > 60) throw new Error('the new photo was not screened within a minute');
      await moderator.page.waitForTimeout(1000);
    }
    const file = `docs/screenshots/flirtlokaal-en-photo-screening-${width}.png`;
    await moderator.page.screenshot({ path: file, fullPage: true });
    console.log(file);
    await moderator.context.close();
  }
}

const GROUPS = { visitors: visitorShots, members: memberShots, operator: operatorShots, chats: chatShots, consoles: consoleShots } as const;
const chosen = process.argv.slice(2);
for (const name of chosen) if (!(name in GROUPS)) throw new Error(`no screenshot group ${name}: ${Object.keys(GROUPS).join(', ')}`);

fs.mkdirSync('docs/screenshots', { recursive: true });
// The demo as it starts in production: with its 60 days of history, which takes minutes on a busy machine.
const [server, browser] = await Promise.all([startServer({ NODE_ENV: 'production', DEMO: '1', DATABASE_URL: '' }, { startTimeoutMs: 900_000 }), launchBrowser()]);
try {
  for (const [name, shots] of Object.entries(GROUPS)) if (!chosen.length || chosen.includes(name)) await shots(server, browser);
} finally {
  await browser.close();
  await server.stop();
}
