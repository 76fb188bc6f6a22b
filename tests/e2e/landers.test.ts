// Every lander and member landing (issue 23 items 1, 3, 8) in Chromium, in two tenants and two
// languages, at 375 and 1280 px: it renders in the lander layout with real profiles, no console
// error, no serious axe violation, and a call to action that opens the signup modal. Screenshots go
// to docs/screenshots/landers/ (the first tenant and language at both widths, the second at 375 px).
// The swipe lander asks to join after three swipes; a member landing's signup lands in that chat
// with the signup message as the first message.
import fs from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchConsole } from '../support/browser';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
const url = (tenant: string, path = '/') => `http://${tenant}.localhost:${server.port}${path}`;
const LANDERS = ['alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork', 'transitionsvideolanding', 'video', 'tinderswipe'];
const LANDINGS = ['landing', 'landing2', 'landing3'];
const CASES = [
  { tenant: 'flirtlokaal', locale: 'nl', slug: 'nearby', shots: [375, 1280] },
  { tenant: 'bellacurva', locale: 'it', slug: 'bbw-over-40', shots: [375] },
];
const profileOf: Record<string, number> = {};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  for (const { tenant } of CASES) {
    const list = await request(server.port, `${tenant}.localhost:${server.port}`, '/api/members.php');
    profileOf[tenant] = list.json<{ results: { id: number }[] }>().results[0]!.id;
  }
  fs.mkdirSync('docs/screenshots/landers', { recursive: true });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(tenant: string, locale: string, width: number, path: string): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } });
  await context.addCookies([
    { name: 'locale', value: locale, url: url(tenant) },
    { name: 'entry_warning_dismissed', value: String(Date.now()), url: url(tenant) },
  ]);
  const page = await context.newPage();
  const problems = watchConsole(page);
  const response = await page.goto(url(tenant, path), { waitUntil: 'networkidle' });
  expect(response?.status(), path).toBe(200);
  return { page, problems };
}

async function serious(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe.each(CASES)('landers of $tenant in $locale', ({ tenant, locale, slug, shots }) => {
  const paths = () => [
    ...LANDERS.map((lander) => ({ name: lander, path: lander === 'tinderswipe' ? `/landers/${lander}` : `/landers/${lander}/${slug}?network=e2e&ref=1` })),
    ...LANDINGS.map((landing) => ({ name: landing, path: `/members/${profileOf[tenant]}/${landing}${landing === 'landing' ? '' : `/${slug}`}` })),
  ];

  for (const width of [375, 1280]) {
    it(`renders every lander and landing at ${width} px: lander layout, profiles, axe clean, the call to action opens the signup modal`, async () => {
      for (const { name, path } of paths()) {
        const { page, problems } = await open(tenant, locale, width, path);
        expect(await page.locator('[data-layout="lander"]').count(), name).toBe(1);
        expect(await page.locator('main nav, [data-testid="member-tabs"], [data-testid="account-menu"]').count(), `${name} has no top navigation or account menu`).toBe(0);
        expect(await page.locator(`[data-design="${name}"]`).count(), name).toBe(1);
        expect(await page.locator('html').getAttribute('lang')).toBe(locale);
        expect(await serious(page), name).toEqual([]);
        if (shots.includes(width)) await page.screenshot({ path: `docs/screenshots/landers/${tenant}-${locale}-${name}-${width}.png`, fullPage: true });
        await page.locator('[data-testid="lander-cta"]').first().click();
        await page.locator('[data-testid="signup-modal"]').waitFor({ state: 'visible' });
        expect(problems, name).toEqual([]);
        await page.context().close();
      }
    }, 240_000);
  }
});

describe('the swipe lander', () => {
  it('lets a visitor swipe three cards, then asks them to join', async () => {
    const { page, problems } = await open('flirtlokaal', 'en', 375, '/landers/tinderswipe');
    await page.locator('[data-testid="swipe-like"]').click();
    await page.locator('[data-testid="swipe-pass"]').click();
    expect(await page.locator('[data-testid="signup-modal"]').isVisible()).toBe(false);
    await page.locator('[data-testid="swipe-like"]').click();
    await page.locator('[data-testid="signup-modal"]').waitFor({ state: 'visible' });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('the video landers', () => {
  it('show the poster first and play muted, looping video', async () => {
    for (const name of ['video', 'transitionsvideolanding']) {
      const { page } = await open('flirtlokaal', 'en', 1280, `/landers/${name}`);
      const video = page.locator('video');
      expect(await video.getAttribute('poster')).toMatch(/-poster\.webp$/);
      await page.waitForFunction(() => {
        const element = document.querySelector('video');
        return element !== null && element.muted && element.loop && element.currentTime > 0;
      });
      await page.context().close();
    }
  });
});
